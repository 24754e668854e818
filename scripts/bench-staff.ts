// The staff panel's part of `npm run bench`: what a staff password costs to hash and check, and how
// fast the orders list, an order and the users list answer over real HTTP with 10,000 and 100,000
// orders in PostgreSQL (`BENCH_ORDERS=1000000`, or a comma-separated list, for other volumes; 10,000
// is always measured, as the base of the ratios). Each volume is seeded in a schema of its own with
// an app of its own, all dropped afterwards, so no real data is read or touched. The calls take turns
// between the volumes, so the load of a shared machine weighs on each volume alike. A last table
// puts each call's median at every volume side by side with its ratio to 10,000.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildAppWithServices } from '#server/app.ts';
import { hashPassword, verifyPassword } from '#server/staff/index.ts';
import { openDatabase, orders, type Database } from '#server/db/index.ts';
import { loadEnv } from '#server/env.ts';
import { createStaffMember, type TestStaffMember, cookieHeaderOf } from '#tests/factories/staff.ts';
import { totpCodeOf } from '#tests/support/totp.ts';
import type { OrderListResponse } from '#shared/fulfilment/orders.ts';
import { findAssignees, seedOrders, settleTables } from '#tests/factories/seed-orders.ts';
import { refreshDashboard } from '#server/dashboard/index.ts';
import { printFigure, timeCallsInTurn, timeRuns } from './bench-timing';
import { designeeEnv } from '#tests/support/designee-env.ts';

const callsPerCase = 50;

export async function benchPasswordHashing(): Promise<void> {
  console.log('\nStaff passwords (argon2id, 19 MiB, 2 passes, 1 lane)');
  const password = 'correct horse battery staple';
  const hashes: string[] = [];
  await timeRuns('hash', 20, async () => {
    hashes.push(await hashPassword(password));
  });
  await timeRuns('verify (right password)', 20, async (index) => {
    if (!(await verifyPassword({ hash: hashes[index] ?? '', password }))) throw new Error('A fresh hash did not verify');
  });
}

/** The PostgreSQL the staff API is measured on, or null when none is configured. */
function benchDatabaseUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

export async function benchStaffApi(): Promise<void> {
  const url = benchDatabaseUrl();
  if (!url) {
    console.log('\nStaff API: skipped, because neither BENCH_DATABASE_URL nor TEST_DATABASE_URL names a PostgreSQL database to measure on');
    return;
  }
  const volumes = benchVolumes(process.env.BENCH_ORDERS);
  const prepared: PreparedVolume[] = [];
  try {
    for (const volume of volumes) prepared.push(await prepareVolume(url, volume));
    printRatios(volumes, await measureInTurn(prepared));
  } finally {
    for (const volume of prepared) await volume.close();
  }
}

/** 10,000 and the volumes asked for (default 100,000), in increasing order. */
export function benchVolumes(asked: string | undefined): number[] {
  const extra = (asked ?? '100000')
    .split(',')
    .map((value) => Number(value.trim().replace(/_/g, '')))
    .filter((value) => Number.isInteger(value) && value > 0);
  if (extra.length === 0) throw new Error(`BENCH_ORDERS must be a whole number of orders, or several separated by commas (got "${asked}")`);
  return [...new Set([10_000, ...extra])].sort((a, b) => a - b);
}

function printRatios(volumes: number[], medians: Map<string, Map<number, number>>): void {
  const format = new Intl.NumberFormat('en-US');
  console.log(`\nStaff API medians by volume (ratio to 10,000)`);
  console.log(`  ${'call'.padEnd(60)} ${volumes.map((volume) => format.format(volume).padStart(20)).join('')}`);
  for (const [label, byVolume] of medians) {
    const base = byVolume.get(10_000);
    const cells = volumes.map((volume) => {
      const median = byVolume.get(volume);
      if (median === undefined) return '—'.padStart(20);
      const ratio = base && volume !== 10_000 ? ` (${(median / base).toFixed(1)}×)` : '';
      return `${median.toFixed(1)} ms${ratio}`.padStart(20);
    });
    console.log(`  ${label.padEnd(60)} ${cells.join('')}`);
  }
}

