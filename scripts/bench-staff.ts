// The staff panel's part of `npm run bench`: what a staff password costs to hash and check, and how
// fast the orders list, an order and the users list answer over real HTTP with 10,000 and 100,000
// orders in PostgreSQL (`BENCH_ORDERS=1000000`, or a comma-separated list, for other volumes; 10,000
// is always measured first, as the base of the ratios). Each volume runs in a schema of its own,
// dropped afterwards, so no real data is read or touched. A last table puts each call's median at
// every volume side by side with its ratio to 10,000.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildAppWithServices } from '../src/server/app';
import { hashPassword, verifyPassword } from '../src/server/auth/password';
import { openDatabase, type Database } from '../src/server/db/database';
import { orders } from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { createStaffMember, type TestStaffMember } from '../src/server/testing/staff-app';
import type { OrderListResponse } from '../src/shared/staff/orders';
import { findAssignees, seedOrders, settleTables } from './seed-orders';
import { printFigure, timeCalls, timeRuns } from './bench-timing';

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
  const medians = new Map<string, Map<number, number>>();
  for (const volume of volumes) {
    for (const [label, median] of await benchAtVolume(url, volume)) {
      const byVolume = medians.get(label) ?? new Map<number, number>();
      byVolume.set(volume, median);
      medians.set(label, byVolume);
    }
  }
  printRatios(volumes, medians);
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

/** Each call's median at this volume, by its label. */
async function benchAtVolume(url: string, orderCount: number): Promise<Map<string, number>> {
  const medians = new Map<string, number>();
  const scratch = await openScratchDatabase(url);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-bench-staff-'));
  const { database } = scratch;
  try {
    const version = await database.db.execute(sql`show server_version`);
    const serverVersion = (version.rows[0] as { server_version?: string } | undefined)?.server_version ?? '?';
    console.log(`\nStaff API with ${orderCount.toLocaleString('en-US')} orders (PostgreSQL ${serverVersion}, schema ${scratch.searchPath})`);

    // Behind a trusted proxy, as in the public part: each call comes from an address of its own.
    const env = loadEnv({ NODE_ENV: 'production', TRUST_PROXY: '1', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    const { app, services } = await buildAppWithServices({ env, database, clientDir: path.join(dataDir, 'no-client') });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // A small team: the orders are spread over one admin and four fulfillers.
      const admin = await createStaffMember(services, { role: 'admin', name: 'Bench Admin' });
      const fulfiller = await createStaffMember(services, { role: 'fulfiller', name: 'Bench Fulfiller' });
      for (let index = 2; index <= 4; index += 1) await createStaffMember(services, { role: 'fulfiller', name: `Bench Fulfiller ${index}` });

      const seeded = await seedOrders(database, { count: orderCount, assigneeIds: await findAssignees(database) });
      const settleStarted = performance.now();
      await settleTables(database);
      const settleSeconds = (performance.now() - settleStarted) / 1000;
      printFigure(
        'seed (scripts/seed-orders.ts)',
        `${(seeded.milliseconds / 1000).toFixed(1)} s for ${seeded.inserted} orders with their checkouts, then ${settleSeconds.toFixed(1)} s of VACUUM ANALYZE`,
      );

      let nextAddress = 0;
      const clientAddress = () => {
        nextAddress += 1;
        return `10.2.${Math.floor(nextAddress / 250) % 250}.${nextAddress % 250}`;
      };
      const signIn = async (member: TestStaffMember): Promise<string> => {
        const response = await fetch(`${address}/api/manage/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: address, 'x-forwarded-for': clientAddress() },
          body: JSON.stringify({ email: member.email, password: member.password }),
        });
        if (!response.ok) throw new Error(`Sign-in of ${member.email} answered ${response.status}: ${await response.text()}`);
        const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token=') && !value.includes('session_token=;'));
        if (!cookie) throw new Error('The sign-in set no session cookie');
        return cookie.split(';')[0] ?? '';
      };
      const get = (cookie: string, urlPath: string) =>
        fetch(`${address}${urlPath}`, { headers: { cookie, 'x-forwarded-for': clientAddress() } });

      for (const member of [admin, fulfiller]) {
        const cookie = await signIn(member);
        const who = member.role.padEnd(9);
        const samples = await sampleOrders(database, callsPerCase, member.role === 'admin' ? null : member.id);
        const sampleAt = (index: number) => samples[index % samples.length]!;
        // The key of the next page, as the first page gives it.
        const firstPage = (await (await get(cookie, '/api/manage/orders')).json()) as OrderListResponse;
        const list = (query: (index: number) => string) => (index: number) => get(cookie, `/api/manage/orders${query(index)}`);
        const listCases: [string, (index: number) => Promise<Response>][] = [
          ['', list(() => '')],
          ['?status=reviewing_form_data', list(() => '?status=reviewing_form_data')],
          ['?priority=rush', list(() => '?priority=rush')],
          ['?search=<e-mail part>', list((index) => `?search=${encodeURIComponent(emailFragment(sampleAt(index).billingEmail))}`)],
          ['?search=<tracking part>', list((index) => `?search=${trackingFragment(sampleAt(index).applicationId)}`)],
          ['?search=<company name>', list((index) => `?search=${encodeURIComponent(sampleAt(index).companyName)}`)],
          ['?status=in-progress', list(() => '?status=in-progress')],
          ['?after=<next page key>', list(() => `?page=2&after=${firstPage.nextCursor ?? ''}`)],
          ['?page=200', list(() => '?page=200')],
        ];
        for (const [query, call] of listCases) {
          await call(0).then((response) => response.arrayBuffer()); // warm-up, not counted
          const label = `${who} GET /api/manage/orders${query}`;
          medians.set(label, await timeCalls(label, callsPerCase, call, matchedNote));
        }
        const detail = `${who} GET /api/manage/orders/:id`;
        medians.set(detail, await timeCalls(detail, callsPerCase, (index) => get(cookie, `/api/manage/orders/${sampleAt(index).id}`)));
        if (member.role === 'admin') {
          const users = `${who} GET /api/manage/users`;
          medians.set(users, await timeCalls(users, callsPerCase, () => get(cookie, '/api/manage/users')));
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await scratch.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return medians;
}
