// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { ss4FieldPrefix } from '../ss4';
import type { OrderDetailResponse } from '#shared/fulfilment/orders.ts';
import { applicationWithSsn, auditRows } from '#tests/support/orders-api.ts';
import { sealApplication } from '../encryption';
import type { Application } from '#shared/application/application.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';

const designeeEnv = {
  SS4_DESIGNEE_NAME: 'EIN Filing Service LLC',
  SS4_DESIGNEE_ADDRESS: '500 Congress Ave, Austin, TX 78701',
  SS4_DESIGNEE_PHONE: '(512) 555-0100',
  SS4_DESIGNEE_FAX: '(512) 555-0101',
};

describe.each(testDatabaseKinds)('GET /api/manage/orders/:id/ss4.pdf on %s', (kind) => {
  const harness = withStaffApp(kind, { env: designeeEnv });
  let admin: SignedInMember;
  let fulfiller: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller' });
  });

  it('returns the filled form as an uncacheable attachment named by the tracking number, with the SSN and the designee, and audits it', async () => {
    const order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), assignedTo: fulfiller.id });
    const response = await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${order.id}/ss4.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="SS-4-${order.applicationId}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');

    const form = (await PDFDocument.load(response.rawPayload)).getForm();
    const text = (name: string) => form.getTextField(ss4FieldPrefix + name).getText();
    expect(text('f1_2[0]')).toBe('Hill Country Woodworks LLC');
    expect(text('f1_11[0]')).toBe('123-45-6789');
    expect(text('f1_40[0]')).toBe('EIN Filing Service LLC');
    expect(text('f1_43[0]')).toBe('(512) 555-0101');

    const rows = await auditRows(harness.database.db, 'ss4_downloaded', `order:${order.id}`);
    expect(rows).toEqual([expect.objectContaining({ actor_id: fulfiller.id, action: 'ss4_downloaded' })]);
    expect(JSON.stringify(rows)).not.toContain('123456789');
  });

  it("writes an estate's decedent SSN and a trust's grantor SSN on line 9a, opened from their ciphertext", async () => {
    const estate = await createPaidOrder(harness.database.db, { formData: sealApplication(sampleApplication({ company: { entityType: 'Estate' } }) as Application, harness.services.cipher) });
    const trust = await createPaidOrder(harness.database.db, {
      formData: sealApplication(sampleApplication({ company: { entityType: 'Trust' }, contact: { trusteeFirstName: 'Mary', trusteeLastName: 'Major' } }) as Application, harness.services.cipher),
    });
    const formOf = async (id: number) => {
      const response = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${id}/ss4.pdf`);
      expect(response.statusCode).toBe(200);
      const form = (await PDFDocument.load(response.rawPayload)).getForm();
      return (name: string) => form.getTextField(ss4FieldPrefix + name).getText();
    };
    const estateText = await formOf(estate.id);
    expect(estateText('f1_14[0]')).toBe('111-22-3333');
    expect(estateText('f1_11[0]')).toBe('123-45-6789');
    expect(estateText('f1_17[0]')).toBeUndefined();
    const trustText = await formOf(trust.id);
    expect(trustText('f1_17[0]')).toBe('222-33-4444');
    expect(trustText('f1_14[0]')).toBeUndefined();
  });

  it("gives another fulfiller's order the same 404 as a missing one, and writes no download row", async () => {
    const order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), assignedTo: admin.id });
    const hidden = await staffInject(harness.app, fulfiller.cookie, 'GET', `/api/manage/orders/${order.id}/ss4.pdf`);
    const missing = await staffInject(harness.app, fulfiller.cookie, 'GET', '/api/manage/orders/999999/ss4.pdf');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect(await auditRows(harness.database.db, 'ss4_downloaded', `order:${order.id}`)).toEqual([]);
    const anonymous = await harness.app.inject({ method: 'GET', url: `/api/manage/orders/${order.id}/ss4.pdf` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the order page the configured designee, so the mapping view matches the file', async () => {
    const order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789') });
    const response = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${order.id}`);
    expect(response.json<OrderDetailResponse>().order.ss4Designee).toEqual({
      name: 'EIN Filing Service LLC',
      address: '500 Congress Ave, Austin, TX 78701',
      phone: '(512) 555-0100',
      fax: '(512) 555-0101',
    });
  });
});
