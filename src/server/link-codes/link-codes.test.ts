// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { decodeMail, mailTo } from '#tests/support/orders-api.ts';
import { customerDocumentLinks, emailOutbox, linkCodes, signingRequests } from '../db';
import { sealApplication } from '../encryption';
import { eraseOrderPersonalData } from '../retention';
import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import type { Application } from '#shared/application/application.ts';
import { signingConsents } from '#shared/signing/signing.ts';
import { emailCodeMessages, itinLastFourMessages, maxEmailCodesPerLink, ssnLastFourMessages, type EmailCodeSentResponse } from '#shared/ssn-last-four.ts';
import type { ApiErrorBody } from '#shared/errors.ts';
import { captureStdout } from '#tests/support/captured-stdout.ts';

// The question a customer link asks follows the responsible party's taxpayer number: the last four
// digits of an ITIN like an SSN's, and for a responsible party with neither a code e-mailed to the
// order's address, single use, ten minutes, one a minute, and kept only as an HMAC.

const itinHolder: SampleOverrides = { contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: '912701234', rpUsPerson: 'false' } };
const foreigner: SampleOverrides = { contact: { rpTaxIdType: 'none', rpSSN: '', rpItin: '', rpPhone: '+493012345678' } };

let nextAddress = 0;
const clientAddress = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

// Everything the server logs during a test, to look for secrets in it.
const logged = captureStdout();