/** A PostgreSQL database in a fresh schema (tables made by the migrations), dropped on close. */
async function openScratchDatabase(url: string): Promise<{ database: Database; searchPath: string; close: () => Promise<void> }> {
  const searchPath = `bench_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ kind: 'postgres', url, searchPath });
  return {
    database,
    searchPath,
    close: async () => {
      await database.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS "${searchPath}" CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

type Sample = { id: number; applicationId: string; billingEmail: string; companyName: string };

/** Orders the member can see, drawn at random: real ids and real fragments to search for. */
async function sampleOrders(database: Database, count: number, assignedTo: string | null): Promise<Sample[]> {
  const result = await database.db.execute(sql`
    select id, application_id, billing_email, form_data -> 'company' ->> 'companyName' as company_name from ${orders}
    where ${assignedTo}::text is null or assigned_to = ${assignedTo}
    order by random() limit ${count}`);
  const rows = result.rows as { id: number; application_id: string; billing_email: string; company_name: string }[];
  if (rows.length === 0) throw new Error('No seeded orders to sample');
  return rows.map((row) => ({ id: Number(row.id), applicationId: row.application_id, billingEmail: row.billing_email, companyName: row.company_name }));
}

/** What someone typing part of an e-mail would type: the surname and the digits, less the last one (`garcia5319`). */
function emailFragment(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local.slice(local.indexOf('.') + 1, -1);
}

/** Six characters from the middle of a tracking number. */
function trackingFragment(applicationId: string): string {
  return applicationId.slice(3, 9);
}

function matchedNote(bodies: string[]): string {
  const totals = bodies.map((body) => (JSON.parse(body) as OrderListResponse).total);
  const low = Math.min(...totals);
  const high = Math.max(...totals);
  return low === high ? `${low} matched` : `${low}-${high} matched`;
}

type MemberAtVolume = {
  role: 'admin' | 'fulfiller';
  get: (urlPath: string) => Promise<Response>;
  samples: Sample[];
  /** The key of the second page, as the first page gives it. */
  nextCursor: number | null;
};

type PreparedVolume = { volume: number; admin: MemberAtVolume; fulfiller: MemberAtVolume; close: () => Promise<void> };

/** A schema with `orderCount` seeded orders, an app over it listening on a port, and a signed-in admin and fulfiller. */
async function prepareVolume(url: string, orderCount: number): Promise<PreparedVolume> {
  const scratch = await openScratchDatabase(url);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-bench-staff-'));
  const { database } = scratch;
  let app: Awaited<ReturnType<typeof buildAppWithServices>>['app'] | null = null;
  const close = async () => {
    await app?.close();
    await scratch.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const version = await database.db.execute(sql`show server_version`);
    const serverVersion = (version.rows[0] as { server_version?: string } | undefined)?.server_version ?? '?';
    console.log(`\nStaff API with ${orderCount.toLocaleString('en-US')} orders (PostgreSQL ${serverVersion}, schema ${scratch.searchPath})`);

    // Behind a trusted proxy, as in the public part: each call comes from an address of its own.
    const env = loadEnv({ NODE_ENV: 'production', TRUST_PROXY: '1', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), ...designeeEnv });
    const built = await buildAppWithServices({ env, database, clientDir: path.join(dataDir, 'no-client') });
    app = built.app;
    const { services } = built;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    // A small team: the orders are spread over one admin and four fulfillers.
    const admin = await createStaffMember(services, { role: 'admin', name: 'Bench Admin' });
    const fulfiller = await createStaffMember(services, { role: 'fulfiller', name: 'Bench Fulfiller' });
    for (let index = 2; index <= 4; index += 1) await createStaffMember(services, { role: 'fulfiller', name: `Bench Fulfiller ${index}` });

    const seeded = await seedOrders(database, { count: orderCount, assigneeIds: await findAssignees(database) });
    const settleStarted = performance.now();
    await settleTables(database);
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const rebuilt = seeded.deferred > 0 ? ` (${(seeded.rebuildMilliseconds / 1000).toFixed(1)} s of it making ${seeded.deferred} indexes and foreign keys again)` : '';
    printFigure(
      'seed (tests/factories/seed-orders.ts)',
      `${(seeded.milliseconds / 1000).toFixed(1)} s for ${seeded.inserted} orders with their checkouts${rebuilt}, then ${settleSeconds.toFixed(1)} s of VACUUM ANALYZE; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`,
    );
    const sizes = await database.db.execute(
      sql`select pg_size_pretty(pg_total_relation_size('orders')) as orders, pg_size_pretty(pg_total_relation_size('checkouts')) as checkouts`,
    );
    const size = sizes.rows[0] as { orders: string; checkouts: string };
    printFigure('size on disk (tables with their indexes)', `orders ${size.orders}, checkouts ${size.checkouts}`);
    // The dashboard's figures, computed as the refresh job does: its whole window (at start-up and
    // daily), then the recent days (every minute).
    const rebuild = await refreshDashboard(database.db, new Date(), { rebuild: true });
    const recent = await refreshDashboard(database.db, new Date());
    printFigure(
      'dashboard refresh (src/server/dashboard)',
      `${(rebuild.milliseconds / 1000).toFixed(2)} s for its whole window (${rebuild.fromDay} to ${rebuild.toDay}), ${(recent.milliseconds / 1000).toFixed(2)} s for the recent days (${recent.fromDay} on)`,
    );

    let nextAddress = 0;
    const clientAddress = () => {
      nextAddress += 1;
      return `10.2.${Math.floor(nextAddress / 250) % 250}.${nextAddress % 250}`;
    };
    const signIn = async (member: TestStaffMember): Promise<MemberAtVolume> => {
      const cookie = await signInOverHttp(address, member, clientAddress);
      const get = (urlPath: string) => fetch(`${address}${urlPath}`, { headers: { cookie, 'x-forwarded-for': clientAddress() } });
      const samples = await sampleOrders(database, callsPerCase, member.role === 'admin' ? null : member.id);
      const firstPage = (await (await get('/api/manage/orders')).json()) as OrderListResponse;
      return { role: member.role === 'admin' ? 'admin' : 'fulfiller', get, samples, nextCursor: firstPage.nextCursor };
    };
    return { volume: orderCount, admin: await signIn(admin), fulfiller: await signIn(fulfiller), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Signs `member` in through the sign-in's two steps over HTTP, as the browser does: the session cookie (`name=value`). */
export async function signInOverHttp(address: string, member: TestStaffMember, clientAddress: () => string): Promise<string> {
  const response = await fetch(`${address}/api/manage/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${member.email} answered ${response.status}: ${await response.text()}`);
  // The second step: a code from the member's authenticator, with the cookie the password step set.
  const passed = await fetch(`${address}/api/manage/session/two-factor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address, 'x-forwarded-for': clientAddress(), cookie: cookieHeaderOf(response.headers) },
    body: JSON.stringify({ code: await totpCodeOf(member.totpSecret ?? '') }),
  });
  if (!passed.ok) throw new Error(`The code step of ${member.email} answered ${passed.status}: ${await passed.text()}`);
  const setCookie = passed.headers.getSetCookie().find((value) => value.includes('session_token=') && !value.includes('session_token=;'));
  if (!setCookie) throw new Error('The sign-in set no session cookie');
  return setCookie.split(';')[0] ?? '';
}

