// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { auditRows, getOrder, purchase } from '#tests/support/orders-api.ts';
import { checkouts, orders } from '../db';
import { sealApplication } from '../encryption';
import { duplicateKeyOf } from './duplicate-applications';
import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import { applicationSchema, type Application } from '#shared/application/application.ts';
import { contactMessages } from '#shared/application/contact.ts';
import { registrationMessages } from '#shared/application/registration.ts';
import { submissionGroups } from '#shared/application/answer-review.ts';
import type { RevealSsnResponse } from '#shared/fulfilment/orders.ts';
import { captureStdout } from '#tests/support/captured-stdout.ts';

// Founders abroad at the checkout and at rest: the ITIN sealed like the SSN everywhere it is kept,
// every new rule of step 3 and the addresses abroad refused by the server with its message and
// nothing stored, staff's Reveal saying which number it shows, and older answers read as before.

const itin = '912701234';
const itinLayouts = [itin, '912-70-1234', '912 70 1234'];

const itinHolder: SampleOverrides = { contact: { rpTaxIdType: 'itin', rpSSN: '', rpItin: itin, rpUsPerson: 'false' } };
const foreigner: SampleOverrides = {
  contact: { rpTaxIdType: 'none', rpSSN: '', rpItin: '', rpUsPerson: '', rpPhone: '+493012345678', phoneNumber: '+493012345678' },
  registration: { country: 'DE', city: 'Berlin', streetAddress: 'Friedrichstrasse 12', county: '', state: '', zipCode: '', province: '', postalCode: '10117' },
};

let nextClient = 0;
const client = () => `198.19.${Math.floor(++nextClient / 250)}.${(nextClient % 250) + 1}`;

// Everything the server logs during a test, to look for secrets in it.
const logged = captureStdout();

