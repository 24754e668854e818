// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { orders, user } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, withStaffApp } from '#tests/support/staff-app.ts';
import { createStaffMember } from '#tests/factories/staff.ts';
import { auditRows, mailTo, purchase } from '#tests/support/orders-api.ts';

const publicUrl = 'https://ein.example.com';

describe.each(testDatabaseKinds)('auto-assignment of newly paid orders on %s', (kind) => {
  const harness = withStaffApp(kind, { env: { PUBLIC_URL: publicUrl } });

  beforeEach(async () => {
    // Each test sets up its own candidates and workloads.
    await harness.database.db.update(user).set({ priorityFulfiller: false });
    await harness.database.db.execute(sql`truncate orders, checkouts cascade`);
  });

  const assigneeOf = async (orderId: number) => {
    const [row] = await harness.database.db.select({ assignedTo: orders.assignedTo, assignedAt: orders.assignedAt }).from(orders).where(eq(orders.id, orderId));
    return row;
  };

  it('gives the order to the active priority fulfiller with the fewest active orders, ties by name, and tells them', async () => {
    const paula = await createStaffMember(harness.services, { name: 'Paula Priority', priorityFulfiller: true });
    const pete = await createStaffMember(harness.services, { name: 'Pete Priority', priorityFulfiller: true });
    // Idle, but not candidates: not priority, suspended, or without a staff role.
    await createStaffMember(harness.services, { name: 'Aaron Regular' });
    await createStaffMember(harness.services, { name: 'Abe Suspended', priorityFulfiller: true, suspended: true });
    await createStaffMember(harness.services, { name: 'Abby Norole', priorityFulfiller: true, role: 'none' });
    // A support member works no orders, even marked priority.
    await createStaffMember(harness.services, { name: 'Abigail Support', priorityFulfiller: true, role: 'support' });

    for (const status of ['reviewing_form_data', 'on_hold', 'submitted']) await createPaidOrder(harness.database.db, { assignedTo: paula.id, status });
    // Finished orders do not count as work.
    for (const status of ['preparing_ss4_form', 'completed', 'completed', 'completed', 'cancelled', 'cancelled']) {
      await createPaidOrder(harness.database.db, { assignedTo: pete.id, status });
    }

    const first = await purchase(harness.app, harness.services);
    const assigned = await assigneeOf(first.orderId);
    expect(assigned?.assignedTo).toBe(pete.id);
    expect(assigned?.assignedAt).not.toBeNull();
    expect(await auditRows(harness.database.db, 'order_auto_assigned', `order:${first.orderId}`)).toEqual([
      { actor_id: null, action: 'order_auto_assigned', target: `order:${first.orderId}`, detail: { assignedTo: pete.id } },
    ]);
    const mails = mailTo(mailbox(harness.env), pete.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(first.trackingNumber);
    expect(mails[0]).toContain(`${publicUrl}/manage/orders/${first.orderId}`);
    expect(mails[0]).toContain('assigned to you automatically');
    // The customer's confirmation went out as well.
    expect(mailTo(mailbox(harness.env), 'owner@example.com')).toHaveLength(1);

    // Pete now has two active orders to Paula's three: his again. Then three each: Paula by name.
    const second = await purchase(harness.app, harness.services);
    expect((await assigneeOf(second.orderId))?.assignedTo).toBe(pete.id);
    const third = await purchase(harness.app, harness.services);
    expect((await assigneeOf(third.orderId))?.assignedTo).toBe(paula.id);
  });

  it('leaves the order unassigned when no active priority fulfiller exists', async () => {
    await createStaffMember(harness.services, { name: 'Rita Regular' });
    const suspended = await createStaffMember(harness.services, { name: 'Sam Suspended', priorityFulfiller: true, suspended: true });
    const { orderId } = await purchase(harness.app, harness.services);
    expect(await assigneeOf(orderId)).toEqual({ assignedTo: null, assignedAt: null });
    expect(await auditRows(harness.database.db, 'order_auto_assigned', `order:${orderId}`)).toEqual([]);
    expect(mailTo(mailbox(harness.env), suspended.email)).toEqual([]);
  });

  it('assigns without an e-mail to a priority fulfiller who turned notifications off; an admin may be one too', async () => {
    const quiet = await createStaffMember(harness.services, { role: 'admin', name: 'Quinn Quiet', priorityFulfiller: true, notificationEnabled: false });
    const { orderId } = await purchase(harness.app, harness.services);
    expect((await assigneeOf(orderId))?.assignedTo).toBe(quiet.id);
    expect(mailTo(mailbox(harness.env), quiet.email)).toEqual([]);
  });

  it('spreads orders paid at the same moment instead of giving them all to one person', async () => {
    const one = await createStaffMember(harness.services, { name: 'Uma One', priorityFulfiller: true });
    const two = await createStaffMember(harness.services, { name: 'Tess Two', priorityFulfiller: true });
    const bought = await Promise.all([1, 2, 3, 4].map(() => purchase(harness.app, harness.services)));
    const assignees = await Promise.all(bought.map(async ({ orderId }) => (await assigneeOf(orderId))?.assignedTo));
    expect(assignees.filter((id) => id === one.id)).toHaveLength(2);
    expect(assignees.filter((id) => id === two.id)).toHaveLength(2);
  });
});
