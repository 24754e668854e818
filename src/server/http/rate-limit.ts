import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type errorResponseBuilderContext, type FastifyRateLimitStore } from '@fastify/rate-limit';
import DataLoader from 'dataloader';
import { lt, sql } from 'drizzle-orm';
import { rateLimitHits, type Database, type Db } from '../db';
import { AppError } from '../errors';
import { m } from '#shared/i18n/messages.ts';

// Rate limits that hold across every app instance: the counters live in the `rate_limit_hits`
// table, one row per route and client, so two servers behind one load balancer count together.
// Routes opt in with `config: { rateLimit: { max, timeWindow, errorResponseBuilder } }`.

type RateLimitErrorBuilder = (request: FastifyRequest, context: errorResponseBuilderContext) => AppError;

/**
 * A 429 with our error shape and the message `message` gives (the Retry-After header is set by the
 * plugin). The message is read when the limit is hit, so it speaks the request's language.
 */
export function rateLimitedWith(message: () => string): RateLimitErrorBuilder {
  return () => new AppError('rate_limited', message());
}

/** "Please wait a minute", or the whole minutes left when the window is longer, in the request's language. */
const defaultErrorBuilder: RateLimitErrorBuilder = (_request, context) => {
  const minutes = Math.ceil(context.ttl / 60_000);
  return new AppError('rate_limited', minutes <= 1 ? m.errors_rate_limited() : m.errors_rate_limited_minutes({ minutes }));
};

/** The part of the merged route options the store uses to tell routes apart. */
type RouteScope = {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
};

function scopeOf(options: RouteScope): string {
  // Routes of one group share a counter; the plugin has already appended the group id to the key.
  if (options.groupId) return 'group';
  const method = options.routeInfo?.method;
  const url = options.routeInfo?.url;
  if (!method || !url) return 'global';
  return `${Array.isArray(method) ? method.join(',') : method} ${url}`;
}

export type RateLimitOptions = {
  /**
   * How often each instance deletes the expired counters, on the first hit after the interval (a
   * minute unless told): the table stays small, and a crowd of new clients does not turn into a
   * delete over the whole table every few requests (decision 047).
   */
  cleanupIntervalMs?: number;
};

type CountResult = { current: number; ttl: number };

/** One hit of `key`, whose window lasts `timeWindowMs`. */
export type Hit = { key: string; timeWindowMs: number };

/**
 * Counts one hit of `key` in its window with a single atomic statement: a new or expired row starts
 * a new window at 1, a live one goes up by 1. The database's clock decides, so instances agree.
 */
export async function countHit(db: Db, key: string, timeWindowMs: number): Promise<CountResult> {
  const [result] = await countHits(db, [{ key, timeWindowMs }]);
  return result!;
}

/**
 * Counts many hits in one atomic statement, as `countHit` counts one: each key's hits are added
 * together (a key's window is that of its first hit), and each hit is answered with the count it
 * made, in order, as if they had been counted one after another.
 */
export async function countHits(db: Db, hits: readonly Hit[]): Promise<CountResult[]> {
  const perKey = new Map<string, { hits: number; timeWindowMs: number }>();
  for (const { key, timeWindowMs } of hits) {
    const entry = perKey.get(key);
    if (entry) entry.hits += 1;
    else perKey.set(key, { hits: 1, timeWindowMs });
  }
  const rows = sql.join(
    [...perKey].map(([key, { hits: count, timeWindowMs }]) => sql`(${key}, ${count}::int, now() + ${timeWindowMs}::double precision * interval '1 millisecond')`),
    sql`, `,
  );
  // (Written as SQL: the query builder's typed `returning` does not reach across both drivers' types.)
  const result = await db.execute(sql`
    insert into rate_limit_hits as hits (key, count, reset_at)
    values ${rows}
    on conflict (key) do update set
      count = case when hits.reset_at <= now() then excluded.count else least(hits.count, 2147483647 - excluded.count) + excluded.count end,
      reset_at = case when hits.reset_at <= now() then excluded.reset_at else hits.reset_at end
    returning key, count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::double precision as ttl`);
  const totals = new Map((result.rows as { key: string; count: number; ttl: number | string }[]).map((row) => [row.key, row]));
  const seen = new Map<string, number>();
  return hits.map(({ key }) => {
    const total = totals.get(key);
    if (!total) throw new Error('The rate-limit counter returned no row');
    const before = seen.get(key) ?? 0;
    seen.set(key, before + 1);
    // The key's count before this batch, plus this hit and the ones of the batch before it.
    return { current: Number(total.count) - perKey.get(key)!.hits + before + 1, ttl: Number(total.ttl) };
  });
}

/** Deletes the counters whose window is over. */
export async function deleteExpiredHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`));
}

/** Hits counted in one statement at most; more wait for the next. */
const hitsPerStatement = 500;

function databaseStore(db: Db, log: FastifyBaseLogger, cleanupIntervalMs: number) {
  // The hits of every request that arrives in one turn of the event loop go to the database in one
  // statement (decision 047): under load, one write for many requests instead of one each.
  const counter = new DataLoader<Hit, CountResult>((hits) => countHits(db, hits), { cache: false, maxBatchSize: hitsPerStatement, batchScheduleFn: setImmediate });
  let nextCleanupAt = Date.now() + cleanupIntervalMs;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: RouteScope = {}) {
      this.scope = scopeOf(options);
    }

    incr(key: string, callback: (error: Error | null, result?: CountResult) => void, timeWindow: number): void {
      counter.load({ key: `${this.scope}|${key}`, timeWindowMs: timeWindow }).then(
        (result) => callback(null, result),
        (error: unknown) => {
          // A counter we cannot reach must not take the page down: the request goes through (skipOnError).
          log.error({ err: error }, 'rate limit counter failed; letting the request through');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
      if (Date.now() >= nextCleanupAt) {
        nextCleanupAt = Date.now() + cleanupIntervalMs;
        deleteExpiredHits(db).catch((error: unknown) => log.error({ err: error }, 'could not delete expired rate limit counters'));
      }
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as RouteScope);
    }
  };
}

/**
 * Registers `@fastify/rate-limit` for the routes that ask for it, with the counters in the database.
 * The plugin's own key is the client's address: `request.ip` (which follows TRUST_PROXY), IPv4-mapped
 * addresses as IPv4 and IPv6 addresses by their /64 network, so one client cannot rotate addresses.
 */
export async function registerRateLimit(app: FastifyInstance, database: Database, options: RateLimitOptions = {}): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(database.db, app.log, options.cleanupIntervalMs ?? 60_000),
    skipOnError: true,
    errorResponseBuilder: defaultErrorBuilder,
  });
}
