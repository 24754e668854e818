import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildAppWithServices, type AppOptions } from '#server/app.ts';
import type { Database } from '#server/db/index.ts';
import { createMailer, mailFolder, type Mailer } from '#server/email/index.ts';
import { loadEnv, type Env } from '#server/env.ts';
import type { AppServices } from '#server/services.ts';
import type { SecondFactorVerifier } from '#server/staff/index.ts';
import type { UndocumentedAnswer } from '#server/api-document/index.ts';
import { createStaffMember, type StaffMemberOptions, type TestStaffMember } from '../factories/staff';
import { openTestDatabase } from './database';
import { registerTestSupportRoutes } from './test-api/routes';
import { startTestSession } from './test-api/start-test-session';
import { totpCodeOf } from './totp';
import { rendererSource, shellsFolder } from './rendered-site';

// The whole server for server tests: a real database, real Better Auth, real argon2, the mail folder
// as the test mailbox, and helpers to make staff accounts and call `/api/manage` as one of them.

export const testOrigin = 'http://localhost';

export type StaffTestApp = {
  app: FastifyInstance;
  services: AppServices;
  env: Env;
  /** `http://127.0.0.1:<port>` when started with `listen`; null when only `inject` reaches it. */
  baseUrl: string | null;
  /**
   * Every answer its route's schema does not describe (decision 044), so far. Closing the app fails
   * the test file when there is one.
   */
  undocumentedAnswers: UndocumentedAnswer[];
  close: () => Promise<void>;
};

export type StaffTestAppOptions = {
  wrapMailer?: (mailer: Mailer) => Mailer;
  wrapPasswordVerifier?: AppOptions['wrapPasswordVerifier'];
  env?: Record<string, string>;
  /** Another payment provider than the built-in test processor (Stripe pointed at a local fake). */
  paymentProvider?: AppOptions['paymentProvider'];
  wrapSecondFactorVerifier?: (verify: SecondFactorVerifier) => SecondFactorVerifier;
  /** Adds the browser tests' set-up API (`/api/test-support/…`). */
  testApi?: boolean;
  /** Also listens on a free local port, for what `inject` cannot show (streams, paths sent as written). */
  listen?: boolean;
  /** Hears of every route as the app registers it. */
  onRoute?: AppOptions['onRoute'];
  /** Logs as the server does, to the process's stdout (a test may listen there for what must never be logged). */
  logger?: boolean;
  /** Renders its pages as the built app does, from the renderer's source into the client's shells. */
  renderedPages?: boolean;
};

export async function startStaffTestApp(database: Database, options: StaffTestAppOptions = {}): Promise<StaffTestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-staff-'));
  // The run's one sealing certificate (tests/support/global-setup.ts), unless the test gives its own.
  const seal = inject('sealP12');
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SEAL_P12_PATH: seal.path,
    SEAL_P12_PASSWORD: seal.password,
    ...options.env,
  });
  const mailer = createMailer(env);
  const undocumentedAnswers: UndocumentedAnswer[] = [];
  const { app, services } = await buildAppWithServices({
    env,
    database,
    ...(options.renderedPages ? { clientDir: shellsFolder(), rendererFile: rendererSource } : { clientDir: path.join(dataDir, 'no-client') }),
    mailer: options.wrapMailer ? options.wrapMailer(mailer) : mailer,
    wrapPasswordVerifier: options.wrapPasswordVerifier,
    paymentProvider: options.paymentProvider,
    wrapSecondFactorVerifier: options.wrapSecondFactorVerifier,
    onUndocumentedAnswer: (problem) => undocumentedAnswers.push(problem),
    onRoute: options.onRoute,
    logger: options.logger,
  });
  servicesOfApp.set(app, services);
  if (options.testApi) registerTestSupportRoutes(app, services);
  await app.ready();
  let baseUrl: string | null = null;
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  const close = async () => {
    await app.close();
    if (undocumentedAnswers.length > 0) throw new Error(`Answers the API document does not describe:\n${undocumentedAnswers.map(describeUndocumented).join('\n')}`);
  };
  return { app, services, env, baseUrl, undocumentedAnswers, close };
}

function describeUndocumented({ method, url, status, problem }: UndocumentedAnswer): string {
  return `  ${method} ${url} answered ${status}: ${problem}`;
}

/** A staff member made for the test, and the cookie of their session past both sign-in steps. */
export type SignedInMember = TestStaffMember & { cookie: string };

export type StaffAppFixture = StaffTestApp & {
  database: Database;
  /** A new staff account (see `createStaffMember`), signed in through the sign-in routes. */
  signedIn: (options?: StaffMemberOptions) => Promise<SignedInMember>;
  /**
   * Another app on the same database, as a second instance of the service: it shares the first one's
   * keys (the authenticator secrets and applications it reads are sealed with them), and is closed
   * with the fixture if the test has not closed it.
   */
  startAnotherApp: (options?: StaffTestAppOptions) => Promise<StaffTestApp>;
};

/**
 * The set-up most server test files share, for one `describe` block: a test database of `kind` (a
 * PGlite in memory, or a schema of its own on PostgreSQL), the whole app on it, both closed after
 * the block. Its fields are there from the block's first `beforeAll` on:
 *
 *     describe.each(testDatabaseKinds)('… on %s', (kind) => {
 *       const harness = withStaffApp(kind);
 *       let admin: SignedInMember;
 *       beforeAll(async () => { admin = await harness.signedIn({ role: 'admin' }); });
 */
