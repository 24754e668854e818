// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { orders, signingRequests } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { applicationWithSsn, auditRows, getOrder, mailTo, saveOrder } from '#tests/support/orders-api.ts';
import { signingConsents, signingMessages, type SignSubmission, type SigningState } from '#shared/signing/signing.ts';
import { filingMessages } from '#shared/filing/filing.ts';
import type { ApiErrorBody } from '#shared/errors.ts';

// A signed SS-4 is undone only on purpose (decision 048): a new signing link for a signed order is
// refused, and "Void the signature and ask again" sets the signature aside with a reason, an audit row
// and an e-mail that tells the customer why.

const designeeEnv = {
  SS4_DESIGNEE_NAME: 'EIN Filing Service LLC',
  SS4_DESIGNEE_ADDRESS: '500 Congress Ave, Austin, TX 78701',
  SS4_DESIGNEE_PHONE: '(512) 555-0100',
};

const submission: SignSubmission = {
  name: 'John Public',
  title: 'Managing Member',
  signature: { kind: 'typed' },
  consents: { electronic: signingConsents.electronic.version, perjury: signingConsents.perjury.version, designee: signingConsents.designee.version },
};

const reason = 'You wrote to us that the company starts on December 1, not November 20: line 11 is corrected.';

let nextAddress = 0;
function clientAddress(): string {
  nextAddress += 1;
  return `192.0.2.${(nextAddress % 250) + 1}`;
}

