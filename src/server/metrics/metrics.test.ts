// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { withStaffApp } from '#tests/support/staff-app.ts';
import { createPaidOrder, type Order } from '#tests/factories/orders.ts';
import { parseMetricsText, sampleValue, samplesOf, type MetricsText } from '#tests/support/prometheus-text.ts';
import { auditLog, emailOutbox, filings, inboundFaxes } from '../db';
import { enqueueEmail } from '../email';

// `GET /metrics` on a real app over real HTTP: refused without the token, not served without one
// configured, and after traffic every metric the operator's dashboards read is there, with values the
// stored rows and the requests made explain, and no label carrying an address's personal parts.

const token = randomBytes(24).toString('base64url');

describe.each(testDatabaseKinds)('GET /metrics on %s', (kind) => {
  const harness = withStaffApp(kind, { env: { METRICS_TOKEN: token }, listen: true });
  let order: Order;
  let metrics: MetricsText;

  const scrape = (authorization?: string) => fetch(`${harness.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    const { db } = harness.database;
    order = await createPaidOrder(db);
    const overdue = await createPaidOrder(db, { status: 'irs_overdue' });
    // An e-mail queued a minute and a half ago, and one sent (not counted).
    const queued = await enqueueEmail(db, { kind: 'order_confirmation', orderId: order.id, to: 'owner@example.com', subject: 'Queued', text: 'Queued', html: '<p>Queued</p>' });
    await db.update(emailOutbox).set({ createdAt: sql`now() - interval '90 seconds'` }).where(eq(emailOutbox.id, queued));
    const sent = await enqueueEmail(db, { kind: 'order_confirmation', orderId: order.id, to: 'owner@example.com', subject: 'Sent', text: 'Sent', html: '<p>Sent</p>' });
    await db.update(emailOutbox).set({ status: 'sent', sentAt: sql`now()`, createdAt: sql`now() - interval '1 hour'` }).where(eq(emailOutbox.id, sent));
    // Two fax filings waiting (one queued, one held), one given up, one delivered.
    await db.insert(filings).values([
      { orderId: order.id, method: 'fax', status: 'queued', attempts: 2 },
      { orderId: overdue.id, method: 'fax', status: 'held' },
      { orderId: overdue.id, method: 'fax', status: 'failed', attempts: 6 },
      { orderId: overdue.id, method: 'fax', status: 'delivered', attempts: 1 },
    ]);
    // Three failed attempts retried, one given up, as the fax outbox records them.
    await db.insert(auditLog).values([
      ...[1, 2, 3].map((attempt) => ({ action: 'fax_failed', target: `order:${overdue.id}`, detail: { attempt, retried: true } })),
      { action: 'fax_failed', target: `order:${overdue.id}`, detail: { attempt: 6, retried: false } },
    ]);
    // Fax-backs: one being read, two to match, one matched (not counted).
    const received = new Date();
    await db.insert(inboundFaxes).values(
      (['received', 'unmatched', 'unmatched', 'matched'] as const).map((status, index) => ({ provider: 'test', providerFaxId: `fax-${index}`, receivedAt: received, status })),
    );

    // Real traffic: a tracking lookup, a tracking number that is not an order, an API address that is
    // not there (the pages' catch-all refuses it), a POST no route answers, and the configuration twice.
    expect((await fetch(`${harness.baseUrl}/api/track/${order.applicationId}`)).status).toBe(200);
    expect((await fetch(`${harness.baseUrl}/api/track/ZZZZZZZZZZZZ`)).status).toBe(404);
    expect((await fetch(`${harness.baseUrl}/api/no-such-page/owner@example.com`)).status).toBe(404);
    expect((await fetch(`${harness.baseUrl}/api/no-such-route/${order.applicationId}`, { method: 'POST' })).status).toBe(404);
    for (let call = 0; call < 2; call += 1) expect((await fetch(`${harness.baseUrl}/api/config`)).status).toBe(200);

    const response = await scrape(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    metrics = parseMetricsText(await response.text());
  });

  it('refuses a scrape without the token, or with a wrong one, in the one error envelope', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `Basic ${token}`, token, 'Bearer ']) {
      const response = await scrape(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
    // The scheme's name is not case-sensitive.
    expect((await scrape(`bearer ${token}`)).status).toBe(200);
  });

  it('counts requests by method, route template and status, the unmatched ones under one label', () => {
    const count = (method: string, route: string, status: string) => sampleValue(metrics, 'ein_http_requests_total', { method, route, status });
    expect(count('GET', '/api/track/:number', '200')).toBe(1);
    expect(count('GET', '/api/track/:number', '404')).toBe(1);
    expect(count('GET', '/api/config', '200')).toBe(2);
    expect(count('POST', 'unmatched', '404')).toBe(1);
    expect(count('GET', '/*', '404')).toBe(1);
    const durations = samplesOf(metrics, 'ein_http_request_duration_seconds_count', { method: 'GET', route: '/api/track/:number', status: '200' });
    expect(durations.map((sample) => sample.value)).toEqual([1]);
    const slowest = sampleValue(metrics, 'ein_http_request_duration_seconds_sum', { method: 'GET', route: '/api/track/:number', status: '200' });
    expect(slowest).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(30);
    expect(metrics.types.get('ein_http_request_duration_seconds')).toBe('histogram');
  });

  it('reads the outboxes, the fax-backs and the overdue orders from the database', () => {
    expect(sampleValue(metrics, 'ein_email_outbox_depth')).toBe(1);
    const oldest = sampleValue(metrics, 'ein_email_outbox_oldest_age_seconds');
    expect(oldest).toBeGreaterThanOrEqual(89);
    expect(oldest).toBeLessThan(300);
    expect(sampleValue(metrics, 'ein_fax_outbox_depth', { status: 'queued' })).toBe(1);
    expect(sampleValue(metrics, 'ein_fax_outbox_depth', { status: 'held' })).toBe(1);
    expect(sampleValue(metrics, 'ein_fax_retries_total')).toBe(3);
    expect(sampleValue(metrics, 'ein_fax_given_up_total')).toBe(1);
    expect(metrics.types.get('ein_fax_retries_total')).toBe('counter');
    expect(sampleValue(metrics, 'ein_fax_backs_unmatched', { status: 'received' })).toBe(1);
    expect(sampleValue(metrics, 'ein_fax_backs_unmatched', { status: 'unmatched' })).toBe(2);
    expect(sampleValue(metrics, 'ein_orders_irs_overdue')).toBe(1);
  });

  it('follows the outbox as it empties', async () => {
    await harness.database.db.update(emailOutbox).set({ status: 'sent', sentAt: sql`now()` }).where(eq(emailOutbox.status, 'queued'));
    const after = parseMetricsText(await (await scrape(`Bearer ${token}`)).text());
    expect(sampleValue(after, 'ein_email_outbox_depth')).toBe(0);
    expect(sampleValue(after, 'ein_email_outbox_oldest_age_seconds')).toBe(0);
    // The scrape before this one is counted too.
    expect(sampleValue(after, 'ein_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(2);
  });

  it('reports the database\'s connections and the process\'s own figures', () => {
    expect(sampleValue(metrics, 'ein_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    if (kind === 'postgres') {
      expect(sampleValue(metrics, 'ein_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(metrics, 'ein_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(sampleValue(metrics, 'ein_db_pool_connections', { state: 'total' })).toBe(1);
    }
    expect(sampleValue(metrics, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(metrics, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(samplesOf(metrics, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(metrics.help.get('ein_job_lag_seconds')).toBeDefined();
  });

  it('puts no tracking number, e-mail address or raw address in any label', () => {
    const values = metrics.samples.flatMap((sample) => Object.values(sample.labels));
    expect(values.length).toBeGreaterThan(50);
    for (const value of values) {
      expect(value).not.toContain(order.applicationId);
      expect(value).not.toContain('ZZZZZZZZZZZZ');
      expect(value).not.toMatch(/@/);
      // A tracking number's shape: 12 capitals and digits with a digit among them.
      expect(value).not.toMatch(/\b(?=[A-Z0-9]*\d)[A-Z0-9]{12}\b/);
    }
    const routes = new Set(samplesOf(metrics, 'ein_http_requests_total').map((sample) => sample.labels.route));
    expect([...routes].filter((route) => route !== 'unmatched' && !route?.startsWith('/'))).toEqual([]);
  });
});

describe.each(testDatabaseKinds)('GET /metrics without METRICS_TOKEN on %s', (kind) => {
  const harness = withStaffApp(kind);

  it('is not served: 404 with or without a token, and nothing is counted', async () => {
    for (const authorization of [undefined, `Bearer ${token}`]) {
      const response = await harness.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      expect(response.headers['www-authenticate']).toBeUndefined();
    }
  });
});
