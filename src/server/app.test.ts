import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadEnv, type Env } from './env';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import type { Database } from './db';
import { designeeEnv } from '#tests/support/designee-env.ts';

function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ...overrides });
}

/** A stand-in for the built client: a shell with the real placeholder, and one hashed asset. */
function fakeClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ein-client-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--public-config--></head><body><div id="root"></div></body></html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  return dir;
}

describe.each(testDatabaseKinds)('server on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ env: testEnv(), database, clientDir: fakeClientDir() });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers the health check with the database kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers the public configuration, and nothing secret', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      supportEmail: 'support@einfilingservice.com',
      siteUrl: 'http://localhost:3000',
      gtmId: null,
      growthbook: null,
      priceCents: 14900,
      payments: { provider: 'test' },
      retention: { unpaidCheckoutHours: 72, orderDays: 2555, mailDays: 30 },
      // No figures, rating or testimonials unless the operator configured them (decision 035).
      claims: { businessesServed: null, rating: null, successRatePercent: null, testimonials: [] },
    });
  });

  it('applies the migrations, including the default standard price', async () => {
    const result = await database.db.execute(sql`select value from settings where key = 'ein_price_standard'`);
    expect(result.rows).toEqual([{ value: '149' }]);
  });

  it('serves the page shell with the public configuration for every non-API path', async () => {
    for (const url of ['/', '/faq', '/ein/step-3?x=1', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<script id="public-config" type="application/json">');
      expect(response.body).toContain('"supportEmail":"support@einfilingservice.com"');
      expect(response.body).not.toContain('<!--public-config-->');
    }
  });

  it('embeds the current price setting in the page and the configuration', async () => {
    await database.db.execute(sql`update settings set value = '199.50' where key = 'ein_price_standard'`);
    try {
      const page = await app.inject({ method: 'GET', url: '/ein/step-6' });
      expect(page.body).toContain('"priceCents":19950');
      const config = await app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().priceCents).toBe(19950);
    } finally {
      await database.db.execute(sql`update settings set value = '149' where key = 'ein_price_standard'`);
    }
  });

  it('serves built assets compressed with a year-long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('never serves the raw shell template', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain('<!--public-config-->');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such API route.' } });
  });

  it('answers a malformed body with a 400, not a 500', async () => {
    const echoApp = await buildApp({ env: testEnv(), database, clientDir: fakeClientDir() });
    echoApp.post('/api/test-echo', async (request) => request.body);
    const response = await echoApp.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    await echoApp.close();
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(response.body).not.toMatch(/at .*\.js/);
  });

  it('sends the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Inline styles only by hash (the toast library's own stylesheet) or by this response's nonce.
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-47DEQpj8HBSa\+\/TImW\+5JCeuQeRkm5NMpJWZG3hSuFU=' 'nonce-[0-9a-f]{32}';/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('googletagmanager');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('hands the page its own style nonce, new on every response', async () => {
    const nonces = [];
    for (let call = 0; call < 2; call += 1) {
      const response = await app.inject({ method: 'GET', url: '/ein/step-2' });
      const fromHeader = /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(fromHeader).toBeTruthy();
      expect(response.body).toContain(`<meta property="csp-nonce" nonce="${fromHeader}">`);
      nonces.push(fromHeader);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('configuration-dependent behaviour', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('sends HSTS in production', async () => {
    const app = await buildApp({ env: testEnv({ NODE_ENV: 'production', ...designeeEnv }), database, clientDir: fakeClientDir() });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it('opens the policy for the tag manager and GrowthBook only when they are configured', async () => {
    const app = await buildApp({
      env: testEnv({ GTM_ID: 'GTM-ABC123', GROWTHBOOK_CLIENT_KEY: 'sdk-key', GROWTHBOOK_API_HOST: 'https://flags.example.com' }),
      database,
      clientDir: fakeClientDir(),
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
    expect(csp).toContain('https://flags.example.com');
    expect(csp).not.toContain('stripe.com');
    expect(response.body).toContain('"gtmId":"GTM-ABC123"');
    expect(response.body).toContain('"growthbook":{"clientKey":"sdk-key","apiHost":"https://flags.example.com"}');
    await app.close();
  });

  it('offers Stripe to the browser, and opens the policy for Stripe.js, only with Stripe keys', async () => {
    const app = await buildApp({
      env: testEnv({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' }),
      database,
      clientDir: fakeClientDir(),
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src[^;]* https:\/\/hooks\.stripe\.com/);
    expect(response.body).toContain('"payments":{"provider":"stripe","publishableKey":"pk_test_123"}');
    expect(response.body).not.toContain('sk_test_123');
    expect(response.body).not.toContain('whsec_123');
    await app.close();
  });

  it('refuses half a set of Stripe keys', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together/);
  });

  it('escapes the embedded configuration so it cannot close its script element', async () => {
    const app = await buildApp({
      env: testEnv({ GROWTHBOOK_CLIENT_KEY: '</script><script>alert(1)</script>' }),
      database,
      clientDir: fakeClientDir(),
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.body).not.toContain('</script><script>alert(1)');
    await app.close();
  });

  it('says plainly when the client is not built', async () => {
    const app = await buildApp({ env: testEnv(), database, clientDir: path.join(tmpdir(), 'no-such-client-dir') });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    await app.close();
  });

  it('rejects an invalid environment with a readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty', GTM_ID: 'nope' })).toThrow(/PORT[\s\S]*GTM_ID/);
  });
});
