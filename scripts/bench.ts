// `npm run bench`: what each public route costs a visitor. Builds the client, serves it, opens each
// route in headless Chromium, and reports the gzip bytes of every script and stylesheet it loaded.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { loadEnv } from '../src/server/env';

const budgetBytes = 150 * 1024;
const routes = ['/', '/ein-application-start', '/faq', '/ein/step-2'];
const clientDir = path.resolve('dist/client');

const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: 'data' });
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({ env, database, clientDir });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

function gzipBytes(urlPath: string): number {
  return gzipSync(readFileSync(path.join(clientDir, urlPath))).length;
}

let overBudget = false;
for (const route of routes) {
  const page = await browser.newPage();
  if (route.startsWith('/ein/')) {
    // Later steps need the answers of step 1, or they send the visitor back to it.
    await page.addInitScript(() => sessionStorage.setItem('ein-application-data', JSON.stringify({ version: 1, company: {} })));
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
  const unexpected = files.filter((entry) => /manage|checkout|payment|stripe|growthbook/i.test(entry.file));
  const withinBudget = js <= budgetBytes && unexpected.length === 0;
  if (!withinBudget && (route === '/' || route === '/ein-application-start')) overBudget = true;

  console.log(`\n${route}`);
  for (const entry of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(entry.gzip / 1024).toFixed(1).padStart(7)} KB  ${entry.file}`);
  console.log(`  JS ${(js / 1024).toFixed(1)} KB gzip, CSS ${(css / 1024).toFixed(1)} KB gzip (budget ${budgetBytes / 1024} KB JS)${withinBudget ? '' : '  OVER BUDGET or loads staff/payment code'}`);
}

await browser.close();
await app.close();
await database.close();
process.exit(overBudget ? 1 : 0);