type Case = { query: string; call: (member: MemberAtVolume, index: number) => Promise<Response>; matched: boolean };

const list = (query: (member: MemberAtVolume, index: number) => string): Case['call'] => (member, index) => member.get(`/api/manage/orders${query(member, index)}`);
const sampleAt = (member: MemberAtVolume, index: number) => member.samples[index % member.samples.length]!;

const listCases: Case[] = [
  { query: '', call: list(() => ''), matched: true },
  { query: '?status=reviewing_form_data', call: list(() => '?status=reviewing_form_data'), matched: true },
  { query: '?priority=rush', call: list(() => '?priority=rush'), matched: true },
  { query: '?search=<e-mail part>', call: list((member, index) => `?search=${encodeURIComponent(emailFragment(sampleAt(member, index).billingEmail))}`), matched: true },
  { query: '?search=<tracking part>', call: list((member, index) => `?search=${trackingFragment(sampleAt(member, index).applicationId)}`), matched: true },
  { query: '?search=<whole e-mail>', call: list((member, index) => `?search=${encodeURIComponent(sampleAt(member, index).billingEmail)}`), matched: true },
  { query: '?search=<company name>', call: list((member, index) => `?search=${encodeURIComponent(sampleAt(member, index).companyName)}`), matched: true },
  { query: '?status=in-progress', call: list(() => '?status=in-progress'), matched: true },
  { query: '?after=<next page key>', call: list((member) => `?page=2&after=${member.nextCursor ?? ''}`), matched: true },
  { query: '?page=200', call: list(() => '?page=200'), matched: true },
  // A deep page that is full at every volume, for a fulfiller too: one of five staff holds about 1,600
  // of 10,000 orders, so their page 200 (from the 4,976th) is empty there and full at a million.
  { query: '?page=50', call: list(() => '?page=50'), matched: true },
];
/** The dashboard's calls as its page makes them (the charts at their longest range), and one CSV download. */
const dashboardCases = [
  { path: '' },
  { path: '/charts/orders-revenue?range=90d' },
  { path: '/charts/time-to-ein?range=90d' },
  { path: '/charts/faxes?range=90d' },
  { path: '/charts/funnel?range=30d' },
  { path: '/charts/orders-revenue.csv?range=90d' },
];
const detailCase: Case = { query: '/:id', call: (member, index) => member.get(`/api/manage/orders/${sampleAt(member, index).id}`), matched: false };

