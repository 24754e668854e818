// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { orders, orderStatusHistory } from '../db';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import type { OrderDetailResponse, RevealSsnResponse } from '#shared/fulfilment/orders.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { applicationWithSsn, auditRows, getOrder } from '#tests/support/orders-api.ts';
import { sealApplication } from '../encryption';
import type { Application } from '#shared/application/application.ts';
import { sampleApplication, sampleDecedentSsn } from '#shared/application/sample-application.ts';
import { sampleDesignee } from '../env';

describe.each(testDatabaseKinds)('order detail and SSN reveal on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  let fulfiller: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin', name: 'Ada Admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Frank Fulfiller' });
  });

  const orderWithSsn = (overrides: Parameters<typeof createPaidOrder>[1] = {}) =>
    createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), ...overrides });

  it('answers the order with the SSN masked, the assignee, legacy status mapped, uncacheable', async () => {
    const dueDate = new Date('2025-02-04T10:00:00.000Z');
    const assignedAt = new Date('2025-02-03T11:00:00.000Z');
    const order = await orderWithSsn({
      status: 'irs_submitted',
      priority: 'rush',
      assignedTo: fulfiller.id,
      assignedAt,
      dueDate,
      notes: 'Called the customer',
      billingEmail: 'owner@example.com',
    });
    const response = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${order.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { order: detail } = response.json<OrderDetailResponse>();
    expect(detail).toEqual({
      id: order.id,
      applicationId: order.applicationId,
      billingEmail: 'owner@example.com',
      locale: 'en',
      amountCents: 14900,
      currency: 'usd',
      paymentStatus: 'paid',
      paymentMethod: 'card',
      status: 'submitted_to_irs',
      priority: 'rush',
      assignee: { id: fulfiller.id, name: 'Frank Fulfiller', email: fulfiller.email },
      assignedAt: assignedAt.toISOString(),
      completedAt: null,
      dueDate: dueDate.toISOString(),
      ein: null,
      einLastFour: null,
      personalDataErasedAt: null,
      notes: 'Called the customer',
      holdReason: null,
      createDate: order.createDate.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      version: order.version,
      formData: expect.any(Object),
      statusHistory: [],
      ss4Designee: sampleDesignee,
      signing: { state: 'not_requested' },
      payments: { paidCents: order.amount, refundedCents: 0, pendingCents: 0, netCents: order.amount, refundableCents: order.amount, refunds: [], dispute: null },
      filing: { filings: [], faxTo: { number: '+18556416935', line: 'domestic' }, onlineRefusal: null, pendingAnswer: null, letters: [] },
      possibleDuplicates: [],
    });
    const contact = (detail.formData as { contact: Record<string, unknown> }).contact;
    expect(contact.rpSSN).toBe('***-**-6789');
    expect(contact.rpFirstName).toBe('John');
    expect((detail.formData as { company: { companyName: string } }).company.companyName).toBe('Hill Country Woodworks LLC');
    for (const secret of ['123456789', '123-45-6789', (order.formData as { contact: { rpSSN: string } }).contact.rpSSN]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('answers the language the customer applied in', async () => {
    const order = await createPaidOrder(harness.database.db, { locale: 'es' });
    expect((await getOrder(harness.app, admin.cookie, order.id)).locale).toBe('es');
  });

  it('shows an SSN it cannot decrypt as null instead of failing', async () => {
    const order = await createPaidOrder(harness.database.db);
    const detail = await getOrder(harness.app, admin.cookie, order.id);
    expect((detail.formData as { contact: Record<string, unknown> }).contact.rpSSN).toBeNull();
    expect(JSON.stringify(detail)).not.toContain('v1.test');
  });

  it('lists the status history oldest first with the names of who changed it', async () => {
    const order = await createPaidOrder(harness.database.db, { status: 'completed', ein: '12-3456789', assignedTo: fulfiller.id });
    await harness.database.db.insert(orderStatusHistory).values([
      { orderId: order.id, fromStatus: 'preparing_ss4_form', toStatus: 'completed', changedBy: fulfiller.id, changedAt: new Date('2025-01-03T00:00:00Z') },
      { orderId: order.id, fromStatus: null, toStatus: 'submitted', changedBy: null, changedAt: new Date('2025-01-01T00:00:00Z') },
      { orderId: order.id, fromStatus: 'in_progress', toStatus: 'preparing_ss4_form', changedBy: admin.id, changedAt: new Date('2025-01-02T00:00:00Z') },
    ]);
    const detail = await getOrder(harness.app, fulfiller.cookie, order.id);
    expect(detail.statusHistory).toEqual([
      { fromStatus: null, toStatus: 'reviewing_form_data', changedAt: '2025-01-01T00:00:00.000Z', changedBy: null },
      {
        fromStatus: 'reviewing_form_data',
        toStatus: 'preparing_ss4_form',
        changedAt: '2025-01-02T00:00:00.000Z',
        changedBy: { id: admin.id, name: 'Ada Admin' },
      },
      {
        fromStatus: 'preparing_ss4_form',
        toStatus: 'completed',
        changedAt: '2025-01-03T00:00:00.000Z',
        changedBy: { id: fulfiller.id, name: 'Frank Fulfiller' },
      },
    ]);
  });

  it('answers 404 with the spec message for an order that does not exist or an id that is not a number', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '0']) {
      const response = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ error: { code: 'not_found', message: staffMessages.orderNotFound } });
    }
  });

  it("refuses a fulfiller another's order with the same 404 on detail, save and reveal, changes nothing and audits it", async () => {
    const order = await orderWithSsn({ assignedTo: admin.id, billingEmail: 'secret-owner@example.com', notes: 'private note' });
    const attempts = [
      staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${order.id}`),
      staffInject(harness.app, fulfiller.cookie, 'PATCH', `/api/manage/orders/${order.id}`, {
        status: 'cancelled',
        priority: 'rush',
        assignedTo: fulfiller.id,
        notes: 'mine now',
        ein: '',
      }),
      staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/ssn`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: staffMessages.orderNotFound } });
      for (const data of [order.applicationId, 'secret-owner', 'private note', '6789', 'Woodworks']) expect(response.body).not.toContain(data);
    }
    const [stored] = await harness.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'reviewing_form_data', priority: 'standard', assignedTo: admin.id, notes: 'private note' });
    const denied = await auditRows(harness.database.db, 'access_denied', `order:${order.id}`);
    expect(denied).toHaveLength(3);
    expect(denied.every((row) => row.actor_id === fulfiller.id)).toBe(true);
    expect(await auditRows(harness.database.db, 'ssn_revealed', `order:${order.id}`)).toEqual([]);

    // Their own order they may open.
    const own = await orderWithSsn({ assignedTo: fulfiller.id });
    expect((await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${own.id}`)).statusCode).toBe(200);
  });

  it('answers 401 without a session on every order route', async () => {
    const order = await createPaidOrder(harness.database.db);
    for (const [method, url] of [
      ['GET', `/api/manage/orders/${order.id}`],
      ['PATCH', `/api/manage/orders/${order.id}`],
      ['POST', `/api/manage/orders/${order.id}/ssn`],
    ] as const) {
      const response = await staffInject(harness.app, null, method, url, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.body).not.toContain(order.applicationId);
    }
  });

  it('reveals the full SSN on request, uncacheable, and audits who saw it', async () => {
    const order = await orderWithSsn({ assignedTo: fulfiller.id });
    expect(((await getOrder(harness.app, fulfiller.cookie, order.id)).formData as { contact: { rpSSN: string } }).contact.rpSSN).toBe('***-**-6789');

    const response = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/ssn`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<RevealSsnResponse>()).toEqual({ ssn: '123-45-6789', kind: 'ssn' });

    const rows = await auditRows(harness.database.db, 'ssn_revealed', `order:${order.id}`);
    expect(rows).toEqual([{ actor_id: fulfiller.id, action: 'ssn_revealed', target: `order:${order.id}`, detail: { result: 'readable', field: 'rpSSN' } }]);
    expect(JSON.stringify(rows)).not.toContain('6789');

    // An admin's reveal is a second row.
    expect((await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/ssn`)).json()).toEqual({ ssn: '123-45-6789', kind: 'ssn' });
    expect((await auditRows(harness.database.db, 'ssn_revealed', `order:${order.id}`)).map((row) => row.actor_id)).toEqual([fulfiller.id, admin.id]);
  });

  it('answers null for an SSN it cannot decrypt, and still records the attempt', async () => {
    const order = await createPaidOrder(harness.database.db);
    const response = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/ssn`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ssn: null, kind: 'ssn' });
    expect(await auditRows(harness.database.db, 'ssn_revealed', `order:${order.id}`)).toEqual([
      { actor_id: admin.id, action: 'ssn_revealed', target: `order:${order.id}`, detail: { result: 'unreadable', field: 'rpSSN' } },
    ]);
  });

  it("masks an estate's decedent SSN and a trust's grantor SSN, and reveals each by name with its own audit row", async () => {
    const estate = await createPaidOrder(harness.database.db, {
      formData: sealApplication(sampleApplication({ company: { entityType: 'Estate' } }) as Application, harness.services.cipher),
      assignedTo: fulfiller.id,
    });
    const trust = await createPaidOrder(harness.database.db, {
      formData: sealApplication(sampleApplication({ company: { entityType: 'Trust' }, contact: { trusteeFirstName: 'Mary', trusteeLastName: 'Major' } }) as Application, harness.services.cipher),
    });
    const estateContact = (await getOrder(harness.app, fulfiller.cookie, estate.id)).formData.contact as Record<string, unknown>;
    expect(estateContact).toMatchObject({ rpSSN: '***-**-6789', decedentSSN: '***-**-3333' });
    expect(JSON.stringify(estateContact)).not.toContain(sampleDecedentSsn);
    const trustContact = (await getOrder(harness.app, admin.cookie, trust.id)).formData.contact as Record<string, unknown>;
    expect(trustContact).toMatchObject({ grantorSSN: '***-**-4444' });
    expect(trustContact).not.toHaveProperty('decedentSSN');

    const decedent = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${estate.id}/ssn`, { field: 'decedentSSN' });
    expect(decedent.json<RevealSsnResponse>()).toEqual({ ssn: '111-22-3333', kind: 'ssn' });
    // The estate has no grantor: nothing to reveal, and the attempt is recorded all the same.
    expect((await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${estate.id}/ssn`, { field: 'grantorSSN' })).json()).toEqual({ ssn: null, kind: 'ssn' });
    expect((await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${trust.id}/ssn`, { field: 'grantorSSN' })).json()).toEqual({ ssn: '222-33-4444', kind: 'ssn' });
    expect((await auditRows(harness.database.db, 'ssn_revealed', `order:${estate.id}`)).map((row) => row.detail)).toEqual([
      { result: 'readable', field: 'decedentSSN' },
      { result: 'none', field: 'grantorSSN' },
    ]);

    // The same access rule as the responsible party's: another fulfiller's order is a 404.
    expect((await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${trust.id}/ssn`, { field: 'grantorSSN' })).statusCode).toBe(404);
  });

  it('refuses to reveal a field that is not an SSN, and records nothing', async () => {
    const order = await orderWithSsn();
    for (const body of [{ field: 'rpEmail' }, { field: 'contact.rpSSN' }, { field: 7 }, { field: 'rpSSN', extra: true }]) {
      const response = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/ssn`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).not.toContain('6789');
    }
    expect(await auditRows(harness.database.db, 'ssn_revealed', `order:${order.id}`)).toEqual([]);
  });

  it('refuses a reveal from another site', async () => {
    const order = await orderWithSsn();
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/manage/orders/${order.id}/ssn`,
      headers: { origin: 'https://evil.example', cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('6789');
    expect(await auditRows(harness.database.db, 'ssn_revealed', `order:${order.id}`)).toEqual([]);
  });
});
