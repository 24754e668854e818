// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { withStaffApp } from '#tests/support/staff-app.ts';
import { auditRows } from '#tests/support/orders-api.ts';
import { generateTelnyxSigningKey, startFakeTelnyx, type FakeWebhookCall } from '#tests/fakes/telnyx-server.ts';
import { faxMedia, filings, inboundFaxes, orders } from '../db';
import { makeFilingReference, purgeFaxMedia } from '.';
import { irsFaxNumbers } from '#shared/filing/filing.ts';

// The provider's webhook through the app, with Telnyx's SDK pointed at a local fake of its API: only
// calls signed with the account's key and sent within five minutes are taken, each is applied once,
// and what changes is read again from the provider, never taken from the call.

const fake = await startFakeTelnyx();
afterAll(() => fake.close());

describe.each(testDatabaseKinds)('POST /api/fax/webhook with Telnyx on %s', (kind) => {
  const harness = withStaffApp(kind, {
    env: {
      FAX_PROVIDER: 'telnyx',
      TELNYX_API_KEY: fake.apiKey,
      TELNYX_PUBLIC_KEY: fake.publicKey,
      TELNYX_CONNECTION_ID: fake.connectionId,
      TELNYX_API_BASE_URL: fake.baseURL,
      PUBLIC_URL: 'https://ein.example.com',
    },
  });
  let document: Uint8Array;

  beforeAll(async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    document = await pdf.save();
  });

  const db = () => harness.database.db;
  const post = (call: FakeWebhookCall) =>
    harness.app.inject({ method: 'POST', url: '/api/fax/webhook', headers: { 'content-type': 'application/json', ...call.headers }, payload: call.rawBody });
  const received = async (faxId: string) => db().select().from(inboundFaxes).where(eq(inboundFaxes.providerFaxId, faxId));

  it('receives a fax once from a signed call, however often it is delivered', async () => {
    const fax = fake.receive({ from: irsFaxNumbers.domestic, to: '+15125550101', document });
    const call = fake.signWebhook(fake.eventFor('fax.received', fax.id));
    const first = await post(call);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const [row] = await received(fax.id);
    expect(row).toMatchObject({ provider: 'telnyx', pages: 1, fromNumber: irsFaxNumbers.domestic });
    expect(Buffer.from(harness.services.cipher.decrypt(row!.document!), 'base64').equals(Buffer.from(document))).toBe(true);
    // The same call again (Telnyx retries): answered, changes nothing.
    const replay = await post(call);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await received(fax.id)).toHaveLength(1);
  });

  it('refuses unsigned, forged, altered and stale calls with 401 or 400, and changes nothing', async () => {
    const fax = fake.receive({ from: irsFaxNumbers.domestic, to: '+15125550101', document });
    const event = fake.eventFor('fax.received', fax.id);
    const good = fake.signWebhook(event);
    const unsigned = { rawBody: good.rawBody, headers: {} };
    const forged = fake.signWebhook(event, { privateKey: generateTelnyxSigningKey().privateKey });
    const altered = { rawBody: good.rawBody.replace(fax.id, `${fax.id}x`), headers: good.headers };
    const stale = fake.signWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await post(unsigned)).statusCode).toBe(401);
    expect((await post(forged)).statusCode).toBe(401);
    expect((await post(altered)).statusCode).toBe(401);
    expect((await post(stale)).statusCode).toBe(400);
    expect(await received(fax.id)).toEqual([]);
  });

  it('applies a delivery as the provider reports it, not as the call says', async () => {
    const order = await createPaidOrder(db(), { status: 'ss4_signed_awaiting_irs' });
    const sent = fake.addOutbound({ from: '+15125550101', to: irsFaxNumbers.domestic, status: 'sending' });
    const [filing] = await db()
      .insert(filings)
      .values({ orderId: order.id, method: 'fax', status: 'sending', reference: makeFilingReference(), toNumber: irsFaxNumbers.domestic, provider: 'telnyx', providerFaxId: sent.id, attempts: 1 })
      .returning();
    // A signed call announcing a delivery the provider does not report yet changes nothing.
    const early = fake.signWebhook({ ...fake.eventFor('fax.delivered', sent.id), data: { ...fake.eventFor('fax.delivered', sent.id).data, payload: { fax_id: sent.id, status: 'delivered' } } });
    expect((await post(early)).statusCode).toBe(200);
    expect((await db().select().from(filings).where(eq(filings.id, filing!.id)))[0]!.status).toBe('sending');
    // Once the provider has it delivered, its call moves the filing and the order on.
    fake.deliver(sent.id, 3);
    expect((await post(fake.signWebhook(fake.eventFor('fax.delivered', sent.id)))).statusCode).toBe(200);
    expect((await db().select().from(filings).where(eq(filings.id, filing!.id)))[0]).toMatchObject({ status: 'delivered', pages: 3 });
    expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('submitted_to_irs');
  });

  it('serves a filing’s document to the provider by its link while it is valid, audited, and the purge removes expired links', async () => {
    const order = await createPaidOrder(db(), { status: 'ss4_signed_awaiting_irs' });
    const [filing] = await db().insert(filings).values({ orderId: order.id, method: 'fax', status: 'queued', reference: makeFilingReference(), provider: 'telnyx' }).returning();
    const link = (expiresInMinutes: number) => {
      const token = randomBytes(32).toString('base64url');
      return {
        token,
        row: {
          tokenHash: createHash('sha256').update(token).digest('hex'),
          filingId: filing!.id,
          document: harness.services.cipher.encrypt(Buffer.from(document).toString('base64')),
          expiresAt: new Date(Date.now() + expiresInMinutes * 60_000),
        },
      };
    };
    const valid = link(15);
    const expired = link(-1);
    await db().insert(faxMedia).values([valid.row, expired.row]);
    const fetched = await harness.app.inject({ method: 'GET', url: `/api/fax/media/${valid.token}.pdf` });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/pdf');
    expect(fetched.rawPayload.equals(Buffer.from(document))).toBe(true);
    expect((await harness.app.inject({ method: 'GET', url: `/api/fax/media/${expired.token}.pdf` })).statusCode).toBe(404);
    expect(await auditRows(db(), 'fax_media_fetched', `filing:${filing!.id}`)).toHaveLength(1);
    expect(await purgeFaxMedia(harness.services.filing)).toBe(1);
    expect((await db().select().from(faxMedia)).map((row) => row.tokenHash)).toEqual([valid.row.tokenHash]);
  });
});
