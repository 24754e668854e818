// @vitest-environment node
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher } from '../encryption';
import { eraseOrderPersonalData } from '../retention';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { withStaffApp, staffInject, type SignedInMember } from '#tests/support/staff-app.ts';
import { getOrder, purchase } from '#tests/support/orders-api.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { CheckoutResponse } from '#shared/checkout/checkout.ts';
import { refundMessages } from '#shared/refunds/refunds.ts';
import { comparableCompanyName, duplicateKeyOf } from './duplicate-applications';

// The same application paid twice (decision 041): told before paying, flagged to staff, refundable
// in full as a duplicate.

describe('comparing applications', () => {
  it('reads a company name the way two applications for one company share it', () => {
    const acme = comparableCompanyName('Acme Widgets LLC');
    expect(acme).toBe('acmewidgets');
    for (const written of ['ACME  widgets, L.L.C.', 'Acme Widgets', 'acme-widgets llc', ' Acme Widgets Inc. ']) expect(comparableCompanyName(written)).toBe(acme);
    expect(comparableCompanyName('Café & Bar Co')).toBe(comparableCompanyName('Cafe and Bar'));
    expect(comparableCompanyName('Acme Widgets Two LLC')).not.toBe(acme);
  });

  it('hashes the name with the SSN under the data key, and has no key without an SSN', () => {
    const cipher = createFieldCipher(randomBytes(32));
    const application = sampleApplication();
    const key = duplicateKeyOf(application, cipher);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toContain(application.contact.rpSSN);
    expect(duplicateKeyOf({ ...application, company: { ...application.company, companyName: 'Hill Country Woodworks, L.L.C.' } }, cipher)).toBe(key);
    expect(duplicateKeyOf({ ...application, contact: { ...application.contact, rpSSN: '123456780' } }, cipher)).not.toBe(key);
    expect(duplicateKeyOf(application, createFieldCipher(randomBytes(32)))).not.toBe(key);
    expect(duplicateKeyOf({ ...application, contact: { ...application.contact, rpSSN: '' } }, cipher)).toBeNull();
  });
});

