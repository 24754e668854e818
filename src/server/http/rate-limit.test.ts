// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import type { Database } from '../db';
import { registerErrorHandler } from './error-handler';
import { registerRequestLocale } from './request-locale';
import { countHits, rateLimitedWith, registerRateLimit, type RateLimitOptions } from './rate-limit';

/** An app with four routes: limited with our message, limited with the default one (a second's and ten minutes' windows), and unlimited. */
async function buildLimitedApp(database: Database, options: RateLimitOptions & { trustProxy?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  registerErrorHandler(app);
  registerRequestLocale(app);
  await registerRateLimit(app, database, options);
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute', errorResponseBuilder: rateLimitedWith(() => 'Slow down, please.') } } }, async () => ({ ok: true }));
  app.get('/other', { config: { rateLimit: { max: 2, timeWindow: 1000 } } }, async () => ({ ok: true }));
  app.get('/long', { config: { rateLimit: { max: 1, timeWindow: '10 minutes' } } }, async () => ({ ok: true }));
  app.get('/open', async () => ({ ok: true }));
  await app.ready();
  return app;
}

function hit(app: FastifyInstance, url: string, remoteAddress = '203.0.113.7', headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, remoteAddress, headers });
}

async function counters(database: Database): Promise<{ key: string; count: number }[]> {
  const result = await database.db.execute(sql`select key, count from rate_limit_hits order by key`);
  return result.rows as { key: string; count: number }[];
}