/**
 * Every call at every volume, taking turns between the volumes (so a change in the machine's load
 * weighs on all of them alike): each call's median by its label, then by volume.
 */
async function measureInTurn(prepared: PreparedVolume[]): Promise<Map<string, Map<number, number>>> {
  const medians = new Map<string, Map<number, number>>();
  const format = new Intl.NumberFormat('en-US');
  console.log(`\nStaff API calls, ${callsPerCase} each at every volume in turn (load average ${loadavg().map((value) => value.toFixed(1)).join(' ')})`);
  const measure = async (label: string, call: Case['call'], role: MemberAtVolume['role'], matched: boolean) => {
    // A warm-up call at each volume, not counted.
    for (const volume of prepared) await call(volume[role], 0).then((response) => response.arrayBuffer());
    const results = await timeCallsInTurn(
      prepared.map((volume) => `${label} (${format.format(volume.volume)})`),
      callsPerCase,
      prepared.map((volume) => (index: number) => call(volume[role], index)),
      matched ? matchedNote : undefined,
    );
    medians.set(label, new Map(prepared.map((volume, index) => [volume.volume, results[index]!])));
  };
  for (const role of ['admin', 'fulfiller'] as const) {
    const who = role.padEnd(9);
    for (const { query, call, matched } of [...listCases, detailCase]) {
      await measure(`${who} GET /api/manage/orders${query}`, call, role, matched);
    }
    if (role === 'admin') {
      await measure(`${who} GET /api/manage/users`, (member) => member.get('/api/manage/users'), role, false);
    }
    for (const { path: urlPath } of dashboardCases) await measure(`${who} GET /api/manage/dashboard${urlPath}`, (member) => member.get(`/api/manage/dashboard${urlPath}`), role, false);
  }
  console.log(`  (load average at the end ${loadavg().map((value) => value.toFixed(1)).join(' ')})`);
  return medians;
}
