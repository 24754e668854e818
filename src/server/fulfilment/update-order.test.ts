// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { orders, orderStatusHistory } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import type { Mailer } from '../email';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import type { OrderDetailResponse } from '#shared/fulfilment/orders.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { applicationWithSsn, auditRows, formOf, getOrder, mailTo, saveOrder } from '#tests/support/orders-api.ts';

const publicUrl = 'https://ein.example.com';

describe.each(testDatabaseKinds)('PATCH /api/manage/orders/:id on %s', (kind) => {
  /** While set, the mailer fails the messages it matches, as an unreachable mail server would. */
  let failMail: ((subject: string) => boolean) | null = null;
  const wrapMailer = (mailer: Mailer): Mailer => ({
    async send(message) {
      if (failMail?.(message.subject)) throw Object.assign(new Error('SMTP server unavailable'), { code: 'ECONNREFUSED' });
      await mailer.send(message);
    },
  });
  const harness = withStaffApp(kind, { wrapMailer, env: { PUBLIC_URL: publicUrl } });
  let admin: SignedInMember;
  let fulfiller: SignedInMember;
  let otherFulfiller: TestStaffMember;
  let quietFulfiller: TestStaffMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin', name: 'Ada Admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Frank Fulfiller' });
    otherFulfiller = await createStaffMember(harness.services, { role: 'fulfiller', name: 'Olga Other' });
    quietFulfiller = await createStaffMember(harness.services, { role: 'fulfiller', name: 'Quinn Quiet', notificationEnabled: false });
  });

  const stored = async (id: number) => {
    const [row] = await harness.database.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error(`No order ${id}`);
    return row;
  };
  const historyOf = (id: number) => harness.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
  const mailsTo = (address: string) => mailTo(mailbox(harness.env), address);

  it('saves status, priority and notes; a status change writes one history row and one audit row', async () => {
    const order = await createPaidOrder(harness.database.db);
    const response = await saveOrder(harness.app, admin.cookie, order.id, { status: 'checking_company_registration', priority: 'express', notes: 'Waiting on the state' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<OrderDetailResponse>();
    expect(body.einEmail).toBe('not_due');
    expect(body.order).toMatchObject({ status: 'checking_company_registration', priority: 'express', notes: 'Waiting on the state', assignee: null });
    expect(body.order.statusHistory).toEqual([
      { fromStatus: 'reviewing_form_data', toStatus: 'checking_company_registration', changedAt: expect.any(String), changedBy: { id: admin.id, name: 'Ada Admin' } },
    ]);
    expect(new Date(body.order.updatedAt).getTime()).toBeGreaterThan(order.updatedAt.getTime());
    expect(await auditRows(harness.database.db, 'order_status_changed', `order:${order.id}`)).toEqual([
      { actor_id: admin.id, action: 'order_status_changed', target: `order:${order.id}`, detail: { from: 'reviewing_form_data', to: 'checking_company_registration' } },
    ]);

    // Saving without a status change writes neither.
    const notesOnly = await saveOrder(harness.app, admin.cookie, order.id, { notes: 'State replied' });
    expect(notesOnly.statusCode).toBe(200);
    expect((await stored(order.id)).notes).toBe('State replied');
    expect(await historyOf(order.id)).toHaveLength(1);
    expect(await auditRows(harness.database.db, 'order_status_changed', `order:${order.id}`)).toHaveLength(1);
    expect(await auditRows(harness.database.db, 'order_assignment_changed', `order:${order.id}`)).toEqual([]);
  });

  it('reads a legacy status as its new one: saving it unchanged writes no history and stores the new value', async () => {
    const order = await createPaidOrder(harness.database.db, { status: 'in_progress' });
    const response = await saveOrder(harness.app, admin.cookie, order.id, { notes: 'Looked at it' });
    expect(response.statusCode).toBe(200);
    expect(response.json<OrderDetailResponse>().order.status).toBe('reviewing_form_data');
    expect((await stored(order.id)).status).toBe('reviewing_form_data');
    expect(await historyOf(order.id)).toEqual([]);

    const legacyIrs = await createPaidOrder(harness.database.db, { status: 'irs_submitted' });
    await saveOrder(harness.app, admin.cookie, legacyIrs.id, { status: 'on_hold', holdReason: 'We need a copy of your articles of organization.' });
    expect((await historyOf(legacyIrs.id)).map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([['submitted_to_irs', 'on_hold']]);
  });

  it('stamps completed_at the first time the order is completed, and keeps it after', async () => {
    const order = await createPaidOrder(harness.database.db);
    const completed = await saveOrder(harness.app, admin.cookie, order.id, { status: 'completed', ein: '12-3456789' });
    expect(completed.statusCode, completed.body).toBe(200);
    const firstCompletedAt = completed.json<OrderDetailResponse>().order.completedAt;
    expect(firstCompletedAt).not.toBeNull();
    expect((await stored(order.id)).completedAt?.toISOString()).toBe(firstCompletedAt);

    // Completed is final: a later save keeps the stamp, and moving the order out of it is refused.
    const noted = await saveOrder(harness.app, admin.cookie, order.id, { notes: 'EIN letter received' });
    expect(noted.json<OrderDetailResponse>().order.completedAt).toBe(firstCompletedAt);
    const reopened = await saveOrder(harness.app, admin.cookie, order.id, { status: 'on_hold', holdReason: 'We need a copy of your articles of organization.' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json<{ error: { code: string; message: string } }>().error).toEqual({ code: 'conflict', message: staffMessages.statusChangeNotAllowed('Completed', 'On Hold') });
    expect(await stored(order.id)).toMatchObject({ status: 'completed', notes: 'EIN letter received' });
    expect((await stored(order.id)).completedAt?.toISOString()).toBe(firstCompletedAt);
    expect((await historyOf(order.id)).map((entry) => entry.toStatus)).toEqual(['completed']);
  });

  it('refuses to complete without the EIN, or with an EIN not in XX-XXXXXXX, and changes nothing', async () => {
    const order = await createPaidOrder(harness.database.db, { notes: 'before' });
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'completed', ein: '' }, staffMessages.einRequired],
      [{ status: 'completed', ein: '   ' }, staffMessages.einRequired],
      [{ status: 'completed', ein: null }, staffMessages.einRequired],
      [{ status: 'completed', ein: '123456789' }, staffMessages.einFormat],
      [{ status: 'completed', ein: '12-345678' }, staffMessages.einFormat],
      [{ status: 'on_hold', ein: '1-23456789' }, staffMessages.einFormat],
    ];
    for (const [changes, message] of cases) {
      const response = await staffInject(harness.app, admin.cookie, 'PATCH', `/api/manage/orders/${order.id}`, {
        version: order.version,
        status: 'reviewing_form_data',
        priority: 'standard',
        assignedTo: null,
        notes: 'after',
        ...changes,
      });
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      const { error } = response.json<{ error: { code: string; fields: Record<string, string[]> } }>();
      expect(error.code).toBe('validation_failed');
      expect(error.fields.ein, JSON.stringify(changes)).toEqual([message]);
    }
    const unknownField = await saveOrder(harness.app, admin.cookie, order.id, { completedAt: '2020-01-01' } as never);
    expect(unknownField.statusCode).toBe(400);
    expect(await stored(order.id)).toMatchObject({ status: 'reviewing_form_data', notes: 'before', ein: null, completedAt: null });
    expect(await historyOf(order.id)).toEqual([]);
  });

  it('stamps assigned_at only for the first assignee, keeps it on reassignment, and Unassigned clears both', async () => {
    const order = await createPaidOrder(harness.database.db);
    const assigned = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: fulfiller.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const detail = assigned.json<OrderDetailResponse>().order;
    expect(detail.assignee).toEqual({ id: fulfiller.id, name: 'Frank Fulfiller', email: fulfiller.email });
    const firstAssignedAt = detail.assignedAt;
    expect(firstAssignedAt).not.toBeNull();

    const reassigned = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: otherFulfiller.id });
    expect(reassigned.json<OrderDetailResponse>().order).toMatchObject({ assignee: { id: otherFulfiller.id }, assignedAt: firstAssignedAt });

    const unassigned = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: null });
    expect(unassigned.json<OrderDetailResponse>().order).toMatchObject({ assignee: null, assignedAt: null });
    expect(await stored(order.id)).toMatchObject({ assignedTo: null, assignedAt: null });

    const assignedAgain = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: fulfiller.id });
    const againAt = assignedAgain.json<OrderDetailResponse>().order.assignedAt;
    expect(againAt).not.toBeNull();
    expect(new Date(againAt!).getTime()).toBeGreaterThan(new Date(firstAssignedAt!).getTime());

    expect((await auditRows(harness.database.db, 'order_assignment_changed', `order:${order.id}`)).map((row) => [row.actor_id, row.detail])).toEqual([
      [admin.id, { from: null, to: fulfiller.id }],
      [admin.id, { from: fulfiller.id, to: otherFulfiller.id }],
      [admin.id, { from: otherFulfiller.id, to: null }],
      [admin.id, { from: null, to: fulfiller.id }],
    ]);
  });

  it('refuses an assignee who is not an active staff member with a field error', async () => {
    const order = await createPaidOrder(harness.database.db);
    const suspended = await createStaffMember(harness.services, { role: 'fulfiller', suspended: true });
    const noRole = await createStaffMember(harness.services, { role: 'none' });
    for (const assignedTo of [randomUUID(), suspended.id, noRole.id]) {
      const response = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo, status: 'on_hold', holdReason: 'We need a copy of your articles of organization.' });
      expect(response.statusCode, assignedTo).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'validation_failed', message: staffMessages.assigneeUnknown, fields: { assignedTo: [staffMessages.assigneeUnknown] } },
      });
    }
    expect(await stored(order.id)).toMatchObject({ assignedTo: null, status: 'reviewing_form_data' });
    expect(await historyOf(order.id)).toEqual([]);
  });

  it('refuses to give an order to a member whose role works none (support), and lets support change nothing of it', async () => {
    const order = await createPaidOrder(harness.database.db);
    const support = await harness.signedIn({ role: 'support', name: 'Sam Support' });
    const given = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: support.id });
    expect(given.statusCode).toBe(400);
    expect(given.json()).toEqual({
      error: { code: 'validation_failed', message: staffMessages.assigneeDoesNotWorkOrders, fields: { assignedTo: [staffMessages.assigneeDoesNotWorkOrders] } },
    });
    // Support reads every order, but its save is refused whatever it changes.
    for (const change of [{ notes: 'Called the customer' }, { status: 'on_hold' as const, holdReason: 'We need a copy of your articles of organization.' }, { priority: 'express' as const }]) {
      const response = await saveOrder(harness.app, support.cookie, order.id, change);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'permission_denied' } });
    }
    expect(await stored(order.id)).toMatchObject({ assignedTo: null, status: 'reviewing_form_data', priority: order.priority, notes: order.notes });
    expect(await historyOf(order.id)).toEqual([]);
  });

  it('lets a fulfiller work their order but not change who it is assigned to', async () => {
    const order = await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id, assignedAt: new Date('2025-01-01T00:00:00Z') });
    const worked = await saveOrder(harness.app, fulfiller.cookie, order.id, { status: 'preparing_ss4_form', notes: 'Drafting the SS-4' });
    expect(worked.statusCode, worked.body).toBe(200);
    expect(worked.json<OrderDetailResponse>().order.statusHistory).toEqual([
      { fromStatus: 'reviewing_form_data', toStatus: 'preparing_ss4_form', changedAt: expect.any(String), changedBy: { id: fulfiller.id, name: 'Frank Fulfiller' } },
    ]);

    for (const assignedTo of [otherFulfiller.id, null]) {
      const response = await saveOrder(harness.app, fulfiller.cookie, order.id, { assignedTo, notes: 'handing over' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'permission_denied', message: staffMessages.assignOthersAdminsOnly } });
    }
    expect(await stored(order.id)).toMatchObject({ assignedTo: fulfiller.id, notes: 'Drafting the SS-4', assignedAt: new Date('2025-01-01T00:00:00Z') });
    expect(await auditRows(harness.database.db, 'order_assignment_changed', `order:${order.id}`)).toEqual([]);
  });

  it('e-mails the customer the EIN on completion, once, and the tracking page then shows Completed', async () => {
    const order = await createPaidOrder(harness.database.db, {
      billingEmail: 'ein-owner@example.com',
      // Digits unlike the EIN's, so the SSN's absence can be checked.
      formData: applicationWithSsn(harness.services.cipher, '555443333'),
    });
    const completed = await saveOrder(harness.app, admin.cookie, order.id, { status: 'completed', ein: ' 12-3456789 ' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json<OrderDetailResponse>()).toMatchObject({ einEmail: 'sent', order: { status: 'completed', ein: '12-3456789' } });
    expect((await stored(order.id)).einEmailedAt).not.toBeNull();

    const mails = mailsTo('ein-owner@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain('12-3456789');
    expect(mail).toContain(order.applicationId);
    expect(mail).toContain('Hill Country Woodworks LLC');
    expect(mail).toContain(`${publicUrl}/track-application?number=${order.applicationId}`);
    expect(mail).toContain('not the IRS');
    for (const secret of ['555443333', '555-44-3333', '***-**-3333']) expect(mail).not.toContain(secret);

    const tracked = await harness.app.inject({ method: 'GET', url: `/api/track/${order.applicationId}`, remoteAddress: '192.0.2.77' });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toMatchObject({ status: 'completed' });

    // Saving the completed order again does not send it again.
    const again = await saveOrder(harness.app, admin.cookie, order.id, { notes: 'Customer thanked us' });
    expect(again.json<OrderDetailResponse>().einEmail).toBe('not_due');
    expect(mailsTo('ein-owner@example.com')).toHaveLength(1);

    // A corrected EIN is sent.
    const corrected = await saveOrder(harness.app, admin.cookie, order.id, { ein: '98-7654321' });
    expect(corrected.json<OrderDetailResponse>().einEmail).toBe('sent');
    const afterCorrection = mailsTo('ein-owner@example.com');
    expect(afterCorrection).toHaveLength(2);
    expect(afterCorrection.some((message) => message.includes('98-7654321'))).toBe(true);
  });

  it('does not send an EIN recorded on an order that is not completed', async () => {
    const order = await createPaidOrder(harness.database.db, { billingEmail: 'early-ein@example.com' });
    const response = await saveOrder(harness.app, admin.cookie, order.id, { status: 'submitted_to_irs', ein: '12-3456789' });
    expect(response.json<OrderDetailResponse>()).toMatchObject({ einEmail: 'not_due', order: { ein: '12-3456789' } });
    expect(mailsTo('early-ein@example.com')).toEqual([]);
    const completed = await saveOrder(harness.app, admin.cookie, order.id, { status: 'completed' });
    expect(completed.json<OrderDetailResponse>().einEmail).toBe('sent');
    expect(mailsTo('early-ein@example.com')).toHaveLength(1);
  });

  it('keeps the completion when the EIN e-mail fails, answers failed, shows it queued, and the outbox sends it once', async () => {
    const order = await createPaidOrder(harness.database.db, { billingEmail: 'unlucky@example.com' });
    failMail = (subject) => subject.includes(order.applicationId);
    try {
      const failed = await saveOrder(harness.app, admin.cookie, order.id, { status: 'completed', ein: '12-3456789' });
      expect(failed.statusCode).toBe(200);
      expect(failed.json<OrderDetailResponse>()).toMatchObject({ einEmail: 'failed', order: { status: 'completed', ein: '12-3456789' } });
      expect(failed.json<OrderDetailResponse>().emails).toMatchObject([
        { kind: 'ein', to: 'unlucky@example.com', status: 'queued', attempts: 1, lastError: 'ECONNREFUSED: SMTP server unavailable', sentAt: null },
      ]);
    } finally {
      failMail = null;
    }
    expect(mailsTo('unlucky@example.com')).toEqual([]);

    // Saving again queues nothing more: the message is already on its way.
    const again = await saveOrder(harness.app, admin.cookie, order.id, {});
    expect(again.json<OrderDetailResponse>().einEmail).toBe('not_due');

    await harness.services.outbox.deliverDue({ asOf: new Date(Date.now() + 24 * 3600 * 1000) });
    expect(mailsTo('unlucky@example.com')).toHaveLength(1);
    const detail = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${order.id}`);
    const [email] = detail.json<OrderDetailResponse>().emails ?? [];
    expect(email).toMatchObject({ kind: 'ein', status: 'sent', attempts: 2, lastError: null, nextAttemptAt: null });
    expect(email?.sentAt).not.toBeNull();
  });

  it('e-mails a new assignee who has notifications on, without any of the application', async () => {
    const order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), priority: 'rush' });
    await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: fulfiller.id });
    const mails = mailsTo(fulfiller.email).filter((message) => message.includes(order.applicationId));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatch(new RegExp(`^Subject: .*${order.applicationId}`, 'm'));
    expect(mail).toContain(`${publicUrl}/manage/orders/${order.id}`);
    expect(mail).toContain('Ada Admin assigned it to you.');
    for (const secret of ['123456789', '123-45-6789', '6789', 'Hill Country', 'jane@example.com']) expect(mail).not.toContain(secret);

    // Saving with the same assignee sends nothing more.
    await saveOrder(harness.app, admin.cookie, order.id, { notes: 'note' });
    expect(mailsTo(fulfiller.email).filter((message) => message.includes(order.applicationId))).toHaveLength(1);

    // Someone with notifications off gets nothing.
    await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: quietFulfiller.id });
    expect(mailsTo(quietFulfiller.email)).toEqual([]);

    // Nor does an admin who takes the order themselves.
    const taken = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: admin.id });
    expect(taken.json<OrderDetailResponse>().order.assignee?.id).toBe(admin.id);
    expect(mailsTo(admin.email)).toEqual([]);
  });

  it('keeps the assignment when the assignment e-mail fails', async () => {
    const order = await createPaidOrder(harness.database.db);
    failMail = (subject) => subject.includes('assigned to you');
    try {
      const response = await saveOrder(harness.app, admin.cookie, order.id, { assignedTo: otherFulfiller.id });
      expect(response.statusCode).toBe(200);
      expect(response.json<OrderDetailResponse>().order.assignee?.id).toBe(otherFulfiller.id);
    } finally {
      failMail = null;
    }
    expect((await stored(order.id)).assignedTo).toBe(otherFulfiller.id);
    expect(mailsTo(otherFulfiller.email).filter((message) => message.includes(order.applicationId))).toEqual([]);
  });

  it('lines up concurrent saves on the locked row: of two made on the same version, one is saved and the other refused', async () => {
    const order = await createPaidOrder(harness.database.db);
    const body = (status: string) => ({ version: order.version, status, priority: 'standard', assignedTo: null, notes: '', ein: '', holdReason: 'Waiting for your answer.' });
    const responses = await Promise.all([
      staffInject(harness.app, admin.cookie, 'PATCH', `/api/manage/orders/${order.id}`, body('on_hold')),
      staffInject(harness.app, admin.cookie, 'PATCH', `/api/manage/orders/${order.id}`, body('cancelled')),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json<{ error: { code: string; message: string } }>().error).toEqual({ code: 'order_changed', message: staffMessages.orderChanged });
    const saved = responses.find((response) => response.statusCode === 200)!.json<OrderDetailResponse>().order;
    const history = await historyOf(order.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: 'reviewing_form_data', toStatus: saved.status });
    expect((await stored(order.id)).status).toBe(saved.status);
    expect((await getOrder(harness.app, admin.cookie, order.id)).statusHistory).toHaveLength(1);
  });

  it('refuses a save made on a page older than the order, and changes nothing', async () => {
    const order = await createPaidOrder(harness.database.db, { notes: 'as first seen' });
    const seen = await getOrder(harness.app, admin.cookie, order.id);
    // Someone else saves meanwhile.
    expect((await saveOrder(harness.app, admin.cookie, order.id, { notes: 'changed by another member' })).statusCode).toBe(200);
    const stale = await staffInject(harness.app, admin.cookie, 'PATCH', `/api/manage/orders/${order.id}`, { ...formOf(seen), status: 'preparing_ss4_form', notes: 'my change' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe('order_changed');
    expect(await stored(order.id)).toMatchObject({ status: 'reviewing_form_data', notes: 'changed by another member' });
    expect(await historyOf(order.id)).toEqual([]);
  });
});
