// `npm run bench`: what each public route costs a visitor. Builds the client, serves it, opens each
// route in headless Chromium, and reports the gzip bytes of every script and stylesheet it loaded.
// Then the timings: the public API calls (PGlite), staff password hashing, and the staff API with
// 10,000 and 100,000 orders in PostgreSQL (`BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`).
// Page loads under a mobile profile come between (scripts/bench-page-load.ts); `BENCH_PAGES_ONLY=1`
// stops after them. `BENCH_ORDERS=1000000` measures the staff API at a million orders too (with 10,000
// as the base of the ratios); `BENCH_STAFF_ONLY=1` measures only the staff API.
// `BENCH_ONLY=ss4` times the Form SS-4 fill and its signing and sealing alone (no build, browser or database); `BENCH_ONLY=purge`
// times the purge of 100,000 expired checkouts alone (scripts/bench-purge.ts); `BENCH_ONLY=fax` times
// the reading of IRS fax-backs alone (scripts/bench-fax-back.ts), which the full run
// measures last; `BENCH_ONLY=fax-outbox` the fax outbox's throughput alone (scripts/bench-fax-outbox.ts).
// The e-mail outbox's figures come after the staff API's (scripts/bench-outbox.ts); `BENCH_OUTBOX_ONLY=1` runs only them.
// The public API calls end with the tracking lookup under load beside a bare route (autocannon,
// scripts/bench-under-load.ts); `BENCH_API_ONLY=1` runs only the public API (no build, no browser);
// `BENCH_ONLY=load` only the tracking lookup under load. Then the tracking lookup with and without
// METRICS_TOKEN, side by side (scripts/bench-metrics.ts); `BENCH_ONLY=metrics` runs only that.
// The dashboard's page load, signed in over 10,000 orders, ends the page loads; `BENCH_ONLY=dashboard-page`
// builds and measures only that.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildAppWithServices } from '#server/app.ts';
import { refreshDashboard } from '#server/dashboard/index.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import { findAssignees, seedOrders } from '#tests/factories/seed-orders.ts';
import { openDatabase } from '#server/db/index.ts';
import { loadEnv } from '#server/env.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { timeCalls, timeRuns } from './bench-timing';
import { PDFDocument } from 'pdf-lib';
import { fillSs4, signSs4 } from '#server/ss4/index.ts';
import { createPdfSealer, makeSelfSignedSealP12, readSealCertificate } from '#server/seal/index.ts';
import { ss4Lines } from '#shared/ss4/ss4-mapping.ts';
import type { Application } from '#shared/application/application.ts';
import { benchPasswordHashing, benchStaffApi, signInOverHttp } from './bench-staff';
import { benchPageLoads, benchSignedInPageLoad } from './bench-page-load';
import { benchOutbox } from './bench-outbox';
import { benchPurge } from './bench-purge';
import { benchFaxOutbox } from './bench-fax-outbox';
import { designeeEnv } from '#tests/support/designee-env.ts';
import { benchFaxBack } from './bench-fax-back';
import { benchTrackingUnderLoad } from './bench-under-load';
import { benchMetricsOverhead } from './bench-metrics';
import { localeOfPath, localeTags, pathInLocale } from '#shared/i18n/locales.ts';

if (process.env.BENCH_ONLY === 'fax-outbox') {
  await benchFaxOutbox();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'load') {
  await benchTrackingUnderLoad({ kind: 'pglite' });
  await benchTrackingOnPostgres();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'metrics') {
  await benchMetricsOverhead({ kind: 'pglite' });
  await benchMetricsOnPostgres();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'fax') {
  await benchFaxBack();
  process.exit(0);
}

if (process.env.BENCH_ONLY === 'purge') {
  await benchPurge();
  process.exit(0);
}

if (process.env.BENCH_OUTBOX_ONLY) {
  await benchOutbox();
  process.exit(0);
}

// `BENCH_STAFF_ONLY=1`: only the staff API at volume (with `BENCH_ORDERS`), without the build and the browser.
if (process.env.BENCH_STAFF_ONLY) {
  await benchStaffApi();
  process.exit(0);
}

