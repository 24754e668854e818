// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingRequests } from '../db';
import { mailFolder } from '../email';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { staffInject, withStaffApp } from '#tests/support/staff-app.ts';
import { saveOrder } from '#tests/support/orders-api.ts';
import { isTestProcessor } from '../payments';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { CheckoutResponse } from '#shared/checkout/checkout.ts';
import { customerDataMessages, type CustomerDataDeletion, type CustomerDataSummary } from '#shared/customer-data/customer-data.ts';

let clientCount = 0;
const newClient = () => {
  clientCount += 1;
  return `10.27.${Math.floor(clientCount / 250)}.${(clientCount % 250) + 1}`;
};

type Person = { email: string; firstName: string; lastName: string; company: string; ssn: string };

const customer: Person = { email: 'quinlan.quillfeather@example.com', firstName: 'Quinlan', lastName: 'Quillfeather', company: 'Quillfeather Quarry LLC', ssn: '523456789' };
const neighbour: Person = { email: 'ottoline.ormsby@example.com', firstName: 'Ottoline', lastName: 'Ormsby', company: 'Ormsby Orchards LLC', ssn: '534567890' };

describe.each(testDatabaseKinds)('customer data requests on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: string;

  beforeAll(async () => {
    admin = (await harness.signedIn({ role: 'admin' })).cookie;
  });

  async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await harness.database.db.execute(query)).rows as T[];
  }

  const applicationOf = (person: Person) =>
    sampleApplication({
      company: { companyName: person.company },
      contact: { rpFirstName: person.firstName, rpLastName: person.lastName, rpSSN: person.ssn, emailAddress: person.email },
    });

  async function startCheckout(person: Person): Promise<CheckoutResponse> {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/checkout',
      remoteAddress: newClient(),
      payload: { draftId: randomUUID(), email: person.email, application: applicationOf(person) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CheckoutResponse>();
  }

  /** A paid order through the public API, then the staff's work on it: a comment, a signature, the EIN. */
  async function orderOf(person: Person): Promise<number> {
    const checkout = await startCheckout(person);
    await harness.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      remoteAddress: newClient(),
      payload: { clientSecret: checkout.clientSecret, cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 34', cardCvc: '123' },
    });
    const confirmed = await harness.app.inject({ method: 'POST', url: '/api/payments/confirm', remoteAddress: newClient(), payload: { paymentIntentId: checkout.paymentIntentId } });
    expect(confirmed.json().success).toBe(true);
    if (isTestProcessor(harness.services.provider)) await harness.services.provider.settled();
    const [order] = await rows<{ id: number }>(sql`select id from orders where application_id = ${checkout.trackingNumber}`);
    const orderId = Number(order!.id);
    const comment = await staffInject(harness.app, admin, 'POST', `/api/manage/orders/${orderId}/comments`, { text: `Spoke with ${person.firstName} ${person.lastName}` });
    expect(comment.statusCode).toBe(201);
    await harness.database.db.insert(signingRequests).values({
      orderId,
      tokenHash: randomUUID(),
      status: 'signed',
      signerEmail: person.email,
      sessionSecret: harness.services.cipher.encrypt('browser secret'),
      expiresAt: new Date(),
      signedAt: new Date(),
      signerName: `${person.firstName} ${person.lastName}`,
      signerTitle: 'Member',
      signerIp: '198.51.100.7',
      signedPdf: harness.services.cipher.encrypt(`signed by ${person.firstName} ${person.lastName}`),
    });
    return orderId;
  }

  /**
   * Every place a value is stored: each text, character and JSON column of each table of the schema
   * (read from information_schema, so a table added later is scanned too), as "table.column".
   */
  async function tracesOf(needles: string[]): Promise<string[]> {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      order by 1, 2`);
    expect(columns.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const patterns = needles.map((needle) => `%${needle.toLowerCase()}%`);
      const [hit] = await rows<{ hits: number }>(sql`
        select count(*)::int as hits from ${sql.identifier(table)} where lower(${sql.identifier(column)}::text) like any(${`{${patterns.map((p) => `"${p}"`).join(',')}}`}::text[])`);
      if (Number(hit?.hits) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  const mailFilesFor = (email: string) => {
    const folder = mailFolder(harness.env);
    return existsSync(folder) ? readdirSync(folder).filter((file) => readFileSync(path.join(folder, file), 'utf8').toLowerCase().includes(email)) : [];
  };

  const post = (url: string, body: unknown) => staffInject(harness.app, admin, 'POST', url, body);

  it('finds, exports and then deletes one customer, leaving no trace of their e-mail, name or SSN in any table', async () => {
    const orderId = await orderOf(customer);
    const neighbourOrder = await orderOf(neighbour);
    const unpaid = await startCheckout(customer);
    // A partial refund whose note names the customer: the books keep the refund, not the note.
    const refund = await post(`/api/manage/orders/${orderId}/refunds`, { amountCents: 1000, reason: 'other', note: `Goodwill for ${customer.firstName} ${customer.lastName}` });
    expect(refund.statusCode, refund.body).toBe(200);
    const [sealed] = await rows<{ order_ssn: string; checkout_ssn: string }>(sql`
      select o.form_data->'contact'->>'rpSSN' as order_ssn, c.form_data->'contact'->>'rpSSN' as checkout_ssn
      from orders o, checkouts c where o.id = ${orderId} and c.tracking_number = ${unpaid.trackingNumber}`);
    const needles = [customer.email, customer.firstName, customer.lastName, customer.company, customer.ssn, sealed!.order_ssn, sealed!.checkout_ssn];
    expect((await tracesOf(needles)).length).toBeGreaterThan(3);
    expect(mailFilesFor(customer.email).length).toBeGreaterThan(0);

    // The search by e-mail, and the order page's action, find the same customer.
    const byEmail = await post('/api/manage/customer-data/lookup', { email: '  Quinlan.Quillfeather@Example.com ' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    const summary = byEmail.json<CustomerDataSummary>();
    expect(summary).toMatchObject({ email: customer.email, unpaidCheckouts: 1, deletable: false, blockedReason: customerDataMessages.openOrders });
    expect(summary.orders).toEqual([expect.objectContaining({ id: orderId, status: 'reviewing_form_data', open: true, erasedAt: null })]);
    expect(summary.counts).toMatchObject({ orders: 1, checkouts: 2, orderComments: 1, signatures: 1 });
    const byOrder = await post('/api/manage/customer-data/lookup', { orderId });
    expect(byOrder.json<CustomerDataSummary>().email).toBe(customer.email);

    // The export: everything, SSNs masked.
    const exported = await post('/api/manage/customer-data/export', { email: customer.email });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="customer-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(exported.headers['cache-control']).toBe('no-store');
    const document = exported.json<{ email: string; data: Record<string, Record<string, unknown>[]> }>();
    expect(document.email).toBe(customer.email);
    expect(Object.keys(document.data)).toEqual(['orders', 'checkouts', 'orderStatusHistory', 'orderComments', 'emails', 'signatures', 'documentLinks', 'refunds']);
    expect(document.data.refunds).toEqual([expect.objectContaining({ amount_cents: 1000, reason: 'other', note: `Goodwill for ${customer.firstName} ${customer.lastName}` })]);
    const exportedOrder = document.data.orders![0] as { order_number: string; application: { contact: Record<string, unknown>; company: Record<string, unknown> } };
    expect(exportedOrder.application.contact.rpSSN).toBe('***-**-6789');
    expect(exportedOrder.application.company.companyName).toBe(customer.company);
    expect(document.data.checkouts).toHaveLength(2);
    expect(document.data.emails!.map((email) => email.kind)).toContain('order_confirmation');
    expect(document.data.signatures![0]).toMatchObject({ signer_name: 'Quinlan Quillfeather', signed_pdf_held: true });
    expect(document.data.signatures![0]).not.toHaveProperty('signed_pdf');
    expect(document.data.orderComments![0]).toMatchObject({ comment_text: 'Spoke with Quinlan Quillfeather' });
    for (const secret of [customer.ssn, '523-45-6789', sealed!.order_ssn, neighbour.email, neighbour.lastName]) expect(exported.body).not.toContain(secret);

    // Refused while the order is open: nothing changes.
    const tracesBefore = await tracesOf(needles);
    const refused = await post('/api/manage/customer-data/delete', { email: customer.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'customer_data_in_use', message: customerDataMessages.openOrders });
    expect(await tracesOf(needles)).toEqual(tracesBefore);
    expect((await rows<{ status: string }>(sql`select status from test_payment_intents where id = ${unpaid.paymentIntentId}`))[0]?.status).toBe('requires_payment_method');

    // Completed with its EIN: now it may go, and the order keeps its bookkeeping fields.
    expect((await saveOrder(harness.app, admin, orderId, { status: 'completed', ein: '12-3456789' })).statusCode).toBe(200);
    const [before] = await rows<Record<string, unknown>>(sql`select amount, currency, status, create_date, completed_at, payment_intent_id, application_id from orders where id = ${orderId}`);
    const deleted = await post('/api/manage/customer-data/delete', { email: customer.email });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<CustomerDataDeletion>()).toMatchObject({ orders: 1, checkouts: 1, signingRequests: 1, comments: 1 });
    expect(deleted.json<CustomerDataDeletion>().mailFiles).toBeGreaterThan(0);

    expect(await tracesOf(needles)).toEqual([]);
    expect(mailFilesFor(customer.email)).toEqual([]);
    const [after] = await rows<Record<string, unknown>>(sql`
      select amount, currency, status, create_date, completed_at, payment_intent_id, application_id, ein, ein_last_four from orders where id = ${orderId}`);
    expect(after).toEqual({ ...before, ein: null, ein_last_four: '6789' });
    expect(await rows(sql`select amount_cents, note from refunds where order_id = ${orderId}`)).toEqual([{ amount_cents: 1000, note: '' }]);
    expect((await rows<{ status: string }>(sql`select status from test_payment_intents where id = ${unpaid.paymentIntentId}`))[0]?.status).toBe('canceled');
    // The unpaid checkout is gone, so its draft can never be paid.
    expect(await rows(sql`select id from checkouts where tracking_number = ${unpaid.trackingNumber}`)).toEqual([]);

    // The neighbour's data is all still there.
    expect((await tracesOf([neighbour.email, neighbour.lastName, neighbour.company])).length).toBeGreaterThan(3);
    expect(mailFilesFor(neighbour.email).length).toBeGreaterThan(0);
    const [neighbourRow] = await rows<{ sealed: string }>(sql`select form_data->'contact'->>'rpSSN' as sealed from orders where id = ${neighbourOrder}`);
    expect(harness.services.cipher.decrypt(neighbourRow!.sealed)).toBe(neighbour.ssn);

    // Both requests are audited, by order id and counts only (the scan above read the audit rows too).
    const audits = await rows<{ action: string; actor_id: string; detail: { orderIds: number[] } }>(sql`
      select action, actor_id, detail from audit_log where action in ('customer_data_exported', 'customer_data_deleted') order by id`);
    expect(audits.map((row) => row.action)).toEqual(['customer_data_exported', 'customer_data_deleted']);
    for (const row of audits) {
      expect(row.actor_id).toEqual(expect.any(String));
      expect(row.detail.orderIds).toEqual([orderId]);
    }

    // Asking again finds nothing, and the staff page shows the erased order with its EIN's last four digits.
    const again = await post('/api/manage/customer-data/lookup', { email: customer.email });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(customerDataMessages.nothingHeld);
    const detail = await staffInject(harness.app, admin, 'GET', `/api/manage/orders/${orderId}`);
    expect(detail.json().order).toMatchObject({ billingEmail: '', ein: null, einLastFour: '6789', status: 'completed', amountCents: 14900, formData: {} });
    expect(detail.json().order.personalDataErasedAt).toEqual(expect.any(String));
  });

  it('refuses a malformed request with a message at the field, and an unknown address with 404', async () => {
    for (const body of [{ email: 'not-an-email' }, { email: 'a@example.com', orderId: 3 }, {}, { email: 'a\u0000@example.com' }]) {
      const response = await post('/api/manage/customer-data/lookup', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const extra = await post('/api/manage/customer-data/delete', { email: 'a@example.com', force: true });
    expect(extra.statusCode).toBe(400);
    const unknown = await post('/api/manage/customer-data/export', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(404);
    const unknownOrder = await post('/api/manage/customer-data/lookup', { orderId: 999_999 });
    expect(unknownOrder.statusCode).toBe(404);
  });
});
