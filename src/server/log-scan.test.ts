// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { EnrolmentResponse } from '#shared/staff/two-factor.ts';
import { totpCodeOf } from '#tests/support/totp.ts';

// A full run against a real server process, its stdout and stderr captured at the most verbose
// level: checkout, payment with card authentication, then staff work (search, assign, status, EIN,
// comment, SSN reveal, SS-4). The log must hold none of the customer's data nor any secret.

const root = fileURLToPath(new URL('../..', import.meta.url));

const customer = {
  company: 'Quillfeather Joinery LLC',
  firstName: 'Evangelina',
  lastName: 'Thistlewaite',
  rpFirstName: 'Bartholomew',
  rpLastName: 'Quenby',
  phone: '(512) 555-0193',
  rpPhone: '5125550194',
  ssn: '523418765',
  billingEmail: `billing.${randomBytes(3).toString('hex')}@example.com`,
  contactEmail: 'evangelina.contact@example.com',
  rpEmail: 'bartholomew.rp@example.com',
  street: '4417 Larkspur Lane',
};
const admin = { email: 'log.scan.admin@example.com', password: 'log-scan-password-1' };
const ein = '12-3456789';

let server: ChildProcess;
let output = '';
let baseUrl = '';

async function startServer(dataDir: string): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      LOG_REQUESTS: 'true',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (listening) {
      baseUrl = listening[1]!;
      return;
    }
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start:\n${output}`);
}

type Answer = { status: number; body: unknown; headers: Headers };

async function call(method: string, url: string, options: { body?: unknown; cookie?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: a page or a PDF.
  }
  return { status: response.status, body, headers: response.headers };
}

describe('the server log of a full run', () => {
  beforeAll(async () => {
    await startServer(mkdtempSync(path.join(tmpdir(), 'ein-log-scan-')));
  }, 90_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });

  it('holds no personal data, client secret or session token', async () => {
    const application = sampleApplication({
      company: { companyName: customer.company },
      registration: { streetAddress: customer.street },
      contact: {
        contactFirstName: customer.firstName,
        contactLastName: customer.lastName,
        phoneNumber: customer.phone,
        emailAddress: customer.contactEmail,
        rpFirstName: customer.rpFirstName,
        rpLastName: customer.rpLastName,
        rpPhone: customer.rpPhone,
        rpEmail: customer.rpEmail,
        rpSSN: customer.ssn,
      },
    });

    // A refused checkout (its body echoes back in no log either).
    const refused = await call('POST', '/api/checkout', { body: { draftId: randomUUID(), email: customer.billingEmail, application: { ...application, contact: { ...application.contact, rpSSN: `${customer.ssn}0` } } } });
    expect(refused.status).toBe(400);

    const checkout = await call('POST', '/api/checkout', { body: { draftId: randomUUID(), email: customer.billingEmail, application } });
    expect(checkout.status).toBe(200);
    const { clientSecret, paymentIntentId, trackingNumber } = checkout.body as { clientSecret: string; paymentIntentId: string; trackingNumber: string };

    // The card that asks for authentication: its page and the return page carry the client secret in their URLs.
    const card = await call('POST', '/api/test-payments/confirm', { body: { clientSecret, cardNumber: '4000 0025 0000 3155', cardExpiry: '12 / 39', cardCvc: '123' } });
    expect(card.status).toBe(200);
    const challenge = (card.body as { nextAction: { redirectUrl: string } }).nextAction.redirectUrl;
    await call('GET', challenge);
    const authenticated = await call('POST', '/api/test-payments/authenticate', { body: { clientSecret, outcome: 'complete' } });
    expect(authenticated.status).toBe(200);
    await call('GET', (authenticated.body as { redirectUrl: string }).redirectUrl);
    const confirmed = await call('POST', '/api/payments/confirm', { body: { paymentIntentId } });
    expect(confirmed.body).toMatchObject({ success: true, trackingNumber });
    expect((await call('GET', `/api/track/${trackingNumber}`)).status).toBe(200);

    // A wrong password first, then the staff member's work on the order.
    expect((await call('POST', '/api/manage/session', { body: { email: admin.email, password: 'not-the-password' } })).status).toBe(401);
    const signedIn = await call('POST', '/api/manage/session', { body: admin });
    expect(signedIn.status).toBe(200);
    const cookieOf = (answer: Answer) => answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('session_token=')[1]?.split(';')[0] ?? '').split('.')[0] ?? '';
    let cookie = cookieOf(signedIn);
    const sessionToken = tokenOf(cookie);
    expect(sessionToken.length).toBeGreaterThan(10);
    // The first admin sets up two-factor sign-in before the panel opens: its secret and recovery codes
    // must stay out of the log too.
    const enrolment = await call('POST', '/api/manage/account/two-factor/enrolment', { cookie, body: { password: admin.password } });
    expect(enrolment.status).toBe(200);
    const { secret: totpSecret, recoveryCodes } = enrolment.body as EnrolmentResponse;
    const enrolled = await call('POST', '/api/manage/account/two-factor/confirm', { cookie, body: { code: await totpCodeOf(totpSecret) } });
    expect(enrolled.status).toBe(200);
    // Enabling two-factor sign-in gives the browser a new session.
    cookie = cookieOf(enrolled);
    const enrolledToken = tokenOf(cookie);
    expect(enrolledToken.length).toBeGreaterThan(10);
    const me = (await call('GET', '/api/manage/session', { cookie })).body as { user: { id: string } };

    for (const search of [customer.company, customer.billingEmail, customer.lastName, customer.phone]) {
      const list = await call('GET', `/api/manage/orders?search=${encodeURIComponent(search)}`, { cookie });
      expect(list.status).toBe(200);
    }
    const list = (await call('GET', `/api/manage/orders?search=${trackingNumber}`, { cookie })).body as { orders: { id: number }[] };
    const orderId = list.orders[0]!.id;
    const detail = await call('GET', `/api/manage/orders/${orderId}`, { cookie });
    expect(detail.status).toBe(200);
    const { version } = (detail.body as { order: { version: number } }).order;
    const update = { version, priority: 'standard', assignedTo: me.user.id, notes: `Called ${customer.firstName} at ${customer.phone}`, ein: '' };
    const saved = await call('PATCH', `/api/manage/orders/${orderId}`, { cookie, body: { ...update, status: 'preparing_ss4_form' } });
    expect(saved.status).toBe(200);
    // Each save names the version it was made on.
    update.version = (saved.body as { order: { version: number } }).order.version;
    expect((await call('POST', `/api/manage/orders/${orderId}/comments`, { cookie, body: { text: `${customer.rpFirstName} ${customer.rpLastName} confirmed SSN ${customer.ssn}` } })).status).toBe(201);
    expect((await call('POST', `/api/manage/orders/${orderId}/ssn`, { cookie })).body).toEqual({ ssn: '523-41-8765', kind: 'ssn' });
    expect((await call('GET', `/api/manage/orders/${orderId}/ss4.pdf`, { cookie })).status).toBe(200);
    // A refused update, then completion with the EIN (which sends the EIN e-mail).
    expect((await call('PATCH', `/api/manage/orders/${orderId}`, { cookie, body: { ...update, status: 'completed', notes: `\u0000${customer.lastName}` } })).status).toBe(400);
    expect((await call('PATCH', `/api/manage/orders/${orderId}`, { cookie, body: { ...update, status: 'completed', ein } })).status).toBe(200);
    expect((await call('DELETE', '/api/manage/session', { cookie })).status).toBeLessThan(300);

    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;

    // The run was logged: requests by path, so the scan below reads a real log.
    expect(output).toContain('/api/manage/orders');
    expect(output).toContain('/api/checkout');

    const ssnDigits = customer.ssn.split('');
    const forbidden: [string, RegExp][] = [
      ['SSN in any layout', new RegExp(ssnDigits.join('[\\s.-]*'))],
      ['SSN as 523-41-8765', /523-41-8765/],
      ['any e-mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/],
      ['any client secret', /_secret_/],
      ['this client secret', new RegExp(clientSecret)],
      ['the session token', new RegExp(sessionToken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
      ['the admin password', new RegExp(admin.password)],
      ['the enrolled session token', new RegExp(enrolledToken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
      ['the authenticator secret', new RegExp(totpSecret)],
      ...recoveryCodes.map((code): [string, RegExp] => ['a recovery code', new RegExp(code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]),
      ['the EIN', /12-?3456789/],
      ['the phone', /555[\s.-]*019[34]/],
      ...[customer.company, customer.firstName, customer.lastName, customer.rpFirstName, customer.rpLastName, customer.street].map(
        // A word, or a number on its own: "4417" of a street is not in a timestamp like 1795692441729.
        (text): [string, RegExp] => [text, new RegExp(`(?<![0-9])${text.split(' ')[0]!}(?![0-9])`, 'i')],
      ),
    ];
    const found = forbidden.filter(([, pattern]) => pattern.test(output)).map(([name, pattern]) => `${name}: ${pattern.exec(output)?.[0]} in …${output.slice(Math.max(0, (pattern.exec(output)?.index ?? 0) - 200), (pattern.exec(output)?.index ?? 0) + 100)}`);
    expect(found).toEqual([]);
  }, 120_000);
});