describe.each(testDatabaseKinds)('rate limit on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildLimitedApp(database, { cleanupIntervalMs: Number.POSITIVE_INFINITY });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  beforeEach(async () => {
    await database.db.execute(sql`delete from rate_limit_hits`);
  });

  it('lets max requests through, then answers 429 in our error shape with Retry-After', async () => {
    for (let i = 1; i <= 3; i += 1) {
      const response = await hit(app, '/limited');
      expect(response.statusCode, `request ${i}`).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(3 - i));
    }
    const limited = await hit(app, '/limited');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: 'Slow down, please.' } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await counters(database)).toEqual([{ key: 'GET /limited|203.0.113.7', count: 4 }]);
  });

  it('counts each client on its own', async () => {
    for (let i = 0; i < 4; i += 1) await hit(app, '/limited', '203.0.113.7');
    expect((await hit(app, '/limited', '203.0.113.7')).statusCode).toBe(429);
    expect((await hit(app, '/limited', '198.51.100.20')).statusCode).toBe(200);
    // An IPv4 client reaching an IPv6 socket is the same client.
    expect((await hit(app, '/limited', '::ffff:203.0.113.7')).statusCode).toBe(429);
  });

  it('counts each route on its own and leaves routes without a limit alone', async () => {
    for (let i = 0; i < 4; i += 1) await hit(app, '/limited');
    expect((await hit(app, '/limited')).statusCode).toBe(429);
    expect((await hit(app, '/other')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await hit(app, '/open')).statusCode).toBe(200);
    expect((await hit(app, '/open')).headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('gives a clear default message to a route without its own', async () => {
    await hit(app, '/other');
    await hit(app, '/other');
    const limited = await hit(app, '/other');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests. Please wait a minute and try again.' } });
    expect(limited.headers['retry-after']).toBe('1');
  });

  it('answers in the language of the page that called, with the minutes left of a longer window', async () => {
    const spanish = { 'accept-language': 'es' };
    await hit(app, '/other', undefined, spanish);
    await hit(app, '/other', undefined, spanish);
    expect((await hit(app, '/other', undefined, spanish)).json()).toEqual({
      error: { code: 'rate_limited', message: 'Demasiadas solicitudes. Espere un minuto e inténtelo de nuevo.' },
    });
    await hit(app, '/long');
    expect((await hit(app, '/long')).json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests. Please wait 10 minutes and try again.' } });
    expect((await hit(app, '/long', undefined, spanish)).json()).toEqual({
      error: { code: 'rate_limited', message: 'Demasiadas solicitudes. Espere 10 minutos e inténtelo de nuevo.' },
    });
  });

  it('starts a new window once the old one is over', async () => {
    for (let i = 0; i < 4; i += 1) await hit(app, '/limited');
    expect((await hit(app, '/limited')).statusCode).toBe(429);
    await database.db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second'`);
    const response = await hit(app, '/limited');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-remaining']).toBe('2');
    expect(await counters(database)).toEqual([{ key: 'GET /limited|203.0.113.7', count: 1 }]);
  });

  it('resets a short window by itself', async () => {
    await hit(app, '/other');
    await hit(app, '/other');
    expect((await hit(app, '/other')).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await hit(app, '/other')).statusCode).toBe(200);
  });

  it('shares the counters between app instances on one database', async () => {
    const second = await buildLimitedApp(database, { cleanupIntervalMs: Number.POSITIVE_INFINITY });
    try {
      await hit(app, '/limited');
      await hit(second, '/limited');
      await hit(app, '/limited');
      expect((await hit(second, '/limited')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('counts concurrent hits exactly', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => hit(app, '/limited')));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(7);
    expect(await counters(database)).toEqual([{ key: 'GET /limited|203.0.113.7', count: 10 }]);
  });

  it('counts the hits of requests that arrive together in one statement, each client apart', async () => {
    const statements = vi.spyOn(database.db, 'execute');
    try {
      const clients = Array.from({ length: 20 }, (_, index) => `198.51.100.${index + 1}`);
      const responses = await Promise.all([...clients, ...clients].map((address) => hit(app, '/limited', address)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(200));
      expect(statements.mock.calls.length).toBeLessThan(10);
    } finally {
      statements.mockRestore();
    }
    const rows = await counters(database);
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.count === 2)).toBe(true);
  });

  it('answers each hit of a batch with the count it made, as if counted one after another', async () => {
    const window = 60_000;
    await database.db.execute(sql`insert into rate_limit_hits (key, count, reset_at) values ('b', 5, now() + interval '1 minute'), ('c', 9, now() - interval '1 second')`);
    const first = await countHits(database.db, [
      { key: 'a', timeWindowMs: window },
      { key: 'b', timeWindowMs: window },
      { key: 'a', timeWindowMs: window },
      { key: 'c', timeWindowMs: window },
      { key: 'a', timeWindowMs: window },
      { key: 'c', timeWindowMs: window },
    ]);
    // a is new, b goes on from 5, c's window was over so it starts again.
    expect(first.map((result) => result.current)).toEqual([1, 6, 2, 1, 3, 2]);
    for (const { ttl } of first) {
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(window);
    }
    const second = await countHits(database.db, [{ key: 'a', timeWindowMs: window }]);
    expect(second.map((result) => result.current)).toEqual([4]);
    expect(await counters(database)).toEqual([
      { key: 'a', count: 4 },
      { key: 'b', count: 6 },
      { key: 'c', count: 2 },
    ]);
  });

  it('keys clients by the forwarded address only when the proxy is trusted', async () => {
    const behindProxy = await buildLimitedApp(database, { cleanupIntervalMs: Number.POSITIVE_INFINITY, trustProxy: true });
    try {
      for (let i = 0; i < 3; i += 1) await hit(behindProxy, '/limited', '10.0.0.1', { 'x-forwarded-for': '192.0.2.1' });
      expect((await hit(behindProxy, '/limited', '10.0.0.1', { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(429);
      expect((await hit(behindProxy, '/limited', '10.0.0.1', { 'x-forwarded-for': '192.0.2.2' })).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
    // Not trusted: the header is ignored, so it cannot be used to dodge the limit.
    for (let i = 0; i < 3; i += 1) await hit(app, '/limited', '10.0.0.1', { 'x-forwarded-for': `192.0.2.${i + 10}` });
    expect((await hit(app, '/limited', '10.0.0.1', { 'x-forwarded-for': '192.0.2.99' })).statusCode).toBe(429);
  });

  it('deletes expired counters now and then', async () => {
    const cleaning = await buildLimitedApp(database, { cleanupIntervalMs: 0 });
    try {
      await database.db.execute(
        sql`insert into rate_limit_hits (key, count, reset_at) values ('GET /limited|192.0.2.50', 9, now() - interval '1 minute'), ('GET /limited|192.0.2.51', 2, now() + interval '1 minute')`,
      );
      await hit(cleaning, '/limited');
      await expect.poll(async () => (await counters(database)).map((row) => row.key)).toEqual(['GET /limited|192.0.2.51', 'GET /limited|203.0.113.7']);
    } finally {
      await cleaning.close();
    }
  });

  it('deletes expired counters once per interval, not on every hit', async () => {
    const intervalMs = 400;
    const cleaning = await buildLimitedApp(database, { cleanupIntervalMs: intervalMs });
    const deletes = vi.spyOn(database.db, 'delete');
    try {
      const clients = (offset: number) => Array.from({ length: 20 }, (_, index) => `198.51.100.${offset + index}`);
      await Promise.all(clients(1).map((address) => hit(cleaning, '/limited', address)));
      expect(deletes).not.toHaveBeenCalled();
      await new Promise((resolve) => setTimeout(resolve, intervalMs + 50));
      const startedAt = Date.now();
      await Promise.all(clients(30).map((address) => hit(cleaning, '/limited', address)));
      for (const address of clients(60)) await hit(cleaning, '/limited', address);
      // Once for the interval that ran out, and once more for each further interval these 40 hits took
      // (none on an idle machine): never once per hit.
      const intervalsSpent = Math.floor((Date.now() - startedAt) / intervalMs);
      expect(deletes.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(deletes.mock.calls.length).toBeLessThanOrEqual(1 + intervalsSpent);
    } finally {
      deletes.mockRestore();
      await cleaning.close();
    }
  });

  it('lets requests through when the counters cannot be reached', { timeout: 60_000 }, async () => {
    const broken = await openTestDatabase(kind);
    const brokenApp = await buildLimitedApp(broken, { cleanupIntervalMs: Number.POSITIVE_INFINITY });
    try {
      await broken.db.execute(sql`drop table rate_limit_hits`);
      for (let i = 0; i < 5; i += 1) expect((await hit(brokenApp, '/limited')).statusCode).toBe(200);
    } finally {
      await brokenApp.close();
      await broken.close();
    }
  });
});