// Each route, the saved answers it needs, the code it must not load, and its budget of gzip JS:
// 150 KB for the public pages and wizard steps 1-5; 180 KB for the pages that talk to the server,
// which also carry the server-state library, the toasts and the payment or lookup form.
const pageBudget = 150 * 1024;
const serverPageBudget = 180 * 1024;
const publicOnly = /manage|panel-routes|checkout|payment|stripe|growthbook/i;
const noStaffNoStripe = /manage|panel-routes|stripe|growthbook/i;
// Steps 2 and 3 load the country names and the rules for phone numbers abroad only for an answer abroad.
const publicUsOnly = /manage|panel-routes|checkout|payment|stripe|growthbook|country-names|phone-rules/i;
const routes: { path: string; saved?: object; forbidden: RegExp; budget: number }[] = [
  { path: '/', forbidden: publicOnly, budget: pageBudget },
  { path: '/ein-application-start', forbidden: publicOnly, budget: pageBudget },
  { path: '/faq', forbidden: publicOnly, budget: pageBudget },
  // Later steps need the answers of earlier ones, or they send the visitor back.
  { path: '/ein/step-2', saved: { version: 1, company: sampleApplication().company }, forbidden: publicUsOnly, budget: pageBudget },
  { path: '/ein/step-3', saved: { version: 1, company: sampleApplication().company, registration: sampleApplication().registration }, forbidden: publicUsOnly, budget: pageBudget },
  { path: '/ein/step-6', saved: sampleApplication(), forbidden: noStaffNoStripe, budget: serverPageBudget },
  { path: '/ein/confirmation', forbidden: noStaffNoStripe, budget: serverPageBudget },
  { path: '/track-application', forbidden: noStaffNoStripe, budget: serverPageBudget },
  // The signing page (a well-formed token that names no request: the page and its code load all the
  // same): a public page, so within the public budget, with nothing of checkout or the panel.
  { path: `/sign/${'A'.repeat(43)}`, forbidden: publicOnly, budget: pageBudget },
  // The staff sign-in page: nothing of the customer's payment, nor of the panel's other screens.
  { path: '/manage/login', forbidden: /stripe|growthbook|checkout|order-detail|users-page|orders-list/i, budget: serverPageBudget },
];
// Every customer page again in Spanish, with the same budget and the same code kept out.
for (const route of routes.filter((entry) => !entry.path.startsWith('/manage'))) routes.push({ ...route, path: pathInLocale(route.path, 'es') });
const clientDir = path.resolve('dist/client');

const ss4Designee = { name: 'EIN Filing Service LLC', address: '500 Congress Ave, Austin, TX 78701', phone: '(512) 555-0100', fax: null };

/** Filling the form: an LLC's, and an estate's, whose line 9a and 10 carry the decedent's SSN and a banking purpose. */
async function benchSs4(): Promise<void> {
  console.log('\nForm SS-4');
  const llc = ss4Lines(sampleApplication() as Application, ss4Designee);
  await timeRuns('fill one SS-4 (pdf-lib, template in memory)', 50, () => fillSs4(llc));
  const estate = ss4Lines(sampleApplication({ company: { entityType: 'Estate', estateReason: 'Banking purposes', bankingPurpose: 'Estate checking account' } }) as Application, ss4Designee);
  await timeRuns("fill an estate's SS-4 (decedent SSN, banking purpose)", 50, () => fillSs4(estate));

  // Signing (decision 037): stamp, read-only fields, certificate page, and the seal with a self-signed
  // RSA-2048 certificate, as on a first start without SEAL_P12_PATH. The goal is under 300 ms.
  const password = 'bench-seal-password';
  const sealCertificate = readSealCertificate(await makeSelfSignedSealP12({ commonName: 'Bench seal', organization: 'Bench', password }), password, 'bench');
  const sealer = createPdfSealer(sealCertificate, { name: 'EIN Filing Service', contactInfo: 'support@example.com' });
  const filled = await fillSs4(llc);
  const certificate = {
    requestId: '00000000-0000-4000-8000-000000000000',
    trackingNumber: 'HFE12W87EQ23',
    signerName: 'John Public',
    signerTitle: 'Managing Member',
    signerEmail: 'john@example.com',
    ipAddress: '192.0.2.1',
    userAgent: 'Bench',
    requestedAt: new Date(),
    verifiedAt: new Date(),
    signedAt: new Date(),
    consents: [{ label: 'Electronic signature', text: 'I agree to sign electronically.', version: '1' }],
    unsignedSha256: '0'.repeat(64),
    shownSha256: '1'.repeat(64),
  };
  await timeRuns('seal a blank page alone (signature over the file)', 30, async () => {
    const document = await PDFDocument.create();
    document.addPage();
    await sealer.seal(document, { signedAt: new Date(), reason: 'Bench' });
  });
  await timeRuns('sign and seal the SS-4 (stamp, read-only, certificate, seal)', 30, () => signSs4(filled, { kind: 'typed', name: 'John Public' }, certificate, sealer));
}

