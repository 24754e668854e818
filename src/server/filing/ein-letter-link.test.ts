// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { mailbox, staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { applicationWithSsn, auditRows, mailTo } from '#tests/support/orders-api.ts';
import { signThroughLink } from '#tests/support/signed-orders.ts';
import { customerDocumentLinks, emailOutbox, irsLetters } from '../db';
import { eraseOrderPersonalData } from '../retention';
import { filingMessages } from '#shared/filing/filing.ts';
import type { EinLetterLinkResponse } from '#shared/fulfilment/orders.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { ApiErrorBody } from '#shared/errors.ts';

// Support sends a customer who lost the EIN e-mail, or let its link expire, a new link to the IRS's
// letter: `POST /api/manage/orders/:id/ein-letter-link`.

const newLinkSubject = 'A new link to your EIN letter';

describe.each(testDatabaseKinds)('a new link to the EIN letter on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  let support: SignedInMember;
  let fulfiller: SignedInMember;
  let other: SignedInMember;
  let nextOrder = 0;
  let nextAddress = 0;
  const clientAddress = () => `198.18.40.${(nextAddress++ % 250) + 1}`;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    support = await harness.signedIn({ role: 'support', name: 'Sam Support' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Fran Fulfiller' });
    other = await harness.signedIn({ role: 'fulfiller', name: 'Otto Other' });
  }, 60_000);

  const db = () => harness.database.db;
  const sendLink = (orderId: number, cookie: string | null) => staffInject(harness.app, cookie, 'POST', `/api/manage/orders/${orderId}/ein-letter-link`);
  const errorOf = (body: string) => (JSON.parse(body) as ApiErrorBody).error;

  /** A paid order assigned to the fulfiller, with the customer's own address and an SSN sealed with the app's key. */
  async function paidOrder() {
    nextOrder += 1;
    const ssn = String(400_000_000 + nextOrder);
    const order = await createPaidOrder(db(), {
      formData: applicationWithSsn(harness.services.cipher, ssn),
      billingEmail: `letter-${nextOrder}-${Date.now()}@example.com`,
      assignedTo: fulfiller.id,
    });
    return { order, ssn };
  }

  /** A completed order with its IRS letter: signed, filed online, and the CP 575 recorded. */
  async function orderWithLetter() {
    const { order, ssn } = await paidOrder();
    await signThroughLink(harness.app, harness.env, order, admin.cookie, ssn.slice(-4));
    const filed = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/filings`, { method: 'online' });
    expect(filed.statusCode, filed.body).toBe(201);
    const letter = await PDFDocument.create();
    const font = await letter.embedFont(StandardFonts.Helvetica);
    letter.addPage().drawText('CP 575 A  We assigned you an employer identification number', { x: 50, y: 700, size: 12, font });
    const pdf = Buffer.from(await letter.save());
    const { filingId } = filed.json<{ filingId: number }>();
    const recorded = await staffInject(harness.app, fulfiller.cookie, 'POST', `/api/manage/orders/${order.id}/filings/${filingId}/result`, { ein: '27-1234567', letter: pdf.toString('base64') });
    expect(recorded.statusCode, recorded.body).toBe(200);
    return { order, ssn, pdf };
  }

  const linksOf = (orderId: number) => db().select().from(customerDocumentLinks).where(eq(customerDocumentLinks.orderId, orderId));
  const newLinkEmailsOf = (orderId: number) => db().select().from(emailOutbox).where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'ein_letter_link')));
  /** The letter's links in the messages to `address` that say so in `text`, in the order they were sent. */
  const lettersLinkedIn = (address: string, text: string) =>
    mailTo(mailbox(harness.env), address)
      .filter((message) => message.includes(text))
      .map((message) => [...new Set([...message.matchAll(/\/ein-letter\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!))]);

  /** Opens the letter's page as the customer does: the question, the last four digits, the PDF. */
  async function openLetter(token: string, ssn: string): Promise<Buffer> {
    const api = `/api/ein-letter/${token}`;
    const remoteAddress = clientAddress();
    const start = await harness.app.inject({ method: 'GET', url: api, remoteAddress });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ state: 'verify', question: 'ssn' });
    const verified = await harness.app.inject({ method: 'POST', url: `${api}/verify`, remoteAddress, payload: { ssnLast4: ssn.slice(-4) } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ state: 'verified', facts: [{ label: 'EIN', value: '27-1234567' }] });
    const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
    const letter = await harness.app.inject({ method: 'GET', url: `${api}/document.pdf`, remoteAddress, headers: { cookie } });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    return letter.rawPayload;
  }

  it('e-mails the customer a new link to the letter for an admin, a support member and the assigned fulfiller, each link opening it, the earlier ones kept', async () => {
    const { order, ssn, pdf } = await orderWithLetter();
    const [letter] = await db().select().from(irsLetters).where(eq(irsLetters.orderId, order.id));
    const [einEmailLink] = lettersLinkedIn(order.billingEmail, 'Your EIN is ready');
    expect(einEmailLink).toHaveLength(1);
    const tokens = [einEmailLink![0]!];

    for (const [index, member] of [admin, support, fulfiller].entries()) {
      const linksBefore = new Set((await linksOf(order.id)).map((row) => row.id));
      const sent = await sendLink(order.id, member.cookie);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<EinLetterLinkResponse>()).toEqual({ emailed: true });
      expect(sent.headers['cache-control']).toBe('no-store');

      // One new link, to the letter, valid 30 days.
      const links = await linksOf(order.id);
      expect(links).toHaveLength(linksBefore.size + 1);
      const link = links.find((row) => !linksBefore.has(row.id))!;
      expect(link).toMatchObject({ kind: 'ein_letter', documentId: String(letter!.id) });
      expect(Math.round((link.expiresAt.getTime() - link.createdAt.getTime()) / 86_400_000)).toBe(30);

      // One e-mail, carrying a token no earlier e-mail did; its body gone from the outbox once sent.
      const messages = lettersLinkedIn(order.billingEmail, newLinkSubject);
      expect(messages).toHaveLength(index + 1);
      const [token] = messages.at(-1)!;
      expect(messages.at(-1)).toHaveLength(1);
      expect(tokens).not.toContain(token);
      tokens.push(token!);
      const outbox = await newLinkEmailsOf(order.id);
      expect(outbox).toHaveLength(index + 1);
      expect(outbox.at(-1)).toMatchObject({ toAddress: order.billingEmail, status: 'sent', eraseBodyWhenSent: true, textBody: '', htmlBody: '' });

      // The link opens the letter, as uploaded (a CP 575 carries no taxpayer number).
      expect(Buffer.from(await openLetter(token!, ssn)).equals(pdf)).toBe(true);

      // Audited, as the member who sent it.
      const audited = await auditRows(db(), 'ein_letter_link_sent', `order:${order.id}`);
      expect(audited).toHaveLength(index + 1);
      expect(audited.at(-1)).toMatchObject({ actor_id: member.id, detail: { letterId: letter!.id, linkId: link.id } });
    }

    // What the e-mail says: the page's question and the link's 30 days, as the EIN e-mail words them.
    const message = mailTo(mailbox(harness.env), order.billingEmail).filter((text) => text.includes(newLinkSubject)).at(-1)!;
    expect(message).toContain('Here is a new link to your EIN letter');
    expect(message).toContain('The page asks for the last four digits of the responsible party');
    expect(message).toContain('the link works for 30 days');
    expect(message).toContain(order.applicationId);

    // The EIN e-mail's link still opens the letter.
    expect(Buffer.from(await openLetter(tokens[0]!, ssn)).equals(pdf)).toBe(true);

    // Once the order's personal data is erased, there is no letter to link to.
    await db().transaction((tx) => eraseOrderPersonalData(tx, [order.id]));
    const erased = await sendLink(order.id, admin.cookie);
    expect(erased.statusCode).toBe(409);
    expect(errorOf(erased.body)).toMatchObject({ code: 'conflict', message: filingMessages.letterErased });
    expect(await linksOf(order.id)).toEqual([]);
    expect(await newLinkEmailsOf(order.id)).toEqual([]);
  }, 120_000);

  it('refuses an order with no IRS letter yet, and writes nothing', async () => {
    const { order } = await paidOrder();
    for (const member of [admin, support, fulfiller]) {
      const refused = await sendLink(order.id, member.cookie);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused.body)).toMatchObject({ code: 'conflict', message: filingMessages.noLetter });
    }
    expect(await linksOf(order.id)).toEqual([]);
    expect(await newLinkEmailsOf(order.id)).toEqual([]);
    expect(await auditRows(db(), 'ein_letter_link_sent', `order:${order.id}`)).toEqual([]);
  });

  it('answers a fulfiller whose order it is not 404 and a caller not signed in 401, and writes nothing', async () => {
    const { order } = await orderWithLetter();
    const linksBefore = (await linksOf(order.id)).length;
    const notTheirs = await sendLink(order.id, other.cookie);
    expect(notTheirs.statusCode).toBe(404);
    expect(errorOf(notTheirs.body)).toMatchObject({ code: 'not_found', message: staffMessages.orderNotFound });
    const anonymous = await sendLink(order.id, null);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous.body).code).toBe('unauthorized');
    expect(await linksOf(order.id)).toHaveLength(linksBefore);
    expect(await newLinkEmailsOf(order.id)).toEqual([]);
    expect(await auditRows(db(), 'ein_letter_link_sent', `order:${order.id}`)).toEqual([]);
  }, 60_000);
});
