// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { auditLog } from '../db';
import { auditActions, recordAudit } from './record-audit';
import { createPaidOrder, type Order } from '#tests/factories/orders.ts';
import { applicationWithSsn, saveOrder } from '#tests/support/orders-api.ts';
import { newClientAddress, signInThroughBothSteps, staffInject, testOrigin, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { auditActionLabels, auditMessages, auditPageSize, type AuditResponse, type AuditRow } from '#shared/audit/audit.ts';
import { parseCsv } from '#tests/support/parse-csv.ts';

describe('audit action labels', () => {
  it('give every action the server writes a label of its own', () => {
    for (const action of auditActions) expect(Object.keys(auditActionLabels)).toContain(action);
    expect(new Set(Object.values(auditActionLabels)).size).toBe(Object.keys(auditActionLabels).length);
  });
});

describe.each(testDatabaseKinds)('GET /api/manage/audit and audit.csv on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  let fulfiller: SignedInMember;
  let order: Order;

  async function audit(query = ''): Promise<AuditResponse> {
    const response = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditResponse>();
  }

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin', name: 'Ada Admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Fred Fulfiller' });
    // The harness's sessions are direct; a sign-in through the routes writes its audit row.
    expect((await signInThroughBothSteps(harness.app, fulfiller)).statusCode).toBe(200);
    order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), assignedTo: fulfiller.id, assignedAt: new Date() });

    // The actions the screen must show, each made through its own route.
    expect((await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/ssn`)).statusCode).toBe(200);
    expect((await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${order.id}/ss4.pdf`)).statusCode).toBe(200);
    expect((await saveOrder(harness.app, admin.cookie, order.id, { status: 'preparing_ss4_form' })).statusCode).toBe(200);
    const created = await staffInject(harness.app, admin.cookie, 'POST', '/api/manage/users', {
      name: 'New Person',
      email: 'new-person@example.com',
      role: 'fulfiller',
      password: 'temporary pass 51 word',
      notificationEnabled: true,
      priorityFulfiller: false,
      suspended: false,
    });
    expect(created.statusCode).toBe(201);
    const failed = await harness.app.inject({
      method: 'POST',
      url: '/api/manage/session',
      headers: { origin: testOrigin },
      remoteAddress: newClientAddress(),
      payload: { email: fulfiller.email, password: 'not-the-password' },
    });
    expect(failed.statusCode).toBe(401);
  });

  it('lists SSN reveals, SS-4 downloads, status changes, user changes and sign-ins, newest first, with who, what, which order, when and where', async () => {
    const { rows, members } = await audit();
    const actions = rows.map((row) => row.action);
    expect(actions.slice(0, 5)).toEqual(['sign_in_failed', 'user_created', 'order_status_changed', 'ss4_downloaded', 'ssn_revealed']);
    expect(actions).toContain('sign_in');
    const times = rows.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);

    const reveal = rows.find((row) => row.action === 'ssn_revealed')!;
    expect(reveal).toMatchObject({
      actionLabel: 'SSN revealed',
      actor: { id: fulfiller.id, email: fulfiller.email, name: 'Fred Fulfiller' },
      order: { id: order.id, number: order.applicationId },
    });
    expect(reveal.ipAddress).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain('123456789');
    expect(rows.find((row) => row.action === 'sign_in_failed')).toMatchObject({ actor: null, order: null, target: fulfiller.email, actionLabel: 'Failed sign-in' });
    expect(members.map((member) => member.name)).toEqual(expect.arrayContaining(['Ada Admin', 'Fred Fulfiller', 'New Person']));
  });

  it('filters by member, action, order number and date range, and the filters combine', async () => {
    const byMember = await audit(`?member=${fulfiller.id}`);
    expect(byMember.rows.length).toBeGreaterThan(0);
    expect(byMember.rows.every((row) => row.actor?.id === fulfiller.id)).toBe(true);

    const byAction = await audit('?action=ss4_downloaded');
    expect(byAction.rows.map((row) => row.order?.id)).toEqual([order.id]);

    const byOrder = await audit(`?order=${order.applicationId.toLowerCase()}`);
    expect(byOrder.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['order_status_changed', 'ss4_downloaded', 'ssn_revealed']));
    expect(byOrder.rows.every((row) => row.order?.id === order.id)).toBe(true);
    expect((await audit('?order=NOSUCHORDER1')).rows).toEqual([]);

    const combined = await audit(`?member=${fulfiller.id}&action=ssn_revealed&order=${order.applicationId}`);
    expect(combined.rows.map((row) => row.action)).toEqual(['ssn_revealed']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).rows.length).toBeGreaterThan(5);
    expect((await audit('?from=2020-01-01&to=2020-12-31')).rows).toEqual([]);
    // A day is whole: a row at 23:59:59 UTC on the "To" day is in, one at midnight after is out.
    await recordAudit(harness.database.db, { actor: null, action: 'sign_out', target: 'day-edge' });
    await harness.database.db.execute(sql`update ${auditLog} set at = '2021-03-04T23:59:59.999999Z' where target = 'day-edge'`);
    await recordAudit(harness.database.db, { actor: null, action: 'sign_out', target: 'day-after' });
    await harness.database.db.execute(sql`update ${auditLog} set at = '2021-03-05T00:00:00Z' where target = 'day-after'`);
    expect((await audit('?from=2021-03-04&to=2021-03-04')).rows.map((row) => row.target)).toEqual(['day-edge']);
    expect((await audit('?from=2021-03-05&to=2021-03-05')).rows.map((row) => row.target)).toEqual(['day-after']);
  });

  it('refuses bad filters with a clear 400 and no database error', async () => {
    const cases: [string, string][] = [
      ['?from=2024-02-30', auditMessages.invalidDate],
      ['?from=yesterday', auditMessages.invalidDate],
      ['?from=2024-05-02&to=2024-05-01', auditMessages.dateRangeReversed],
      ['?after=bm90LWEtY3Vyc29y', auditMessages.invalidCursor],
      ["?after='%3Bdrop", auditMessages.invalidCursor],
      ['?member=%27%20or%201%3D1', auditMessages.invalidMember],
      [`?order=${'X'.repeat(65)}`, auditMessages.invalidOrder],
    ];
    for (const [query, message] of cases) {
      // The export is every page, so it reads no cursor.
      for (const path of query.startsWith('?after=') ? ['/api/manage/audit'] : ['/api/manage/audit', '/api/manage/audit.csv']) {
        const response = await staffInject(harness.app, admin.cookie, 'GET', `${path}${query}`);
        expect(response.statusCode, `${path}${query}`).toBe(400);
        const { error } = response.json<{ error: { message: string; fields?: Record<string, string[]> } }>();
        expect([error.message, ...Object.values(error.fields ?? {}).flat()]).toContain(message);
      }
    }
  });

  it('pages by (time, id): rows written in the same instant are each listed exactly once', async () => {
    const count = auditPageSize * 2 + 7;
    await harness.database.db.insert(auditLog).values(
      Array.from({ length: count }, (_, index) => ({ action: 'user_updated', target: `user:paging-${index}`, at: new Date('2022-06-01T12:00:00.123Z') })),
    );
    const seen: AuditRow[] = [];
    let query = '?action=user_updated&from=2022-06-01&to=2022-06-01';
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await audit(query);
      expect(page.rows.length).toBeLessThanOrEqual(auditPageSize);
      seen.push(...page.rows);
      if (!page.next) break;
      query = `?action=user_updated&from=2022-06-01&to=2022-06-01&after=${page.next}`;
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen.map((row) => row.id)).size).toBe(count);
    expect(seen.map((row) => row.id)).toEqual([...seen.map((row) => row.id)].sort((a, b) => b - a));
  });

  it('exports the filtered rows as CSV, quoted, with formula-like cells disarmed', async () => {
    const hostile = '=HYPERLINK("http://evil.example","click"), then\nmore';
    await recordAudit(harness.database.db, { actor: null, action: 'sign_in_failed', target: hostile, detail: { note: '+1, "quoted"' }, ipAddress: '@203.0.113.9' });
    await recordAudit(harness.database.db, { actor: null, action: 'sign_in_failed', target: '-2+3', ipAddress: '198.51.100.7' });

    const response = await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/audit.csv?action=sign_in_failed');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');

    const [header, ...records] = parseCsv(response.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Time (UTC)', 'Member', 'Member e-mail', 'Action', 'Action code', 'Order number', 'Order id', 'Target', 'Detail', 'IP address']);
    const column = (name: string) => header!.indexOf(name);
    expect(records.every((record) => record[column('Action code')] === 'sign_in_failed')).toBe(true);
    expect(records.map((record) => record[column('Target')])).toEqual(["'-2+3", `'${hostile}`, fulfiller.email]);
    expect(records[1]![column('Detail')]).toBe('Note: +1, "quoted"');
    expect(records[1]![column('IP address')]).toBe("'@203.0.113.9");
    expect(records[1]![column('Action')]).toBe('Failed sign-in');
  });

  it('exports each detail in words: amounts in dollars, statuses by name, accounts by name, no stored keys', async () => {
    await recordAudit(harness.database.db, { actor: null, action: 'refund_created', target: `order:${order.id}`, detail: { refundId: 41, amountCents: 14900, reason: 'duplicate_payment' } });
    await recordAudit(harness.database.db, { actor: null, action: 'order_assignment_changed', target: `order:${order.id}`, detail: { from: null, to: fulfiller.id } });
    const response = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/audit.csv?order=${order.applicationId}`);
    const [header, ...records] = parseCsv(response.body.replace(/^\uFEFF/, ''));
    const details = records.map((record) => record[header!.indexOf('Detail')]!);
    expect(details, JSON.stringify(details)).toContain('Refund: #41; Amount: $149.00; Reason: Duplicate payment');
    expect(details).toContain('From: nobody; To: Fred Fulfiller');
    expect(details).toContain('From: Reviewing Form Data; To: Preparing SS4 Form');
    // Every row this file's actions wrote: each fact's label is in words, never a stored key.
    const all = parseCsv((await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/audit.csv')).body.replace(/^\uFEFF/, ''));
    const labels = all.slice(1).flatMap((record) => [...record[header!.indexOf('Detail')]!.matchAll(/(?:^|; )([^:;]+):/g)].map((match) => match[1]!));
    expect(labels.length).toBeGreaterThan(5);
    for (const label of labels) expect(label, label).not.toMatch(/[a-z][A-Z]|_|Cents/);
  });

  it('exports every matching row, not only the first page', async () => {
    const response = await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/audit.csv?action=user_updated&from=2022-06-01&to=2022-06-01');
    expect(parseCsv(response.body.replace(/^\uFEFF/, ''))).toHaveLength(1 + auditPageSize * 2 + 7);
  });

  it('answers a fulfiller with 403 and nothing from the log, and records the refusal', async () => {
    for (const path of ['/api/manage/audit', '/api/manage/audit.csv']) {
      const response = await staffInject(harness.app, fulfiller.cookie, 'GET', path);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('ssn_revealed');
    }
    const { rows } = await audit(`?member=${fulfiller.id}&action=access_denied`);
    expect(rows[0]?.detail).toMatchObject({ reason: 'missing_permission:audit:read' });
  });
});
