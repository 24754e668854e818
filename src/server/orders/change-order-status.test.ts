// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { withStaffApp } from '#tests/support/staff-app.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { emailOutbox, orders, orderStatusHistory, signingRequests } from '../db';
import type { AppError } from '../errors';
import { orderTransitions, statusEmailKinds, type OrderStatus, type StatusChangeCause } from '#shared/orders/lifecycle.ts';
import { changeOrderStatus, changeStatusReason, type OrderStatusChange } from './change-order-status';

const origin = 'https://ein.example.com';

describe.each(testDatabaseKinds)('the order lifecycle and its effects on %s', (kind) => {
  const harness = withStaffApp(kind, { env: { PUBLIC_URL: origin } });
  let admin: TestStaffMember;

  beforeAll(async () => {
    admin = await createStaffMember(harness.services, { role: 'admin', name: 'Ada Admin' });
  });

  const actorOf = (member: TestStaffMember) => ({ id: member.id, email: member.email, role: member.role });
  const change = (orderId: number, to: OrderStatus, by: StatusChangeCause, more: Partial<OrderStatusChange> = {}) =>
    harness.database.db.transaction((tx) =>
      changeOrderStatus(tx, {
        orderId,
        to,
        by,
        actor: by === 'staff' ? actorOf(admin) : null,
        ipAddress: null,
        signing: { cipher: harness.services.cipher, env: harness.services.env },
        env: harness.services.env,
        origin,
        ...more,
      }),
    );
  const stored = async (id: number) => (await harness.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const historyOf = (id: number) => harness.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.id));
  const outboxOf = (id: number) => harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id)).orderBy(asc(emailOutbox.id));

  it('locks the order itself: of two changes made at once, the second sees the first one’s status', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await createPaidOrder(harness.database.db);
      // A dispute holds an order being worked; a refund of everything cancels an open one. Put on hold
      // first, both happen; cancelled first, the hold is refused: never both from the same status.
      const outcomes = await Promise.allSettled([change(order.id, 'on_hold', 'dispute'), change(order.id, 'cancelled', 'refund')]);
      const history = await historyOf(order.id);
      expect(history).toHaveLength(outcomes.filter((outcome) => outcome.status === 'fulfilled').length);
      expect(history[0]?.fromStatus).toBe('reviewing_form_data');
      if (history[1]) expect(history[1].fromStatus).toBe(history[0]!.toStatus);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect((outcome.reason as AppError).code).toBe('conflict');
      }
      expect((await stored(order.id)).status).toBe(history.at(-1)!.toStatus);
    }
  });

  it('refuses an order that does not exist', async () => {
    await expect(change(2_000_000_000, 'on_hold', 'dispute')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('has an effect for every e-mail a change sends, and each sends the e-mail of its kind', async () => {
    // Every kind a transition names, reached by the staff change that sends it.
    const staffKinds = orderTransitions.filter((transition) => transition.by === 'staff' && transition.customerEmail !== null);
    expect(new Set(staffKinds.map((transition) => transition.customerEmail))).toEqual(new Set(statusEmailKinds));
    for (const transition of staffKinds) {
      const order = await createPaidOrder(harness.database.db, { ein: transition.to === 'completed' ? '12-3456789' : null });
      const changed = await change(order.id, transition.to, 'staff', { reason: 'We need a copy of your articles.' });
      expect(changed.emailKind).toBe(transition.customerEmail);
      const queued = await outboxOf(order.id);
      expect(queued.map((row) => row.kind)).toEqual([transition.customerEmail]);
      expect(changed.emailIds).toEqual([queued[0]!.id]);
      expect(queued[0]!.toAddress).toBe(order.billingEmail);
    }
  });

  it('writes the signing request with its e-mail when the order enters Awaiting User Signature', async () => {
    const order = await createPaidOrder(harness.database.db);
    await change(order.id, 'awaiting_user_signature', 'staff');
    const requests = await harness.database.db.select().from(signingRequests).where(eq(signingRequests.orderId, order.id));
    expect(requests).toMatchObject([{ status: 'sent', requestedBy: admin.id, signerEmail: order.billingEmail }]);
    const [email] = await outboxOf(order.id);
    expect(email).toMatchObject({ kind: 'signature_request', eraseBodyWhenSent: true });
    expect(email!.textBody).toContain(`${origin}/sign/`);
  });

  it('sends nothing for a change without an e-mail, and the EIN once', async () => {
    const order = await createPaidOrder(harness.database.db, { ein: '12-3456789' });
    expect(await change(order.id, 'preparing_ss4_form', 'staff')).toMatchObject({ emailIds: [], emailKind: null });
    const completed = await change(order.id, 'completed', 'filing');
    expect(completed.order.einEmailedAt).not.toBeNull();
    expect((await outboxOf(order.id)).map((row) => row.kind)).toEqual(['ein']);

    const emailed = await createPaidOrder(harness.database.db, { ein: '12-3456789', einEmailedAt: new Date() });
    expect(await change(emailed.id, 'completed', 'staff')).toMatchObject({ emailIds: [], emailKind: 'ein' });
    expect(await outboxOf(emailed.id)).toEqual([]);
  });

  it('keeps a reason only while the order is in a status that asks for one', async () => {
    const order = await createPaidOrder(harness.database.db);
    await change(order.id, 'on_hold', 'staff', { reason: 'Send us the state’s filing receipt.' });
    expect((await stored(order.id)).holdReason).toBe('Send us the state’s filing receipt.');
    const [held] = await outboxOf(order.id);
    expect(held!.textBody).toContain('Send us the state’s filing receipt.');

    // A new reason while it stays there is e-mailed again; the same one is not.
    const reason = (text: string) =>
      harness.database.db.transaction((tx) => changeStatusReason(tx, { orderId: order.id, reason: text, actor: actorOf(admin), env: harness.services.env, origin, ipAddress: null }));
    expect((await reason('Send us the receipt and the articles.')).emailKind).toBe('on_hold');
    expect((await reason('Send us the receipt and the articles.')).emailIds).toEqual([]);
    expect((await stored(order.id)).holdReason).toBe('Send us the receipt and the articles.');
    expect(await outboxOf(order.id)).toHaveLength(2);

    // Leaving the hold forgets it; a status that asks for none takes none.
    await change(order.id, 'preparing_ss4_form', 'staff', { reason: 'ignored' });
    expect((await stored(order.id)).holdReason).toBeNull();
    expect(await reason('Not asked for here.')).toEqual({ emailIds: [], emailKind: null });
    expect((await stored(order.id)).holdReason).toBeNull();
    expect(await outboxOf(order.id)).toHaveLength(2);
  });
});