describe.each(testDatabaseKinds)('duplicate applications on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
  });

  /** An application of a company of its own, so the tests do not see each other's orders. */
  function applicationOf(companyName: string, rpSSN = '123456789') {
    const sample = sampleApplication();
    return { ...sample, company: { ...sample.company, companyName }, contact: { ...sample.contact, rpSSN } };
  }

  async function checkout(application: unknown): Promise<CheckoutResponse> {
    const response = await harness.app.inject({ method: 'POST', url: '/api/checkout', payload: { draftId: randomUUID(), email: 'owner@example.com', application } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CheckoutResponse>();
  }

  const unique = () => `Duplicate Test ${randomUUID().slice(0, 8)}`;

  it('warns before paying again for a company and responsible party paid for in the last 30 days', async () => {
    const name = unique();
    expect((await checkout(applicationOf(`${name} LLC`))).duplicateWarning).toBeNull();
    const first = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(`${name} LLC`));
    expect(first.checkout.duplicateWarning).toBeNull();

    // Another case and spacing, and another closing designation: the same company (punctuation, which
    // the same key also drops, no longer reaches a legal name: the IRS takes none).
    const again = await checkout(applicationOf(`${name.toUpperCase()}  Inc`));
    expect(again.duplicateWarning).toEqual({ trackingLast4: first.trackingNumber.slice(-4) });
    // The answer names nothing more of the earlier order than its last four characters.
    expect(JSON.stringify(again)).not.toContain(first.trackingNumber);

    // Another company of the same person, or the same company of another person: no warning.
    expect((await checkout(applicationOf(`${name} Two LLC`))).duplicateWarning).toBeNull();
    expect((await checkout(applicationOf(`${name} LLC`, '123456780'))).duplicateWarning).toBeNull();

    // The warning stops nothing: the second payment goes through.
    const second = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(`${name} LLC`));
    expect(second.checkout.duplicateWarning).toEqual({ trackingLast4: first.trackingNumber.slice(-4) });

    // The latest paid order is the one named; an order older than 30 days is not.
    expect((await checkout(applicationOf(`${name} LLC`))).duplicateWarning).toEqual({ trackingLast4: second.trackingNumber.slice(-4) });
    await harness.database.db.execute(sql`update orders set create_date = now() - interval '31 days' where id in (${first.orderId}, ${second.orderId})`);
    expect((await checkout(applicationOf(`${name} LLC`))).duplicateWarning).toBeNull();
  });

  it('flags both orders to staff, and refunds the duplicate in full', async () => {
    const name = unique();
    const first = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(name));
    const second = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(name));
    const other = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(`${name} Holdings`));

    const secondDetail = await getOrder(harness.app, admin.cookie, second.orderId);
    expect(secondDetail.possibleDuplicates).toEqual([{ id: first.orderId, applicationId: first.trackingNumber, createDate: expect.any(String), paymentStatus: 'paid' }]);
    expect((await getOrder(harness.app, admin.cookie, first.orderId)).possibleDuplicates?.map((order) => order.id)).toEqual([second.orderId]);
    expect((await getOrder(harness.app, admin.cookie, other.orderId)).possibleDuplicates).toEqual([]);

    // The full refund of the duplicate, as the flag's button asks for it.
    const refund = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${second.orderId}/refunds`, {
      amountCents: secondDetail.payments.refundableCents,
      reason: 'duplicate_payment',
      note: `Duplicate of order #${first.trackingNumber}.`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = await getOrder(harness.app, admin.cookie, second.orderId);
    expect(refunded.status).toBe('cancelled');
    expect(refunded.payments.refunds.map((entry) => [entry.reason, entry.amountCents])).toEqual([['duplicate_payment', secondDetail.amountCents]]);
    expect((await getOrder(harness.app, admin.cookie, first.orderId)).possibleDuplicates).toEqual([expect.objectContaining({ id: second.orderId, paymentStatus: 'refunded' })]);

    // Refunded in full, the duplicate no longer counts: the warning names the first order.
    expect((await checkout(applicationOf(name))).duplicateWarning).toEqual({ trackingLast4: first.trackingNumber.slice(-4) });
  });

  it('refuses to refund the order that was kept as a duplicate once its duplicate is refunded', async () => {
    const name = unique();
    const first = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(name));
    const second = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(name));
    const refundAsDuplicate = (orderId: number, amountCents: number) =>
      staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${orderId}/refunds`, { amountCents, reason: 'duplicate_payment', note: '' });

    const secondDetail = await getOrder(harness.app, admin.cookie, second.orderId);
    expect((await refundAsDuplicate(second.orderId, secondDetail.payments.refundableCents)).statusCode).toBe(200);

    // The first order is the one kept: refunding it as a duplicate too is refused, and nothing is refunded.
    const firstDetail = await getOrder(harness.app, admin.cookie, first.orderId);
    const refused = await refundAsDuplicate(first.orderId, firstDetail.payments.refundableCents);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({ code: 'order_not_refundable', message: refundMessages.keptOrder([second.trackingNumber]) });
    const after = await getOrder(harness.app, admin.cookie, first.orderId);
    expect(after.payments.refunds).toEqual([]);
    expect(after.status).toBe(firstDetail.status);

    // A refund of it for another reason is still the admin's to make.
    const partial = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${first.orderId}/refunds`, { amountCents: 100, reason: 'customer_request', note: '' });
    expect(partial.statusCode, partial.body).toBe(200);
  });

  it('counts a duplicate refund still pending: the second of two orders is kept', async () => {
    const name = unique();
    const first = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(name));
    const second = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(name));
    // The first order's refund was asked and the provider has not answered yet.
    await harness.database.db.execute(
      sql`insert into refunds (order_id, amount_cents, reason, note, state, source, idempotency_key) select id, amount, 'duplicate_payment', '', 'pending', 'staff', ${`refund:${randomUUID()}`} from orders where id = ${first.orderId}`,
    );
    const secondDetail = await getOrder(harness.app, admin.cookie, second.orderId);
    const refused = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${second.orderId}/refunds`, {
      amountCents: secondDetail.payments.refundableCents,
      reason: 'duplicate_payment',
      note: '',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(refundMessages.keptOrder([first.trackingNumber]));
  });

  it('keeps only the keyed hash, and erases it with the application', async () => {
    const name = unique();
    const paid = await purchase(harness.app, harness.services, 'owner@example.com', applicationOf(name, '123456781'));
    const [row] = (await harness.database.db.execute(sql`select c.duplicate_key from checkouts c join orders o on o.checkout_id = c.id where o.id = ${paid.orderId}`)).rows as { duplicate_key: string | null }[];
    expect(row?.duplicate_key).toMatch(/^[\w-]{43}$/);
    expect(row?.duplicate_key).not.toContain('123456781');

    await eraseOrderPersonalData(harness.database.db, [paid.orderId]);
    const [after] = (await harness.database.db.execute(sql`select c.duplicate_key from checkouts c join orders o on o.checkout_id = c.id where o.id = ${paid.orderId}`)).rows as { duplicate_key: string | null }[];
    expect(after?.duplicate_key ?? null).toBeNull();
  });
});
