// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { emailOutbox, orders } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp } from '#tests/support/staff-app.ts';
import { applicationWithSsn, getOrder, mailTo, saveOrder } from '#tests/support/orders-api.ts';
import { customerStatusFor, findTransition, orderStatuses, orderStatusTable, trackingStageFor, type OrderStatus } from '#shared/orders/lifecycle.ts';
import { trackingStageTexts, type TrackingResult } from '#shared/tracking/tracking.ts';
import { signatureActionNeeded } from '#shared/signing/signing.ts';
import { seller } from '#shared/seller.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { OrderDetailResponse } from '#shared/fulfilment/orders.ts';
import { expectedStatuses } from '#tests/support/order-statuses.ts';

// Every status staff can set, from a new order: what the customer is e-mailed (through the outbox,
// with Reply-To the support address, naming their company and the seller) and what tracking says.

const publicUrl = 'https://ein.example.com';
const supportEmail = 'help@ein.example.com';
const holdReason = 'We need a copy of your articles of organization.\nPlease reply with a PDF or a photo.';

/** The customer's e-mail for each status, by outbox kind and subject; null where the status has none. */
const expectedEmail = (status: OrderStatus) => expectedStatuses[status].customerEmail;

describe.each(testDatabaseKinds)('status e-mails and tracking on %s', (kind) => {
  const harness = withStaffApp(kind, { env: { PUBLIC_URL: publicUrl, SUPPORT_EMAIL: supportEmail } });
  let adminCookie: string;
  let nextClient = 0;

  beforeAll(async () => {
    adminCookie = (await harness.signedIn({ role: 'admin' })).cookie;
  }, 60_000);

  const outboxOf = (orderId: number) => harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.id));
  const track = async (number: string): Promise<TrackingResult> => {
    nextClient += 1;
    const response = await harness.app.inject({ method: 'GET', url: `/api/track/${number}`, remoteAddress: `198.51.100.${nextClient % 250}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TrackingResult>();
  };
  const newOrder = (email: string) => createPaidOrder(harness.database.db, { billingEmail: email, formData: applicationWithSsn(harness.services.cipher, '123456789') });

  it('refuses staff a move to Overdue at IRS, which only the filing leg makes', async () => {
    const order = await newOrder(`status-overdue-${kind}@example.com`);
    const response = await saveOrder(harness.app, adminCookie, order.id, changesFor('irs_overdue'));
    expect(response.statusCode).toBe(409);
    expect((await outboxOf(order.id)).filter((row) => row.toAddress === order.billingEmail)).toEqual([]);
  });

  /** The fields a move to `status` needs: the EIN to complete, the customer's reason to hold. */
  const changesFor = (status: OrderStatus) => ({
    status,
    ...(status === 'completed' ? { ein: '12-3456789' } : {}),
    ...(status === 'on_hold' ? { holdReason } : {}),
  });

  // Overdue at IRS is the filing leg's alone (src/server/filing): staff are refused it below.
  it.each(orderStatuses.filter((status) => status !== 'reviewing_form_data' && !('filingOnly' in orderStatusTable[status])))('%s: the customer is told by e-mail when they should be, and tracking says what is true', async (status) => {
    const email = `status-${status}-${kind}@example.com`;
    const order = await newOrder(email);
    const response = await saveOrder(harness.app, adminCookie, order.id, changesFor(status));
    expect(response.statusCode, response.body).toBe(200);

    const customerRows = (await outboxOf(order.id)).filter((row) => row.toAddress === email);
    const expected = expectedEmail(status);
    // The transition table says which changes e-mail the customer; the e-mails sent agree with it.
    expect(findTransition('reviewing_form_data', status, 'staff')?.customerEmail ?? null, status).toBe(expected?.kind ?? null);
    if (expected) {
      expect(customerRows.map((row) => row.kind)).toEqual([expected.kind]);
      const row = customerRows[0]!;
      expect(row.subject).toMatch(expected.subject);
      expect(row.replyTo).toBe(supportEmail);
      expect(row.status).toBe('sent');
      // The signing link is erased from the outbox once sent; the message itself (read below) had it all.
      const sentText = mailTo(mailbox(harness.env), email)[0] ?? '';
      for (const body of row.eraseBodyWhenSent ? [sentText] : [row.textBody, row.htmlBody]) {
        expect(body).toContain(order.applicationId);
        expect(body).toContain('Hill Country Woodworks LLC');
        expect(body).toContain(seller.legalName);
        expect(body).toContain(supportEmail);
        for (const secret of ['123456789', '123-45-6789']) expect(body).not.toContain(secret);
      }
      // The message as it went out carries the Reply-To header.
      const sent = mailTo(mailbox(harness.env), email);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(new RegExp(`^Reply-To: ${supportEmail.replace('.', '\\.')}$`, 'mi'));
    } else {
      expect(customerRows).toEqual([]);
    }

    const tracked = await track(order.applicationId);
    expect(tracked.status).toBe(customerStatusFor(status));
    expect(tracked.stage).toBe(trackingStageFor(status));
    expect(tracked.actionNeeded).toBe(status === 'awaiting_user_signature' ? signatureActionNeeded : undefined);
  });

  it('tells the truth at each stage: reviewing is not "with the IRS", on hold promises contact, completed names the letter only where there is one', () => {
    expect(trackingStageFor('reviewing_form_data')).toBe('reviewing');
    expect(trackingStageTexts.reviewing.description).toMatch(/checking the answers/);
    expect(trackingStageTexts.reviewing.description).not.toMatch(/processed with the IRS/);
    expect(trackingStageTexts.on_hold.description).toMatch(/We will contact you/);
    expect(trackingStageTexts.completed.description).toMatch(/e-mailed it to you/);
    // The IRS's letter is on file only when the filing leg received it: the words say so.
    expect(trackingStageTexts.completed.nextSteps.filter((step) => /letter/.test(step))).toEqual([expect.stringMatching(/^If we had the IRS\u2019s letter when we sent it, that e-mail links to it/)]);
    for (const [stage, text] of Object.entries(trackingStageTexts)) {
      const words = [text.description, ...text.nextSteps.filter((step) => stage !== 'completed' || !/^If we had the IRS\u2019s letter/.test(step))].join(' ');
      expect(words, stage).not.toMatch(/letter|2-3 business days|1-2 business days/);
    }
  });

  it('puts the reason staff wrote into the on-hold e-mail and on the order page, e-mails a changed reason, and forgets it when the hold ends', async () => {
    const email = `hold-${kind}@example.com`;
    const order = await newOrder(email);
    await saveOrder(harness.app, adminCookie, order.id, { status: 'on_hold', holdReason });
    const [first] = (await outboxOf(order.id)).filter((row) => row.kind === 'on_hold');
    expect(first!.textBody).toContain('> We need a copy of your articles of organization.\n> Please reply with a PDF or a photo.');
    expect(first!.htmlBody).toContain('We need a copy of your articles of organization.');
    expect((await getOrder(harness.app, adminCookie, order.id)).holdReason).toBe(holdReason);

    // Saving with the same reason sends nothing new; a new reason is the customer's news.
    await saveOrder(harness.app, adminCookie, order.id, { notes: 'Called the customer' });
    expect((await outboxOf(order.id)).filter((row) => row.kind === 'on_hold')).toHaveLength(1);
    await saveOrder(harness.app, adminCookie, order.id, { holdReason: 'We also need the county of the business.' });
    const holds = (await outboxOf(order.id)).filter((row) => row.kind === 'on_hold');
    expect(holds).toHaveLength(2);
    expect(holds[1]!.textBody).toContain('We also need the county of the business.');

    await saveOrder(harness.app, adminCookie, order.id, { status: 'preparing_ss4_form' });
    const [row] = await harness.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.holdReason).toBeNull();
    expect((await getOrder(harness.app, adminCookie, order.id)).holdReason).toBeNull();
  });

  it('refuses to put an order on hold without a reason for the customer, and changes nothing', async () => {
    const order = await newOrder(`no-reason-${kind}@example.com`);
    for (const reason of [undefined, '', '   ']) {
      const current = await getOrder(harness.app, adminCookie, order.id);
      const body = { version: current.version, status: 'on_hold', priority: current.priority, assignedTo: null, notes: '', ein: '', ...(reason === undefined ? {} : { holdReason: reason }) };
      const response = await staffInject(harness.app, adminCookie, 'PATCH', `/api/manage/orders/${order.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { fields: Record<string, string[]> } }>().error.fields.holdReason).toEqual([staffMessages.holdReasonRequired]);
    }
    const tooLong = await saveOrder(harness.app, adminCookie, order.id, { status: 'on_hold', holdReason: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    const [row] = await harness.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('reviewing_form_data');
    expect(await outboxOf(order.id)).toEqual([]);
  });

  it('queues the cancellation e-mail in the same transaction as the status: a refused save queues none', async () => {
    const order = await newOrder(`cancel-${kind}@example.com`);
    // Completing without an EIN is refused: neither the status nor any e-mail is written.
    const refused = await saveOrder(harness.app, adminCookie, order.id, { status: 'completed', ein: '' });
    expect(refused.statusCode).toBe(400);
    expect(await outboxOf(order.id)).toEqual([]);
    const cancelled = await saveOrder(harness.app, adminCookie, order.id, { status: 'cancelled' });
    expect(cancelled.json<OrderDetailResponse>().order.status).toBe('cancelled');
    const rows = await outboxOf(order.id);
    expect(rows.map((row) => row.kind)).toEqual(['cancelled']);
    expect(rows[0]!.textBody).toMatch(/We will not file it with the IRS/);
    // Saving the cancelled order again does not tell the customer twice.
    await saveOrder(harness.app, adminCookie, order.id, { notes: 'Refund handled' });
    expect((await outboxOf(order.id)).map((row) => row.kind)).toEqual(['cancelled']);
  });
});