describe.each(testDatabaseKinds)('voiding a signature on %s', (kind) => {
  const harness = withStaffApp(kind, { env: designeeEnv });
  let fulfiller: SignedInMember;
  let other: SignedInMember;

  beforeAll(async () => {
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Fran Fulfiller' });
    other = await harness.signedIn({ role: 'fulfiller' });
  }, 60_000);

  const errorOf = (response: LightMyRequestResponse) => response.json<ApiErrorBody>().error;
  const rowsOf = (orderId: number) => harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, orderId));
  const customerMail = (address: string) => mailTo(mailbox(harness.env), address);

  function latestLinkTo(address: string): string {
    const links = customerMail(address).flatMap((message) => [...message.matchAll(/\/sign\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
    const token = links.at(-1);
    if (!token) throw new Error(`No signing link was sent to ${address}`);
    return token;
  }

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie?: string) =>
    harness.app.inject({ method, url, remoteAddress: clientAddress(), headers: { 'user-agent': 'VoidTest/1.0', ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as string }) });

  const requestSignature = (orderId: number) => staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${orderId}/signature-requests`);
  const voidIt = (orderId: number, body: unknown, cookie = fulfiller.cookie) => staffInject(harness.app, cookie, 'POST', `/api/manage/orders/${orderId}/signature/void`, body);

  /** Signs the order's latest link as the customer does. */
  async function signLatest(address: string): Promise<string> {
    const token = latestLinkTo(address);
    const verified = await call('POST', `/api/sign/${token}/verify`, { ssnLast4: '6789' });
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
    const signed = await call('POST', `/api/sign/${token}/sign`, submission, cookie);
    expect(signed.statusCode, signed.body).toBe(200);
    return token;
  }

  async function signedOrder() {
    const order = await createPaidOrder(harness.database.db, {
      formData: applicationWithSsn(harness.services.cipher, '123456789'),
      assignedTo: fulfiller.id,
      billingEmail: `void-${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    });
    expect((await requestSignature(order.id)).statusCode).toBe(200);
    const token = await signLatest(order.billingEmail);
    expect((await getOrder(harness.app, fulfiller.cookie, order.id)).status).toBe('ss4_signed_awaiting_irs');
    return { order, token };
  }

  it('refuses a new signing link for a signed order, then voids the signature with a reason, an audit row and an e-mail that says why', async () => {
    const { order, token: signedToken } = await signedOrder();
    const mailBefore = customerMail(order.billingEmail).length;

    // A new link is refused, by the staff action and by a status change alike, and nothing changes.
    const refused = await requestSignature(order.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'order_already_signed', message: signingMessages.orderSigned });
    const moved = await saveOrder(harness.app, fulfiller.cookie, order.id, { status: 'awaiting_user_signature' });
    expect(moved.statusCode).toBe(409);
    expect(errorOf(moved).code).toBe('order_already_signed');
    const stillSigned = await getOrder(harness.app, fulfiller.cookie, order.id);
    expect(stillSigned.status).toBe('ss4_signed_awaiting_irs');
    expect(stillSigned.signing?.state).toBe('signed');
    expect(await rowsOf(order.id)).toHaveLength(1);
    expect(customerMail(order.billingEmail)).toHaveLength(mailBefore);

    // The reason is required, by the same schema as the browser's.
    for (const body of [{}, { reason: '   ' }, { reason: 'Fix it' }, { reason: 'x'.repeat(501) }, { reason, extra: true }]) {
      const bad = await voidIt(order.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).code).toBe('validation_failed');
    }
    expect(errorOf(await voidIt(order.id, {})).fields?.reason).toEqual([signingMessages.voidReasonRequired]);
    expect((await voidIt(order.id, { reason }, other.cookie)).statusCode).toBe(404);
    expect((await getOrder(harness.app, fulfiller.cookie, order.id)).signing?.state).toBe('signed');

    const voided = await voidIt(order.id, { reason: `  ${reason}  ` });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json<{ signing: SigningState }>().signing.state).toBe('sent');

    // The order waits for the signature again, changed by the staff member through the lifecycle.
    const detail = await getOrder(harness.app, fulfiller.cookie, order.id);
    expect(detail.status).toBe('awaiting_user_signature');
    expect(detail.statusHistory.at(-1)).toMatchObject({ fromStatus: 'ss4_signed_awaiting_irs', toStatus: 'awaiting_user_signature', changedBy: { id: fulfiller.id, name: 'Fran Fulfiller' } });

    // The audit row names the set-aside request, the new one, and the reason as written.
    const [setAside, fresh] = (await rowsOf(order.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const [audit, ...more] = await auditRows(harness.database.db, 'signature_voided', `order:${order.id}`);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actor_id: fulfiller.id, detail: { requestId: setAside!.id, newRequestId: fresh!.id, reason } });

    // The signed form is kept for the record, but it is no longer the order's signed SS-4.
    expect(setAside).toMatchObject({ status: 'set_aside', voidedAt: expect.any(Date) });
    expect(setAside!.signedPdf).toBeTruthy();
    expect((await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`)).statusCode).toBe(404);
    const unsignedFiling = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/filings`, { method: 'fax' });
    expect(unsignedFiling.statusCode).toBe(409);
    expect(errorOf(unsignedFiling).message).toBe(filingMessages.notSigned);
    const oldLink = await call('GET', `/api/sign/${signedToken}`);
    expect(oldLink.statusCode).toBe(410);
    expect(errorOf(oldLink).message).toBe(signingMessages.linkSetAside);

    // The customer's e-mail says why, quoting staff, and carries the new link, which works.
    const messages = customerMail(order.billingEmail);
    expect(messages).toHaveLength(mailBefore + 1);
    const message = messages.at(-1)!;
    expect(message).toMatch(/Subject: Action needed: please sign your SS-4 again/);
    expect(message.replace(/\s+/g, ' ')).toContain(`> ${reason}`);
    expect(message).toContain('will not be filed with the IRS');
    const newToken = latestLinkTo(order.billingEmail);
    expect(newToken).not.toBe(signedToken);
    expect((await call('GET', `/api/sign/${newToken}`)).statusCode).toBe(200);

    // Signed again, the order moves on as before.
    await signLatest(order.billingEmail);
    expect((await getOrder(harness.app, fulfiller.cookie, order.id)).status).toBe('ss4_signed_awaiting_irs');
    expect((await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`)).statusCode).toBe(200);
  }, 90_000);

  it('refuses to void once a filing is under way, without a signature, and on a closed order', async () => {
    const { order } = await signedOrder();
    const filed = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/filings`, { method: 'online' });
    expect(filed.statusCode, filed.body).toBe(201);
    const afterFiling = await voidIt(order.id, { reason });
    expect(afterFiling.statusCode).toBe(409);
    expect(errorOf(afterFiling).message).toBe(signingMessages.voidAfterFiling);
    expect((await rowsOf(order.id)).map((row) => row.status)).toEqual(['signed']);
    expect(await auditRows(harness.database.db, 'signature_voided', `order:${order.id}`)).toEqual([]);

    const unsigned = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), assignedTo: fulfiller.id });
    const nothing = await voidIt(unsigned.id, { reason });
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).message).toBe(signingMessages.noSignatureToVoid);

    const closed = await signedOrder();
    await harness.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, closed.order.id));
    const refused = await voidIt(closed.order.id, { reason });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(signingMessages.voidClosed);
  }, 90_000);
});