export function withStaffApp(kind: 'pglite' | 'postgres', options: StaffTestAppOptions = {}): StaffAppFixture {
  const fixture = {} as StaffAppFixture;
  // A minute rather than the usual half: opening a database is the slow part of a test file on a busy machine.
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    const started = await startStaffTestApp(database, options);
    const others: StaffTestApp[] = [];
    Object.assign(fixture, started, {
      database,
      signedIn: async (memberOptions: StaffMemberOptions = {}) => {
        const member = await createStaffMember(started.services, memberOptions);
        return { ...member, cookie: await signIn(started.app, member) };
      },
      startAnotherApp: async (appOptions: StaffTestAppOptions = {}) => {
        const env = { DATA_ENCRYPTION_KEY: started.env.DATA_ENCRYPTION_KEY ?? '', ...appOptions.env };
        const another = await startStaffTestApp(database, { ...appOptions, env });
        let closing: Promise<void> | undefined;
        const instance = { ...another, close: () => (closing ??= another.close()) };
        others.push(instance);
        return instance;
      },
      // Every app and the database are closed even when one app reports an undocumented answer.
      close: async () => {
        const failures: unknown[] = [];
        for (const app of [...others, started]) await app.close().catch((error: unknown) => failures.push(error));
        await database.close();
        if (failures.length > 0) throw failures[0];
      },
    });
  }, 60_000);
  afterAll(async () => {
    await fixture.close?.();
  });
  return fixture;
}

let nextAddress = 0;
/** A client address of its own, so one test's failed sign-ins do not throttle another's. */
export function newClientAddress(): string {
  nextAddress += 1;
  return `203.0.113.${(nextAddress % 250) + 1}`;
}

/**
 * Signs in through the sign-in routes themselves: the password, then (for an enrolled member) the
 * code computed from their secret. Answers the last response (the one that set the session cookie,
 * or a refusal).
 */
export async function signInThroughBothSteps(
  app: FastifyInstance,
  member: Pick<TestStaffMember, 'email' | 'password'> & { totpSecret?: string | null },
  { headers = {}, remoteAddress = newClientAddress() }: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/manage/session',
    headers: { origin: testOrigin, ...headers },
    remoteAddress,
    payload: { email: member.email, password: member.password },
  });
  if (response.statusCode !== 200 || !response.json<{ twoFactorRequired?: boolean }>().twoFactorRequired) return response;
  if (!member.totpSecret) throw new Error('The member is enrolled, but the test has no secret to compute a code from');
  return app.inject({
    method: 'POST',
    url: '/api/manage/session/two-factor',
    headers: { origin: testOrigin, ...headers, cookie: cookiePairsOf(response) },
    remoteAddress,
    payload: { code: await totpCodeOf(member.totpSecret) },
  });
}

/** The services of each app `startStaffTestApp` started, for `signIn`'s direct session. */
const servicesOfApp = new WeakMap<FastifyInstance, AppServices>();

/**
 * The session cookie (`name=value`) of a direct session, for the tests that are not about signing in:
 * the password and the code are checked by Better Auth itself, as the sign-in routes have them
 * checked, but without the routes' throttle and without claiming the code (decision 038), so a test
 * may sign the same member in many times a minute. For an app the test built itself (not through
 * `startStaffTestApp`), through the routes. The sign-in's own tests use `signInThroughBothSteps`.
 */
export async function signIn(app: FastifyInstance, member: Pick<TestStaffMember, 'email' | 'password'> & { totpSecret?: string | null }): Promise<string> {
  const services = servicesOfApp.get(app);
  if (!services) {
    // An app the test built itself: through the routes (a member signed in once is no problem).
    const response = await signInThroughBothSteps(app, member);
    if (response.statusCode !== 200) throw new Error(`Sign-in answered ${response.statusCode}: ${response.body}`);
    return sessionCookieOf(response);
  }
  const cookies = await startTestSession(services, { email: member.email, password: member.password, totpSecret: member.totpSecret ?? null }, new Headers({ origin: testOrigin }));
  const cookie = cookies.find((value) => value.includes('session_token=') && !value.includes('session_token=;'));
  if (!cookie) throw new Error('No session cookie was set');
  return cookie.split(';')[0] ?? '';
}

/** Every cookie a response set (`name=value; …`), as the browser would send them back. */
export function cookiePairsOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((value) => value.includes('session_token=') && !value.includes('session_token=;'));
  if (!cookie) throw new Error('No session cookie was set');
  return cookie.split(';')[0] ?? '';
}

/** A call to the staff API as a signed-in browser would make it (cookie and same-origin `Origin`). */
export function staffInject(
  app: FastifyInstance,
  cookie: string | null,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: testOrigin };
  if (cookie) headers.cookie = cookie;
  return app.inject({ method, url, headers, payload: payload as InjectOptions['payload'] });
}

/** The messages in the test mailbox (`DATA_DIR/mail`), oldest first, as raw text. */
export function mailbox(env: Env): string[] {
  const folder = mailFolder(env);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(path.join(folder, file), 'utf8'));
}