if (process.env.BENCH_ONLY === 'ss4') {
  await benchSs4();
  process.exit(0);
}

const apiOnly = Boolean(process.env.BENCH_API_ONLY);
if (!apiOnly) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Behind a trusted proxy, so each measured call can come from an address of its own and the
// per-client rate limits do not stop the loop.
const env = loadEnv({ NODE_ENV: 'production', TRUST_PROXY: '1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ein-bench-')), ...designeeEnv });
const database = await openDatabase({ kind: 'pglite' });
const { app, services } = await buildAppWithServices({ env, database, clientDir });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let overBudget = false;
if (process.env.BENCH_ONLY === 'dashboard-page') {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  await benchDashboardLoad(browser);
  await browser.close();
  await app.close();
  await database.close();
  process.exit(0);
}
if (!apiOnly) await benchPages();

/** The page weight and the page loads. */
async function benchPages(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

  function gzipBytes(urlPath: string): number {
    return gzipSync(readFileSync(path.join(clientDir, urlPath))).length;
  }

  const weights = new Map<string, number>();
  for (const { path: route, saved, forbidden, budget } of routes) {
    // A Spanish page as a visitor whose browser asks for Spanish sees it (no offer of the other language).
    const page = await browser.newPage({ locale: localeTags[localeOfPath(route)] });
    if (saved) {
      await page.addInitScript((value) => sessionStorage.setItem('ein-application-data', value), JSON.stringify(saved));
    }
    const assets = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
    });
    await page.goto(`${address}${route}`, { waitUntil: 'networkidle' });
    await page.close();

    const files = [...assets].map((file) => ({ file, gzip: gzipBytes(file) }));
    const js = files.filter((entry) => entry.file.endsWith('.js')).reduce((sum, entry) => sum + entry.gzip, 0);
    const css = files.filter((entry) => entry.file.endsWith('.css')).reduce((sum, entry) => sum + entry.gzip, 0);
    const unexpected = files.filter((entry) => forbidden.test(entry.file));
    weights.set(route, js);
    const withinBudget = js <= budget && unexpected.length === 0;
    if (!withinBudget) overBudget = true;

    console.log(`\n${route}`);
    for (const entry of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(entry.gzip / 1024).toFixed(1).padStart(7)} KB  ${entry.file}`);
    console.log(`  JS ${(js / 1024).toFixed(1)} KB gzip, CSS ${(css / 1024).toFixed(1)} KB gzip (budget ${budget / 1024} KB JS)${withinBudget ? '' : '  OVER BUDGET or loads staff/payment code'}`);
  }

  // The Spanish pages' weights beside the English ones.
  console.log('\n| page | JS en | JS es | difference |');
  console.log('|---|---|---|---|');
  for (const [route, english] of weights) {
    const spanish = weights.get(pathInLocale(route, 'es'));
    if (route.startsWith('/es/') || spanish === undefined || route.startsWith('/manage')) continue;
    console.log(`| \`${route}\` | ${(english / 1024).toFixed(1)} KB | ${(spanish / 1024).toFixed(1)} KB | ${spanish >= english ? '+' : ''}${((spanish - english) / 1024).toFixed(1)} KB |`);
  }

  await benchPageLoads(browser, address, chromiumPath);
  await benchDashboardLoad(browser);
  await browser.close();
  if (process.env.BENCH_PAGES_ONLY) {
    await app.close();
    await database.close();
    process.exit(overBudget ? 1 : 0);
  }
}

