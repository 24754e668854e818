import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eAdmin } from './tests/e2e/staff-accounts';
import { configuredClaimsEnv } from './tests/support/site-claims';
import { testBrowserPath } from './scripts/test-browser.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * The servers' data folders, made once a run: workers load this file again and inherit the folders from
 * the main process, so the tests can read a server's mailbox (`DATA_DIR/mail`). The folders made here go
 * when the run's process ends, after the servers have stopped (each run left about 100 MB behind); a
 * folder given from outside is kept.
 */
const madeFolders: string[] = [];
function dataFolder(variable: 'E2E_DATA_DIR' | 'E2E_CLAIMS_DATA_DIR', prefix: string): string {
  if (!process.env[variable]) {
    process.env[variable] = mkdtempSync(path.join(tmpdir(), prefix));
    madeFolders.push(process.env[variable]);
  }
  return process.env[variable];
}
process.on('exit', () => {
  for (const folder of madeFolders) {
    // A folder that cannot be removed stays, said in one line: it never changes the run's outcome.
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.warn(`Could not remove the test server's folder ${folder}: ${(error as Error).message}`);
    }
  }
});

const dataDir = dataFolder('E2E_DATA_DIR', 'ein-e2e-');
// A second server whose operator configured every claim and testimonial (decision 035): the first one
// shows a new operator's site, with none. Its folder and testimonials file are made once, like the first.
const claimsPort = port + 1;
const claimsDataDir = dataFolder('E2E_CLAIMS_DATA_DIR', 'ein-e2e-claims-');
process.env.E2E_CLAIMS_ENV ??= JSON.stringify(configuredClaimsEnv(claimsDataDir));
const claimsEnv = JSON.parse(process.env.E2E_CLAIMS_ENV) as Record<string, string>;
process.env.E2E_CLAIMS_BASE_URL = `http://127.0.0.1:${claimsPort}`;


const serverCommand = `sh -c 'node tests/e2e/serve.mjs; echo "The test server on port $PORT exited with status $?" >&2'`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // The same everywhere, on a laptop as in CI: three browsers at a time, and one more try for a test
  // that fails (the report names it flaky), whose trace is then recorded. Three on two cores: a test
  // spends part of its time waiting on the server (a fax answered, an e-mail sent), and with two
  // workers the processors stood idle a quarter of the run (5.5 min instead of 6.3, decision 072).
  workers: 3,
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test costs each test its screenshots and snapshots: the retry of a
    // failed test records it instead.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: testBrowserPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The compositor's GPU work (software, with no GPU) done in the browser's process rather than a
        // process of its own: the same pages drawn for 3-9% less processor (decision 079).
        '--in-process-gpu',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      // The built app, started directly (not through npx) so stopping it stops the server. A server that
      // dies during the run says how (its exit status: 128 + the signal's number for a signal), where it
      // would otherwise vanish in silence and leave every later test refused.
      command: serverCommand,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      // A fresh embedded database runs every migration first: under load that can take a minute.
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        // PostgreSQL instead of the embedded database: an empty database of its own.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        TRUST_PROXY: '1',
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        // The test transport's simulated IRS answers a faxed SS-4 after a second, so filing.spec.ts sees the fax-back.
        TEST_FAX_IRS_REPLY_SECONDS: '1',
      },
    },
    {
      command: serverCommand,
      url: `http://127.0.0.1:${claimsPort}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(claimsPort),
        HOST: '127.0.0.1',
        DATA_DIR: claimsDataDir,
        NODE_ENV: 'test',
        DATABASE_URL: process.env.E2E_CLAIMS_DATABASE_URL ?? '',
        TRUST_PROXY: '1',
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        ...claimsEnv,
      },
    },
  ],
});