describe.each(testDatabaseKinds)('the question of a customer link on %s', (kind) => {
  const harness = withStaffApp(kind, { logger: true, env: { LOG_REQUESTS: 'true' } });
  let admin: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
  }, 60_000);


  async function orderOf(overrides: SampleOverrides, billingEmail = `founder.${Math.random().toString(36).slice(2, 8)}@example.com`) {
    const application = sampleApplication(overrides) as Application;
    return createPaidOrder(harness.database.db, { formData: sealApplication(application, harness.services.cipher), billingEmail });
  }

  async function signingLinkOf(order: { id: number; billingEmail: string }): Promise<string> {
    const sent = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/signature-requests`);
    expect(sent.statusCode, sent.body).toBe(200);
    const links = mailTo(mailbox(harness.env), order.billingEmail).flatMap((message) => [...message.matchAll(/\/sign\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
    return links.at(-1)!;
  }

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, address = clientAddress()) =>
    harness.app.inject({ method, url, remoteAddress: address, ...(payload === undefined ? {} : { payload: payload as string }) });
  const errorOf = (response: LightMyRequestResponse) => response.json<ApiErrorBody>().error;

  /** The codes e-mailed to `address`, oldest first. */
  const codesSentTo = (address: string) =>
    mailTo(mailbox(harness.env), address)
      .map(decodeMail)
      .flatMap((message) => [...message.matchAll(/Your code: (\d{6})/g)].map((match) => match[1]!));

  it('asks an ITIN holder for the ITIN\u2019s last four digits, and takes neither the SSN\u2019s nor a code', async () => {
    const order = await orderOf(itinHolder);
    const token = await signingLinkOf(order);
    // The request e-mail already says which question the page asks.
    expect(decodeMail(mailTo(mailbox(harness.env), order.billingEmail).at(-1)!)).toMatch(/you confirm the last four digits of the responsible party.{1,3}s ITIN\. /);
    const start = await call('GET', `/api/sign/${token}`);
    expect(start.json()).toMatchObject({ state: 'verify', question: 'itin' });

    const noCode = await call('POST', `/api/sign/${token}/code`);
    expect(noCode.statusCode).toBe(409);
    expect(errorOf(noCode).message).toBe(emailCodeMessages.notAsked);
    const badFormat = await call('POST', `/api/sign/${token}/verify`, { ssnLast4: '12' });
    expect(errorOf(badFormat).fields).toEqual({ ssnLast4: [itinLastFourMessages.format] });
    const asCode = await call('POST', `/api/sign/${token}/verify`, { code: '123456' });
    expect(asCode.statusCode).toBe(400);

    const wrong = await call('POST', `/api/sign/${token}/verify`, { ssnLast4: '6789' });
    expect(errorOf(wrong).fields).toEqual({ ssnLast4: [ssnLastFourMessages.wrong(4)] });
    const right = await call('POST', `/api/sign/${token}/verify`, { ssnLast4: '1234' });
    expect(right.statusCode, right.body).toBe(200);
    expect(String(right.headers['set-cookie'])).toMatch(/^ein_signing=/);
    // The review shows the ITIN masked on line 7b, never in full.
    expect(right.body).not.toContain('912701234');
    expect(right.body).not.toContain('912-70-1234');
  });

  it('e-mails a responsible party with neither a 6-digit code, accepted once, then signs and opens the signed copy with another', async () => {
    const order = await orderOf(foreigner);
    const token = await signingLinkOf(order);
    expect(decodeMail(mailTo(mailbox(harness.env), order.billingEmail).at(-1)!)).toContain('you ask the page for a 6-digit code, which we e-mail to this address, and enter it');
    expect((await call('GET', `/api/sign/${token}`)).json()).toMatchObject({ state: 'verify', question: 'email_code' });

    // The last four digits of nothing, and a code never sent, are refused without counting.
    const lastFour = await call('POST', `/api/sign/${token}/verify`, { ssnLast4: '1234' });
    expect(lastFour.statusCode).toBe(400);
    const notSent = await call('POST', `/api/sign/${token}/verify`, { code: '123456' });
    expect(errorOf(notSent).fields).toEqual({ code: [emailCodeMessages.notSent] });

    const sent = await call('POST', `/api/sign/${token}/code`);
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json<EmailCodeSentResponse>();
    expect(answer.sentTo).toMatch(/^f\u2022\u2022\u2022@example\.com$/);
    expect(new Date(answer.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const [code] = codesSentTo(order.billingEmail);
    expect(code).toMatch(/^\d{6}$/);
    const [message] = mailTo(mailbox(harness.env), order.billingEmail).filter((text) => decodeMail(text).includes(`Your code: ${code}`));
    expect(message).not.toMatch(new RegExp(`Subject: .*${code}`));

    // Stored as an HMAC only; the outbox body is erased once sent.
    const [stored] = await harness.database.db.select().from(linkCodes).where(eq(linkCodes.orderId, order.id));
    expect(stored).toMatchObject({ linkKind: 'signing', codesSent: 1, usedAt: null });
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await tablesHolding(code!)).toEqual([]);

    // A wrong code counts toward the lock; the right one opens the form once.
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await call('POST', `/api/sign/${token}/verify`, { code: wrongCode });
    expect(errorOf(wrong).fields).toEqual({ code: [emailCodeMessages.wrong(4)] });
    const right = await call('POST', `/api/sign/${token}/verify`, { code });
    expect(right.statusCode, right.body).toBe(200);
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    const again = await call('POST', `/api/sign/${token}/verify`, { code });
    expect(errorOf(again).fields).toEqual({ code: [emailCodeMessages.used] });
    const [request] = await harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, order.id));
    expect(request!.failedAttempts).toBe(1);

    // Signed; the certificate says how the signer was confirmed, and the copy's link asks a code too.
    const signed = await harness.app.inject({
      method: 'POST',
      url: `/api/sign/${token}/sign`,
      remoteAddress: clientAddress(),
      headers: { cookie, 'user-agent': 'LinkCodeTest/1.0' },
      payload: {
        name: 'John Public',
        title: 'Managing Member',
        signature: { kind: 'typed' },
        consents: { electronic: signingConsents.electronic.version, perjury: signingConsents.perjury.version, designee: signingConsents.designee.version },
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const copyMail = decodeMail(mailTo(mailbox(harness.env), order.billingEmail).at(-1)!);
    expect(copyMail).toContain('you enter a 6-digit code that the page e-mails to the address on your order, as you did to sign');
    const copyToken = /\/signed-ss4\/([A-Za-z0-9_-]{43})/.exec(copyMail)![1]!;
    expect((await call('GET', `/api/signed-ss4/${copyToken}`)).json()).toMatchObject({ state: 'verify', question: 'email_code' });
    expect((await call('POST', `/api/signed-ss4/${copyToken}/code`)).statusCode).toBe(200);
    const copyCode = codesSentTo(order.billingEmail).at(-1)!;
    // The signing link's code, used or not, opens nothing else.
    const otherLinksCode = await call('POST', `/api/signed-ss4/${copyToken}/verify`, { code: copyCode === code ? wrongCode : code });
    expect(errorOf(otherLinksCode).fields).toEqual({ code: [emailCodeMessages.wrong(4)] });
    const opened = await call('POST', `/api/signed-ss4/${copyToken}/verify`, { code: copyCode });
    expect(opened.statusCode, opened.body).toBe(200);
    const [documentCode] = await harness.database.db.select().from(linkCodes).where(eq(linkCodes.linkKind, 'document'));
    const [link] = await harness.database.db.select().from(customerDocumentLinks).where(eq(customerDocumentLinks.orderId, order.id));
    expect(documentCode?.linkId).toBe(link!.id);

    // No code in the log, whatever was logged meanwhile.
    expect(logged.text()).toContain('/api/sign/');
    for (const value of [code!, copyCode]) expect(logged.text()).not.toContain(value);

    // Erasing the order's personal data (a deletion request, the retention purge) takes its codes too.
    await harness.database.db.transaction((tx) => eraseOrderPersonalData(tx, [order.id]));
    expect(await harness.database.db.select().from(linkCodes).where(eq(linkCodes.orderId, order.id))).toEqual([]);
  });

  it('refuses a code out of date, and one replaced by a newer code', async () => {
    const order = await orderOf(foreigner);
    const token = await signingLinkOf(order);
    expect((await call('POST', `/api/sign/${token}/code`)).statusCode).toBe(200);
    const first = codesSentTo(order.billingEmail).at(-1)!;

    // Ten minutes later (the clock moved back on the row), the code says so and counts nothing.
    await harness.database.db.update(linkCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(linkCodes.orderId, order.id));
    const expired = await call('POST', `/api/sign/${token}/verify`, { code: first });
    expect(errorOf(expired).fields).toEqual({ code: [emailCodeMessages.expired] });

    // A new code a minute on replaces the first, which is then simply wrong.
    await harness.database.db.update(linkCodes).set({ sentAt: sql`now() - interval '61 seconds'` }).where(eq(linkCodes.orderId, order.id));
    expect((await call('POST', `/api/sign/${token}/code`)).statusCode).toBe(200);
    const second = codesSentTo(order.billingEmail).at(-1)!;
    if (second !== first) {
      const replaced = await call('POST', `/api/sign/${token}/verify`, { code: first });
      expect(errorOf(replaced).fields).toEqual({ code: [emailCodeMessages.wrong(4)] });
    }
    expect((await call('POST', `/api/sign/${token}/verify`, { code: second })).statusCode).toBe(200);
  });

  it('sends one code a minute and ten per link, and locks the link after five wrong codes', async () => {
    const order = await orderOf(foreigner);
    const token = await signingLinkOf(order);
    expect((await call('POST', `/api/sign/${token}/code`)).statusCode).toBe(200);
    const tooSoon = await call('POST', `/api/sign/${token}/code`);
    expect(tooSoon.statusCode).toBe(429);
    expect(errorOf(tooSoon).message).toMatch(/^We have just sent a code\. You can ask for another in \d+ seconds?\.$/);
    expect(codesSentTo(order.billingEmail)).toHaveLength(1);

    await harness.database.db.update(linkCodes).set({ codesSent: maxEmailCodesPerLink, sentAt: sql`now() - interval '1 hour'` }).where(eq(linkCodes.orderId, order.id));
    const tooMany = await call('POST', `/api/sign/${token}/code`);
    expect(tooMany.statusCode).toBe(429);
    expect(errorOf(tooMany).message).toBe(emailCodeMessages.tooMany);

    const code = codesSentTo(order.billingEmail).at(-1)!;
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let left = 4; left >= 1; left -= 1) expect(errorOf(await call('POST', `/api/sign/${token}/verify`, { code: wrongCode })).fields).toEqual({ code: [emailCodeMessages.wrong(left)] });
    const locked = await call('POST', `/api/sign/${token}/verify`, { code: wrongCode });
    expect(locked.statusCode).toBe(410);
    // Locked, the right code comes too late.
    expect((await call('POST', `/api/sign/${token}/verify`, { code })).statusCode).toBe(410);
  });

  it('answers ten calls a minute from one client on the code route, like the verify route', async () => {
    const order = await orderOf(foreigner);
    const token = await signingLinkOf(order);
    const address = clientAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) answers.push(await call('POST', `/api/sign/${token}/code`, undefined, address));
    expect(answers[0]!.statusCode).toBe(200);
    // The link's own pace refuses the next nine; the eleventh call of the minute is refused by the route's limit.
    for (const answer of answers.slice(1, 10)) expect(errorOf(answer).message).toMatch(/^We have just sent a code/);
    expect(answers[10]!.statusCode).toBe(429);
    expect(errorOf(answers[10]!).message).toBe('Too many requests. Please wait a minute and try again.');
    expect(codesSentTo(order.billingEmail)).toHaveLength(1);
  });

  it('keeps an old order (no taxpayer-number type, an SSN) on the SSN question', async () => {
    const application = sampleApplication();
    const contact: Record<string, unknown> = { ...application.contact };
    delete contact.rpTaxIdType;
    delete contact.rpItin;
    delete contact.rpUsPerson;
    const old = { ...application, contact: { ...contact, rpSSN: harness.services.cipher.encrypt('123456789') } };
    const order = await createPaidOrder(harness.database.db, { formData: old, billingEmail: 'old.order@example.com' });
    const token = await signingLinkOf(order);
    expect((await call('GET', `/api/sign/${token}`)).json()).toMatchObject({ question: 'ssn' });
    expect((await call('POST', `/api/sign/${token}/code`)).statusCode).toBe(409);
    expect((await call('POST', `/api/sign/${token}/verify`, { ssnLast4: '6789' })).statusCode).toBe(200);
  });

  /** Every text or JSON column of every table that holds `needle`, as "table.column". */
  async function tablesHolding(needle: string): Promise<string[]> {
    const columns = (
      await harness.database.db.execute<{ table_name: string; column_name: string }>(sql`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'json', 'jsonb') order by 1, 2`)
    ).rows;
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [hit] = (await harness.database.db.execute<{ hits: number }>(sql`select count(*)::int as hits from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${needle}%`}`)).rows;
      if (Number(hit?.hits) > 0) found.push(`${table}.${column}`);
    }
    // The outbox keeps the message only until it is sent.
    const queued = await harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'verification_code'));
    expect(queued.every((row) => row.status === 'sent')).toBe(true);
    return found;
  }
});
