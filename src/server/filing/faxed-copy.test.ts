// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { applicationWithSsn } from '#tests/support/orders-api.ts';
import { signThroughLink } from '#tests/support/signed-orders.ts';
import { pdfsig } from '#tests/support/pdfsig.ts';
import { filings } from '../db';
import { isTestFaxTransport, type FaxProvider } from '../fax';
import type { OrderFiling } from '#shared/filing/filing.ts';

// What the fax outbox hands the provider when staff file a signed order by fax: the customer's sealed
// SS-4, byte for byte, with the filing reference appended under a seal of its own (decision 050), so
// that pdfsig still finds the customer's seal valid on the faxed copy.

describe.each(testDatabaseKinds)('the faxed copy of a signed SS-4 on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  let provider: FaxProvider;
  let send: FaxProvider['send'];
  const sent: { filingId: number; document: Uint8Array }[] = [];

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    provider = harness.services.filing.provider;
    if (!isTestFaxTransport(provider)) throw new Error('The tests run on the built-in test transport');
    // The transport sends as it always does; the documents it is handed are kept for the test to read.
    send = provider.send.bind(provider);
    provider.send = async (fax) => {
      sent.push({ filingId: fax.filingId, document: fax.document });
      return send(fax);
    };
  }, 60_000);
  afterAll(() => {
    if (send) provider.send = send;
  });

  it('keeps the customer’s seal valid over exactly the stored file, and seals the reference over the whole copy', async () => {
    const order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789'), assignedTo: admin.id });
    await signThroughLink(harness.app, harness.env, order, admin.cookie, '6789');
    const download = await staffInject(harness.app, admin.cookie, 'GET', `/api/manage/orders/${order.id}/ss4-signed.pdf`);
    expect(download.statusCode).toBe(200);
    const signed = new Uint8Array(download.rawPayload);

    const created = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${order.id}/filings`, { method: 'fax' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ filing: OrderFiling }>().filing.filings[0]).toMatchObject({ method: 'fax', status: 'sending' });
    const [filing] = await harness.database.db.select().from(filings).where(eq(filings.orderId, order.id));
    const faxed = sent.find((fax) => fax.filingId === filing!.id)?.document;
    expect(faxed).toBeDefined();

    // The stored sealed file, unchanged, then the update.
    expect(Buffer.from(faxed!.subarray(0, signed.length)).equals(Buffer.from(signed))).toBe(true);
    const report = await pdfsig(faxed!);
    expect(report.signatures.map((signature) => [signature.fieldName, signature.validation]), report.text).toEqual([
      ['Signature1', 'Signature is Valid.'],
      ['Signature2', 'Signature is Valid.'],
    ]);
    expect(report.signatures[0]!.signedRanges).toEqual((await pdfsig(signed)).signatures[0]!.signedRanges);
    expect(report.signatures[0]!.signedRanges.at(-1)?.[1]).toBe(signed.length);
    expect(report.signatures[1]!.wholeDocument, report.text).toBe(true);
    expect(report.signatures.map((signature) => signature.signerCommonName)).toEqual(['EIN Filing Service document seal', 'EIN Filing Service document seal']);
    // The reference it carries is the filing's.
    expect(Buffer.from(faxed!).toString('latin1')).toContain(`Filing reference ${filing!.reference} added`);
  }, 60_000);
});
