// @vitest-environment node
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadEnv } from './env';
import type { Database } from './db';
import type { MailMessage } from './email';
import { orderConfirmationEmail } from './checkout';
import { assignmentEmail, cancelledEmail, einEmail, onHoldEmail } from './orders';
import { signatureRequestEmail, signedNoticeEmail, signedCopyEmail } from './signing';
import { cancellationConfirmationEmail, disputeAlertEmail, refundConfirmationEmail } from './refunds';
import { accountAttackEmail } from './staff';
import { findBannedIcons, findBannedPhrases } from '#shared/site/banned-wording.ts';
import { indexedPagePaths } from '#shared/site/public-paths.ts';
import { deliveryPromise, refundsSectionId } from '#shared/delivery-promise.ts';
import type { EmailKind } from '#shared/fulfilment/orders.ts';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { buildRenderedSite, parsePage } from '#tests/support/rendered-site.ts';
import { configuredClaimsEnv } from '#tests/support/site-claims.ts';
import { previewImageFile, previewImageSource, previewImageWords, recordedSourceDigest, sourceDigest } from '../../scripts/preview-image';
import { einLetterLinkEmail, overdueEmail } from './filing';
import { linkCodeEmail } from './link-codes';
import { alertEmail } from './alerts';

// Nothing a customer reads may make the service look like the IRS or approved by it, and every mention
// of money back says its condition and links to the Terms' refund section. The banned wording is one
// list, with its reasons: src/shared/site/banned-wording.ts. Scanned here: every public page as the
// server sends it (head, previews and structured data included) with and without the operator's
// claims, every e-mail the service sends, and the preview image's text.

const moneyBack = /money[\s-]+back/i;

/** The banned wording and icons in a text, with a label saying where. */
function bannedIn(where: string, text: string): string[] {
  return [...findBannedPhrases(text), ...findBannedIcons(text)].map(({ found, reason }) => `${where}: “${found}” (${reason})`);
}

/** Every mention of money back in a page that does not carry the Terms' condition and a link to their refund section. */
function unbackedMoneyBackMentions(document: Document): string[] {
  const walker = document.createTreeWalker(document.body, 4 /* text nodes */);
  const problems: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!moneyBack.test(node.textContent ?? '') || node.parentElement?.closest('script')) continue;
    // The statement the mention belongs to: its list item, paragraph or cell.
    const statement = node.parentElement?.closest('li, p, dd, td, blockquote');
    const text = statement?.textContent?.replace(/\s+/g, ' ') ?? '';
    const linked = statement?.querySelector(`a[href$="/terms#${refundsSectionId}"]`);
    if (!text.includes(deliveryPromise.refundCondition) || !linked) problems.push(text || (node.textContent ?? ''));
  }
  return problems;
}

const now = new Date('2025-06-02T15:00:00Z');
const customer = { trackingNumber: 'AB12CD34EF56', companyName: 'Hill Country Woodworks LLC', trackingUrl: 'https://ein.example.com/track-application?number=AB12CD34EF56', supportEmail: 'support@example.com' };
const refund = { ...customer, amountCents: 14900, totalRefundedCents: 14900, paidCents: 14900, orderCancelled: true };
const orderUrl = 'https://ein.example.com/manage/orders/7';

