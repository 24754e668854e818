// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { withStaffApp } from '#tests/support/staff-app.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { orders, type Db } from '../db';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { permissionRefusal } from '#shared/staff/permissions.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { assignOrder } from './assign-order';
import { correctEin } from './correct-ein';
import { setOrderNotes } from './set-order-notes';
import { setOrderPriority } from './set-order-priority';
import { setOrderStatus } from './set-order-status';

type Order = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const origin = 'https://ein.example.com';

describe.each(testDatabaseKinds)('the order page’s verbs, each with its own permission, on %s', (kind) => {
  const harness = withStaffApp(kind);
  let support: StaffUser;
  let fulfiller: StaffUser;
  let admin: TestStaffMember;

  const asStaffUser = (member: TestStaffMember): StaffUser => ({ id: member.id, name: member.name, email: member.email, role: member.role, notificationEnabled: false, priorityFulfiller: false });

  beforeAll(async () => {
    support = asStaffUser(await createStaffMember(harness.services, { role: 'support', name: 'Sam Support' }));
    fulfiller = asStaffUser(await createStaffMember(harness.services, { role: 'fulfiller', name: 'Fay Fulfiller' }));
    admin = await createStaffMember(harness.services, { role: 'admin', name: 'Ada Admin' });
  });

  const stored = async (id: number) => (await harness.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const inTx = <T>(work: (tx: Tx) => Promise<T>) => harness.database.db.transaction(work);
  const now = new Date();

  const verbs = (actor: StaffUser, order: Order) => ({
    notes: () => inTx((tx) => setOrderNotes(tx, { order, actor, notes: 'A note', now })),
    priority: () => inTx((tx) => setOrderPriority(tx, { order, actor, priority: 'rush', now })),
    assignment: () => inTx((tx) => assignOrder(tx, { order, actor, assignedTo: admin.id, ipAddress: null, origin, now })),
    ein: () => inTx((tx) => correctEin(tx, { order, actor, ein: '12-3456789', env: harness.services.env, origin, ipAddress: null, now })),
    status: () =>
      inTx((tx) => setOrderStatus(tx, { order, actor, status: 'preparing_ss4_form', reason: null, services: harness.services, ipAddress: null, origin, now })),
  });

  it('refuses support each change of the order, and changes nothing', async () => {
    const order = await createPaidOrder(harness.database.db, { status: 'reviewing_form_data' });
    const of = verbs(support, order);
    await expect(of.notes()).rejects.toMatchObject({ code: 'permission_denied', message: permissionRefusal('orders:update') });
    await expect(of.priority()).rejects.toMatchObject({ code: 'permission_denied', message: permissionRefusal('orders:update') });
    await expect(of.assignment()).rejects.toMatchObject({ code: 'permission_denied', message: staffMessages.assignOthersAdminsOnly });
    await expect(of.ein()).rejects.toMatchObject({ code: 'permission_denied', message: permissionRefusal('orders:record-ein') });
    await expect(of.status()).rejects.toMatchObject({ code: 'permission_denied', message: permissionRefusal('orders:change-status') });
    expect(await stored(order.id)).toMatchObject({ notes: order.notes, priority: order.priority, assignedTo: null, ein: null, status: 'reviewing_form_data', version: order.version });
  });

  it('refuses support a new reason for a hold', async () => {
    const order = await createPaidOrder(harness.database.db, { status: 'on_hold', holdReason: 'Send us the receipt.' });
    const newReason = () =>
      inTx((tx) => setOrderStatus(tx, { order, actor: support, status: 'on_hold', reason: 'Something else.', services: harness.services, ipAddress: null, origin, now }));
    await expect(newReason()).rejects.toMatchObject({ code: 'permission_denied', message: permissionRefusal('orders:change-status') });
    expect((await stored(order.id)).holdReason).toBe('Send us the receipt.');
  });

  it('lets a fulfiller change their order’s fields but not its assignee', async () => {
    const order = await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id });
    const of = verbs(fulfiller, order);
    await expect(of.assignment()).rejects.toMatchObject({ code: 'permission_denied', message: staffMessages.assignOthersAdminsOnly });
    expect(await of.notes()).toMatchObject({ notes: 'A note' });
    expect(await of.priority()).toMatchObject({ priority: 'rush' });
    expect((await of.ein()).order).toMatchObject({ ein: '12-3456789', einEmailedAt: null });
    expect(await of.status()).toMatchObject({ emailIds: [], emailKind: null });
    expect(await stored(order.id)).toMatchObject({ status: 'preparing_ss4_form', assignedTo: fulfiller.id });
  });

  it('writes nothing, and asks for no permission, when the value is the same', async () => {
    const order = await createPaidOrder(harness.database.db, { notes: 'As it was' });
    const same = await inTx((tx) => setOrderNotes(tx, { order, actor: support, notes: 'As it was', now }));
    expect(same).toBe(order);
    expect((await stored(order.id)).version).toBe(order.version);
  });
});