describe.each(testDatabaseKinds)('founders abroad at the checkout and at rest on %s', (kind) => {
  const harness = withStaffApp(kind, { logger: true, env: { LOG_REQUESTS: 'true' } });
  let admin: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
  }, 60_000);


  const countCheckouts = async () => Number((await harness.database.db.execute<{ count: number }>(sql`select count(*)::int as count from checkouts`)).rows[0]?.count);
  const postCheckout = (application: unknown, email = 'founder@example.com') =>
    harness.app.inject({ method: 'POST', url: '/api/checkout', remoteAddress: client(), payload: { draftId: randomUUID(), email, application } });

  /** Every text or JSON column of every table whose value matches `pattern`, as "table.column". */
  async function columnsMatching(pattern: string): Promise<string[]> {
    const columns = (
      await harness.database.db.execute<{ table_name: string; column_name: string }>(sql`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY') order by 1, 2`)
    ).rows;
    expect(columns.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [hit] = (await harness.database.db.execute<{ hits: number }>(sql`select count(*)::int as hits from ${sql.identifier(table)} where ${sql.identifier(column)}::text ~ ${pattern}`)).rows;
      if (Number(hit?.hits) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  it('seals an ITIN holder\u2019s ITIN at the checkout: no plain ITIN in any table, the log or any e-mail', async () => {
    const application = sampleApplication(itinHolder);
    const email = `itin.${randomUUID().slice(0, 8)}@example.com`;
    const { orderId, trackingNumber } = await purchase(harness.app, harness.services, email, application);

    const [order] = await harness.database.db.select().from(orders).where(eq(orders.id, orderId));
    const [checkout] = await harness.database.db.select().from(checkouts).where(eq(checkouts.trackingNumber, trackingNumber));
    for (const stored of [order!.formData, checkout!.formData] as Application[]) {
      expect(stored.contact.rpItin).toMatch(/^v1\./);
      expect(harness.services.cipher.decrypt(stored.contact.rpItin!)).toBe(itin);
      expect(stored.contact).toMatchObject({ rpTaxIdType: 'itin', rpSSN: '', rpUsPerson: 'false' });
    }
    // The ITIN in any layout, anywhere.
    expect(await columnsMatching('912[ .-]?70[ .-]?1234')).toEqual([]);
    const mail = mailbox(harness.env).join('\n');
    expect(mail).toContain(trackingNumber);
    for (const layout of itinLayouts) expect(mail).not.toContain(layout);
    expect(logged.text()).toContain('/api/checkout');
    for (const layout of itinLayouts) expect(logged.text()).not.toContain(layout);

    // Staff see it masked like an SSN, and its Reveal says ITIN, audited as an SSN's is.
    const detail = await getOrder(harness.app, admin.cookie, orderId);
    const contact = (detail.formData as Application).contact;
    expect(contact.rpItin).toBe('***-**-1234');
    const answers = submissionGroups(detail.formData as Record<string, unknown>).flatMap((group) => group.answers);
    expect(answers.find((answer) => answer.path === 'contact.rpItin')).toMatchObject({ value: '***-**-1234', ssnField: 'rpItin', notAsked: false });
    const revealed = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${orderId}/ssn`, { field: 'rpItin' });
    expect(revealed.json<RevealSsnResponse>()).toEqual({ ssn: '912-70-1234', kind: 'itin' });
    // The responsible party's number, asked for by its older name, is still the ITIN.
    const byOldName = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${orderId}/ssn`);
    expect(byOldName.json<RevealSsnResponse>()).toEqual({ ssn: '912-70-1234', kind: 'itin' });
    expect((await auditRows(harness.database.db, 'ssn_revealed', `order:${orderId}`)).map((row) => row.detail)).toEqual([
      { result: 'readable', field: 'rpItin', taxIdType: 'itin' },
      { result: 'readable', field: 'rpItin', taxIdType: 'itin' },
    ]);
    expect(logged.text()).not.toContain('912-70-1234');

    // The customer's export shows it by its last four digits only.
    const exported = await staffInject(harness.app, admin.cookie, 'POST', '/api/manage/customer-data/export', { email });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('***-**-1234');
    for (const layout of itinLayouts) expect(exported.body).not.toContain(layout);
  });

  it('takes a founder in Germany with no SSN or ITIN, and staff\u2019s Reveal says None (foreign) with its audit row', async () => {
    const application = sampleApplication(foreigner);
    expect(applicationSchema.safeParse(application).success).toBe(true);
    const { orderId } = await purchase(harness.app, harness.services, `berlin.${randomUUID().slice(0, 8)}@example.com`, application);
    const revealed = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${orderId}/ssn`);
    expect(revealed.json<RevealSsnResponse>()).toEqual({ ssn: null, kind: 'none' });
    expect((await auditRows(harness.database.db, 'ssn_revealed', `order:${orderId}`)).map((row) => row.detail)).toEqual([{ result: 'none', field: 'rpSSN', taxIdType: 'none' }]);
  });

  const refusals: { name: string; overrides: SampleOverrides; field: string; message: string }[] = [
    { name: 'an ITIN outside the IRS\u2019s ranges', overrides: { contact: { ...itinHolder.contact, rpItin: '912401234' } }, field: 'application.contact.rpItin', message: contactMessages.rpItin },
    { name: 'an ITIN that does not start with 9', overrides: { contact: { ...itinHolder.contact, rpItin: '812701234' } }, field: 'application.contact.rpItin', message: contactMessages.rpItin },
    { name: 'an SSN given with "none"', overrides: { contact: { ...foreigner.contact, rpSSN: '123456789' } }, field: 'application.contact.rpSSN', message: contactMessages.rpSSNNotAsked },
    {
      name: 'a sole proprietor with neither number',
      overrides: { company: { entityType: 'Sole Proprietor' }, contact: foreigner.contact },
      field: 'application.contact.rpTaxIdType',
      message: contactMessages.rpTaxIdSoleProprietor,
    },
    {
      name: 'no answer to "US citizen or resident?" from an ITIN holder owning a single-member LLC',
      overrides: { contact: { ...itinHolder.contact, rpUsPerson: '' } },
      field: 'application.contact.rpUsPerson',
      message: contactMessages.rpUsPerson,
    },
    { name: 'an invalid +49 phone', overrides: { contact: { ...foreigner.contact, rpPhone: '+4912' } }, field: 'application.contact.rpPhone', message: contactMessages.internationalPhone },
    { name: 'an address in Germany without its postal code', overrides: { ...foreigner, registration: { ...foreigner.registration, postalCode: '' } }, field: 'application.registration.postalCode', message: registrationMessages.postalCode },
  ];

  it.each(refusals)('refuses $name with its message and stores nothing', async ({ overrides, field, message }) => {
    const before = await countCheckouts();
    const response = await postCheckout(sampleApplication(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: [message] } });
    expect(await countCheckouts()).toBe(before);
    expect(response.body).not.toContain('912401234');
  });

  it('reads an application saved before the question, and an old order, exactly as before', async () => {
    const application = sampleApplication();
    const contact: Record<string, unknown> = { ...application.contact };
    for (const field of ['rpTaxIdType', 'rpItin', 'rpUsPerson']) delete contact[field];
    const registration: Record<string, unknown> = { ...application.registration };
    for (const field of ['country', 'province', 'postalCode', 'mailingCountry', 'mailingProvince', 'mailingPostalCode']) delete registration[field];
    const old = { ...application, contact, registration };
    expect(applicationSchema.safeParse(old).success).toBe(true);
    const accepted = await postCheckout(old);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const order = await createPaidOrder(harness.database.db, { formData: sealApplication(old as Application, harness.services.cipher) });
    const detail = await getOrder(harness.app, admin.cookie, order.id);
    const shown = (detail.formData as Application).contact as Record<string, unknown>;
    expect(shown.rpSSN).toBe('***-**-6789');
    expect(Object.keys(shown)).not.toContain('rpItin');
    expect(Object.keys(shown)).not.toContain('rpTaxIdType');
    const revealed = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/ssn`);
    expect(revealed.json<RevealSsnResponse>()).toEqual({ ssn: '123-45-6789', kind: 'ssn' });
    expect((await auditRows(harness.database.db, 'ssn_revealed', `order:${order.id}`)).map((row) => row.detail)).toEqual([{ result: 'readable', field: 'rpSSN' }]);
  });

  it('keys the same application paid twice on the ITIN, or on the name of a responsible party with neither', () => {
    const { cipher } = harness.services;
    const ssnKey = duplicateKeyOf(sampleApplication(), cipher);
    const itinKey = duplicateKeyOf(sampleApplication(itinHolder), cipher);
    expect(itinKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(itinKey).not.toBe(ssnKey);
    expect(duplicateKeyOf(sampleApplication({ contact: { ...itinHolder.contact, rpItin: '912701235' } }), cipher)).not.toBe(itinKey);
    const foreignKey = duplicateKeyOf(sampleApplication(foreigner), cipher);
    expect(foreignKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same founder and company (their name written otherwise) share it; another founder does not.
    expect(duplicateKeyOf(sampleApplication({ contact: { ...foreigner.contact, rpFirstName: 'JOHN', rpLastName: ' public' } }), cipher)).toBe(foreignKey);
    expect(duplicateKeyOf(sampleApplication({ contact: { ...foreigner.contact, rpFirstName: 'Anna' } }), cipher)).not.toBe(foreignKey);
  });
});