/** One of every e-mail the service sends, by kind: a new kind must be added here to compile. */
const emails: Record<EmailKind, () => Omit<MailMessage, 'to'> | Promise<Omit<MailMessage, 'to'>>> = {
  order_confirmation: () =>
    orderConfirmationEmail({
      ...customer,
      amountCents: 14900,
      currency: 'usd',
      paidAt: now,
      paymentMethod: 'card',
      paymentReference: 'pi_123',
      cancellation: { url: 'https://ein.example.com/cancel-order/abc', expiresAt: now },
      timeZone: 'America/Chicago',
      filingRoute: 'online_or_fax',
    }),
  ein: () => einEmail({ ...customer, ein: '12-3456789' }),
  assignment: () => assignmentEmail({ assigneeName: 'Fran Fulfiller', trackingNumber: customer.trackingNumber, priority: 'standard', dueDate: now, assignedBy: 'Ada Admin', orderUrl }),
  signature_request: () => signatureRequestEmail({ ...customer, kind: 'request', signingUrl: 'https://ein.example.com/sign/token', expiresAt: now, timeZone: 'America/Chicago' }),
  signature_reminder: () => signatureRequestEmail({ ...customer, kind: 'reminder', signingUrl: 'https://ein.example.com/sign/token', expiresAt: now, timeZone: 'America/Chicago' }),
  verification_code: () => linkCodeEmail({ code: '042917', trackingNumber: customer.trackingNumber, purpose: 'signing', supportEmail: customer.supportEmail }),
  signed_notice: () => signedNoticeEmail({ assigneeName: 'Fran Fulfiller', trackingNumber: customer.trackingNumber, signerName: 'Jane Doe', signedAt: now, orderUrl }),
  on_hold: () => onHoldEmail({ ...customer, reason: 'We need a copy of your formation document.' }),
  cancelled: () => cancelledEmail(customer),
  refund_confirmation: () => refundConfirmationEmail({ ...refund, orderCancelled: false, amountCents: 5000, totalRefundedCents: 5000 }),
  cancellation_confirmation: () => cancellationConfirmationEmail(refund),
  dispute_alert: () =>
    disputeAlertEmail({ adminName: 'Ada Admin', trackingNumber: customer.trackingNumber, companyName: customer.companyName, amountCents: 14900, disputeId: 'dp_1', status: 'needs_response', reason: 'fraudulent', putOnHold: true, orderUrl }),
  account_attack: () => accountAttackEmail({ name: 'Fran Fulfiller', budget: 10, windowMinutes: 15, signInUrl: 'https://ein.example.com/manage/login' }),
  signed_copy: () => signedCopyEmail({ ...customer, documentUrl: 'https://ein.example.com/signed-ss4/token', expiresAt: now }),
  ein_letter_link: () => einLetterLinkEmail({ ...customer, letterUrl: 'https://ein.example.com/ein-letter/token' }),
  irs_overdue: () => overdueEmail({ trackingNumber: customer.trackingNumber, deliveredAt: now, to: '+18556416935', orderUrl }),
  alert_started: () => alertEmail({ key: 'fax_given_up', trackingNumbers: [customer.trackingNumber], measured: 1, phase: 'started', at: now, startedAt: now, panelUrl: 'https://ein.example.com/manage' }),
  alert_ended: () => alertEmail({ key: 'fax_given_up', trackingNumbers: [customer.trackingNumber], measured: 1, phase: 'ended', at: now, startedAt: now, panelUrl: 'https://ein.example.com/manage' }),
};

describe('the e-mails and the preview image', () => {
  it('use no government look-alike wording, and mention money back only with its condition and link', async () => {
    const problems: string[] = [];
    for (const [kind, compose] of Object.entries(emails)) {
      const { subject, text, html } = await compose();
      problems.push(...bannedIn(`${kind} e-mail`, [subject, text, html].join('\n')));
      const mentions = [subject, text].join('\n').match(moneyBack);
      if (mentions && (!text.includes(deliveryPromise.refundCondition) || !html?.includes(`/terms#${refundsSectionId}`))) problems.push(`${kind} e-mail: money back without its condition and link`);
    }
    expect(problems).toEqual([]);
  });

  it('uses, in the preview image, no banned wording and no money-back promise an image cannot link to its condition', () => {
    const svg = readFileSync(previewImageSource, 'utf8');
    const words = previewImageWords(svg);
    expect(words).toContain('not affiliated with the IRS');
    expect(bannedIn('preview image', svg)).toEqual([]);
    expect(words).not.toMatch(moneyBack);
  });

  it('ships the preview image rendered from the source scanned above', () => {
    const digest = recordedSourceDigest(readFileSync(previewImageFile));
    expect(digest, 'og-image.png records no source: run `npm run preview-image`').not.toBeNull();
    expect(digest, 'preview-image.svg changed since og-image.png was rendered: run `npm run preview-image`').toBe(sourceDigest(readFileSync(previewImageSource)));
  });
});

describe.each(testDatabaseKinds)('the public pages on %s', (kind) => {
  let database: Database;
  const sites: { state: string; app: FastifyInstance }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), PUBLIC_URL: 'https://ein.example.com' };
    sites.push({ state: 'without claims', app: await buildRenderedSite({ env: loadEnv(base), database }) });
    sites.push({ state: 'with every claim configured', app: await buildRenderedSite({ env: loadEnv({ ...base, ...configuredClaimsEnv() }), database }) });
  });

  afterAll(async () => {
    for (const { app } of sites) await app.close();
    await database.close();
  });

  it('use no government look-alike wording or seal-like badge anywhere in their HTML, titles, previews or structured data', async () => {
    const problems: string[] = [];
    for (const { state, app } of sites) {
      for (const url of [...indexedPagePaths, '/no-such-page']) {
        const response = await app.inject({ method: 'GET', url });
        problems.push(...bannedIn(`${url} ${state}`, response.body));
      }
    }
    expect(problems).toEqual([]);
  });

  it('mention money back only with the Terms’ condition and a link to their refund section', async () => {
    const problems: string[] = [];
    let mentions = 0;
    for (const { state, app } of sites) {
      for (const url of [...indexedPagePaths, '/no-such-page']) {
        const { document } = parsePage((await app.inject({ method: 'GET', url })).body);
        mentions += (document.body.textContent?.match(new RegExp(moneyBack, 'gi')) ?? []).length;
        problems.push(...unbackedMoneyBackMentions(document).map((text) => `${url} ${state}: ${text}`));
      }
    }
    expect(problems).toEqual([]);
    // The check has something to check: the landing page, About and step 1 make the guarantee.
    expect(mentions).toBeGreaterThan(4);
  });
});