/**
 * The dashboard as an admin opens it, on the page-load profile, over 10,000 orders: loaded once its
 * figures are shown and painted (goal: under a second, the sign-in page's; decision 068), with the
 * moment its four charts are drawn beside it.
 */
async function benchDashboardLoad(browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<void> {
  const admin = await createStaffMember(services, { role: 'admin', name: 'Bench Dashboard Admin' });
  await seedOrders(database, { count: 10_000, assigneeIds: await findAssignees(database) });
  await refreshDashboard(database.db, new Date(), { rebuild: true });
  let next = 0;
  const cookie = await signInOverHttp(address, admin, () => `10.3.0.${(next += 1) % 250}`);
  const [name, ...value] = cookie.split('=');
  await benchSignedInPageLoad(
    browser,
    address,
    '/manage/dashboard',
    {
      cookie: { name: name ?? '', value: value.join('=') },
      readyWhen: `document.querySelector('table[aria-label="Figures by period"] tbody td') && !document.querySelector('table[aria-label="Figures by period"]').textContent.includes('…')`,
      later: { label: 'charts drawn', when: `document.querySelectorAll('figure canvas').length >= 4` },
    },
    1000,
  );
}

// The API calls of a purchase and a lookup, over real HTTP, one after another.
const clientAddress = (index: number) => `10.1.${Math.floor(index / 250)}.${index % 250}`;
const post = (url: string, body: unknown, index: number) =>
  fetch(`${address}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(index) },
    body: JSON.stringify(body),
  });

await benchSs4();

console.log('\nAPI (PGlite, test processor)');
const checkouts: { trackingNumber: string; paymentIntentId: string; clientSecret: string }[] = [];
await timeCalls('POST /api/checkout (new draft)', 200, async (index) => {
  const response = await post('/api/checkout', { draftId: crypto.randomUUID(), email: 'owner@example.com', application: sampleApplication() }, index);
  checkouts.push((await response.clone().json()) as (typeof checkouts)[number]);
  return response;
});
await timeCalls('POST /api/test-payments/confirm (4242)', 200, (index) =>
  post('/api/test-payments/confirm', { clientSecret: checkouts[index]!.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' }, index),
);
await timeCalls('POST /api/payments/confirm', 200, (index) =>
  post('/api/payments/confirm', { paymentIntentId: checkouts[index]!.paymentIntentId }, index),
);
await timeCalls('GET /api/track/:number', 200, (index) =>
  fetch(`${address}/api/track/${checkouts[index]!.trackingNumber}`, { headers: { 'x-forwarded-for': clientAddress(index) } }),
);

await app.close();
await database.close();
await benchTrackingUnderLoad({ kind: 'pglite' });
await benchTrackingOnPostgres();
await benchMetricsOverhead({ kind: 'pglite' });
await benchMetricsOnPostgres();
if (apiOnly) process.exit(0);

await benchPasswordHashing();
await benchStaffApi();
await benchOutbox();
await benchPurge();
await benchFaxOutbox();
await benchFaxBack();

process.exit(overBudget ? 1 : 0);

/**
 * The tracking lookup under load again with the service on PostgreSQL (`BENCH_DATABASE_URL`, else
 * `TEST_DATABASE_URL`, in a schema of its own), as a production instance runs: PGlite answers in the
 * service's own process and thread, PostgreSQL beside it.
 */
async function benchTrackingOnPostgres(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('\nTracking under load on PostgreSQL: skipped, because neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set');
    return;
  }
  await benchTrackingUnderLoad({ kind: 'postgres', url });
}

/** The tracking lookup with and without metrics on PostgreSQL, when one is given as for the tracking bench. */
async function benchMetricsOnPostgres(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('\nTracking with and without METRICS_TOKEN on PostgreSQL: skipped, because neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set');
    return;
  }
  await benchMetricsOverhead({ kind: 'postgres', url });
}
