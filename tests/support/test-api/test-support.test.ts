// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '../database';
import { orders } from '#server/db/index.ts';
import { mailbox, startStaffTestApp, staffInject, testOrigin, withStaffApp } from '../staff-app';
import type { TestOrderResponse, TestStaffResponse } from './test-support-inputs';
import { designeeEnv } from '../designee-env';

describe.each(testDatabaseKinds)('test-support API on %s', (kind) => {
  const harness = withStaffApp(kind, { testApi: true });

  const post = (url: string, payload: unknown) => harness.app.inject({ method: 'POST', url, headers: { origin: testOrigin }, payload: payload as object });

  it('makes a paid order whose SSN an admin can reveal, and sends its confirmation e-mail with the cancellation link', async () => {
    const staff = (await post('/api/test-support/staff', { role: 'admin' })).json<TestStaffResponse>();
    const response = await post('/api/test-support/orders', { priority: 'rush', billingEmail: 'buyer@example.com' });
    expect(response.statusCode).toBe(201);
    const { orderId, trackingNumber } = response.json<TestOrderResponse>();
    const [order] = await harness.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ applicationId: trackingNumber, priority: 'rush', paymentStatus: 'paid', billingEmail: 'buyer@example.com' });
    // The payment path's own confirmation: with the one-hour cancellation link, and the payment the processor's.
    const confirmation = mailbox(harness.env)
      .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((mail) => mail.includes('To: buyer@example.com') && mail.includes(trackingNumber));
    expect(confirmation).toMatch(/\/cancel-order\/[A-Za-z0-9_-]{43}/);
    expect(await harness.services.provider.retrievePaymentIntent(order!.paymentIntentId)).toMatchObject({ status: 'succeeded', amountCents: order!.amount });

    const session = await post('/api/test-support/sessions', { email: staff.email, password: staff.password, totpSecret: staff.totpSecret });
    expect(session.statusCode).toBe(204);
    const cookie = session.cookies.find((item) => item.name.endsWith('session_token'));
    expect(cookie).toBeDefined();
    const revealed = await staffInject(harness.app, `${cookie!.name}=${cookie!.value}`, 'POST', `/api/manage/orders/${orderId}/ssn`);
    expect(revealed.json()).toEqual({ ssn: '123-45-6789', kind: 'ssn' });
  });

  it('assigns the order to the given staff member and refuses an unknown one with a 400', async () => {
    const fulfiller = (await post('/api/test-support/staff', { name: 'Fran Fulfiller' })).json<TestStaffResponse>();
    const { orderId } = (await post('/api/test-support/orders', { assignedTo: fulfiller.id, status: 'completed' })).json<TestOrderResponse>();
    const [order] = await harness.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ assignedTo: fulfiller.id, status: 'completed' });
    expect((await post('/api/test-support/orders', { assignedTo: 'nobody' })).statusCode).toBe(400);
    expect((await post('/api/test-support/orders', { application: { company: { companyName: '' } } })).statusCode).toBe(400);
    expect((await post('/api/test-support/sessions', { email: fulfiller.email, password: 'wrong-password' })).statusCode).toBe(401);
  });
});

describe('the app the product starts', () => {
  // A database of its own is opened here, slow on a busy machine.
  it('has no test-support routes at all, even in production', { timeout: 60_000 }, async () => {
    const database = await openTestDatabase('pglite');
    const harness = await startStaffTestApp(database, { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ein.example.com', ...designeeEnv } });
    try {
      for (const url of ['/api/test-support/orders', '/api/test-support/staff', '/api/test-support/sessions', '/api/test-support/checkouts/expire']) {
        expect((await harness.app.inject({ method: 'POST', url, headers: { origin: 'https://ein.example.com' }, payload: {} })).statusCode).toBe(404);
      }
    } finally {
      await harness.close();
      await database.close();
    }
  });
});
