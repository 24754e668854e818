// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder, type Order } from '#tests/factories/orders.ts';
import { testOrigin, withStaffApp } from '#tests/support/staff-app.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';

// 2,000 hostile bodies (fixed seed) at the public checkout and the staff API: valid bodies with one
// part replaced by something hostile, extra keys such as `__proto__`, random JSON and text that is
// not JSON. No answer may be a 500, and a refused body must change nothing.

const seed = 20261123;

/** Values that have broken servers: NUL, lone surrogates, prototype names, huge or odd numbers, wrong types. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Acme\u0000LLC',
    'a\uD800b',
    '\uDFFF',
    '\uDE00\uD83D',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    '   ',
    'x'.repeat(20_000),
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    '9'.repeat(40),
    '2026-02-30',
    'completed',
    Number.POSITIVE_INFINITY,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    null,
    true,
    [],
    {},
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\uD800', '\uDC00', 'a', 'é', '😀'), maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

type Json = Record<string, unknown>;

/** Every path in a JSON value (objects and arrays), the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  return [];
}

/** An own property, even named `__proto__` (plain assignment would set the prototype instead). */
function setOwn(target: object, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `base` with one path replaced, or one key added beside it. */
const mutationOf = (base: Json): fc.Arbitrary<unknown> =>
  fc.tuple(fc.nat(), hostileValue, fc.boolean(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'toString')).map(([pick, value, addKey, key]) => {
    const copy = structuredClone(base) as Json;
    const paths = pathsOf(copy);
    const path = paths[pick % paths.length]!;
    let parent: unknown = copy;
    for (const part of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[part];
    if (addKey && parent !== null && typeof parent === 'object') setOwn(parent, key, value);
    else setOwn(parent as object, path.at(-1)!, value);
    return copy;
  });

/** A body: mostly a mutated valid one; otherwise any JSON, or text that is not JSON. */
const bodyOf = (base: Json): fc.Arbitrary<{ raw: string }> =>
  fc.oneof(
    { weight: 8, arbitrary: mutationOf(base).map((value) => ({ raw: JSON.stringify(value) })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ raw: JSON.stringify(value) })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((raw) => ({ raw })) },
  );

describe.each(testDatabaseKinds)('fuzzing the checkout and the staff API (%s)', (kind) => {
  const harness = withStaffApp(kind);
  let cookie: string;
  let order: Order;
  let target: TestStaffMember;
  let nextAddress = 0;

  beforeAll(async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    target = await createStaffMember(harness.services, { role: 'fulfiller' });
    order = await createPaidOrder(harness.database.db, { assignedTo: admin.id, assignedAt: new Date() });
    cookie = admin.cookie;
  });

  /** Every table a request could write, summed up in one row. */
  async function snapshot(): Promise<string> {
    const result = await harness.database.db.execute(sql`
      select (select count(*) from checkouts) as checkouts, (select count(*) from orders) as orders,
             (select count(*) from "user") as users, (select count(*) from order_comments) as comments,
             (select count(*) from audit_log) as audits, (select count(*) from order_status_history) as history,
             (select max(updated_at)::text from orders) as orders_updated, (select max(updated_at)::text from "user") as users_updated,
             (select max(updated_at)::text from checkouts) as checkouts_updated`);
    return JSON.stringify('rows' in result ? result.rows : result);
  }

  const answers: number[] = [];
  const failures: string[] = [];

  async function send(method: 'GET' | 'POST' | 'PATCH', url: string, raw?: string, staff = true): Promise<LightMyRequestResponse> {
    nextAddress += 1;
    const response = await harness.app.inject({
      method,
      url,
      headers: { ...(staff ? { cookie, origin: testOrigin } : {}), ...(raw !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: raw,
      remoteAddress: `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`,
    });
    answers.push(response.statusCode);
    if (response.statusCode >= 500) failures.push(`${method} ${url} ${raw?.slice(0, 300)} → ${response.statusCode} ${response.body}`);
    return response;
  }

  /** Sends `runs` bodies; a refused one must leave the database as it was. */
  async function fuzz(runs: number, arbitrary: fc.Arbitrary<{ raw: string }>, request: (raw: string) => Promise<LightMyRequestResponse>) {
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ raw }) => {
        const before = await snapshot();
        const response = await request(raw);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(await snapshot()).toBe(before);
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
  }

  it('answers 2,000 hostile bodies without a 500, and a refused one changes nothing', async () => {
    const checkoutBase = { draftId: randomUUID(), email: 'fuzz@example.com', application: sampleApplication() } as Json;
    await fuzz(700, bodyOf(checkoutBase), (raw) => send('POST', '/api/checkout', raw, false));

    await fuzz(250, bodyOf({ text: 'Called the customer.' }), (raw) => send('POST', `/api/manage/orders/${order.id}/comments`, raw));

    const update = { status: 'preparing_ss4_form', priority: 'standard', assignedTo: null, notes: 'Checked the name.', ein: '' } as Json;
    await fuzz(300, bodyOf(update), (raw) => send('PATCH', `/api/manage/orders/${order.id}`, raw));

    const user = { name: 'Fuzzed Person', email: 'fuzzed@example.com', role: 'fulfiller', password: 'fuzzy walrus 92 bay', notificationEnabled: true, priorityFulfiller: false, suspended: false } as Json;
    await fuzz(250, bodyOf(user), (raw) => send('POST', '/api/manage/users', raw));
    await fuzz(250, bodyOf({ ...user, email: target.email, name: target.name, password: '' }), (raw) => send('PATCH', `/api/manage/users/${target.id}`, raw));

    // The search and the list's other parameters, as the query string carries them (raw escapes included).
    const queryValue = fc.oneof(
      hostileValue.map((value) => encodeURIComponent(typeof value === 'string' ? value.replace(/[\uD800-\uDFFF]/g, '') : JSON.stringify(value) ?? '')),
      fc.constantFrom('%00', '%ED%A0%80', '%F0%9F', '%', '%zz', 'a&search=b', '%C0%80'),
    );
    await fuzz(
      250,
      fc.record({ search: queryValue, status: queryValue, page: queryValue }).map((query) => ({ raw: `search=${query.search}&status=${query.status}&page=${query.page}` })),
      (raw) => send('GET', `/api/manage/orders?${raw}`),
    );

    expect(answers).toHaveLength(2_000);
    expect(failures).toEqual([]);
    // The fuzz reached past validation too: some bodies were accepted.
    expect(answers.filter((status) => status < 300).length).toBeGreaterThan(0);
  }, 120_000);
});
