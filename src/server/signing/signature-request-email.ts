import { breakableHtml, customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { businessTimeZone } from '#shared/dates.ts';
import { orderStatusLabels } from '#shared/orders/lifecycle.ts';
import { emailCodeLength, type VerificationQuestion } from '#shared/ssn-last-four.ts';

const signedStatus = orderStatusLabels.ss4_signed_awaiting_irs;

export type SignatureRequestEmailDetails = {
  /** `request` for the first message, `reminder` for the one reminder, `again` after staff voided the signature. */
  kind: 'request' | 'reminder' | 'again';
  /** For `again`: why, as staff wrote it, and when the set-aside signature was given. */
  again?: { reason: string; signedAt: Date };
  trackingNumber: string;
  companyName: string | null;
  /** `PUBLIC_URL/sign/<token>`. */
  signingUrl: string;
  expiresAt: Date;
  supportEmail: string;
  /** The zone the expiry is written in, named in the text: the business address's (decision 040). */
  timeZone: string;
  /** What the page asks before it shows the form (the SSN's last four when not given). */
  question?: VerificationQuestion;
};


const purpose =
  'The IRS needs the signature of the responsible party on Form SS-4, the application for an Employer Identification Number (EIN). Signing also authorizes us, as the third-party designee named on the form, to file it for you and receive your EIN.';

/** Why the e-mail comes and what the page will ask: the question follows the responsible party's taxpayer number. */
function whyParagraphs(question: VerificationQuestion): string[] {
  const opening =
    question === 'ssn'
      ? 'To open the form, you confirm the last four digits of the responsible party\u2019s Social Security Number.'
      : question === 'itin'
        ? 'To open the form, you confirm the last four digits of the responsible party\u2019s ITIN.'
        : `To open the form, you ask the page for a ${emailCodeLength}-digit code, which we e-mail to this address, and enter it.`;
  return [purpose, `${opening} You can then read every line of the form before you sign. It takes about two minutes.`];
}

/**
 * Asks the customer to sign their SS-4, reminds them once, or asks them to sign again after staff
 * voided their signature (quoting staff's reason as written). It carries the link and says plainly
 * what they sign and why; nothing of the application travels in it but the company's name.
 */
export function signatureRequestEmail(details: SignatureRequestEmailDetails): Omit<MailMessage, 'to'> {
  const { kind, trackingNumber, companyName, signingUrl, supportEmail } = details;
  const forCompany = companyName ? ` for ${companyName}` : '';
  const subjects = {
    request: `Action needed: sign your SS-4 (application ${trackingNumber})`,
    reminder: `Reminder: please sign your SS-4 (application ${trackingNumber})`,
    again: `Action needed: please sign your SS-4 again (application ${trackingNumber})`,
  } as const;
  const subject = subjects[kind];
  const again = kind === 'again' && details.again ? details.again : null;
  const opening =
    kind === 'reminder'
      ? `We have not received your signature yet. Your EIN application${forCompany} is waiting for it.`
      : again
        ? `You signed the SS-4 of your EIN application${forCompany} on ${formatCustomerTime(again.signedAt, details.timeZone)}. We have set that signature aside and need you to sign the form again, for this reason:`
        : `Your EIN application${forCompany} is ready for your signature.`;
  // What happens to the set-aside form, in the customer's words: it is not filed.
  const afterReason = again
    ? 'The form you signed before will not be filed with the IRS. Please read the form again before you sign: we file your application once you have signed it.'
    : null;
  const expires = `The link works once and expires on ${formatCustomerTime(details.expiresAt, details.timeZone)}. If it expires, reply to this e-mail and we will send a new one.`;
  const support = supportLine(supportEmail);
  const why = whyParagraphs(details.question ?? 'ssn');

  const text = [
    opening,
    '',
    ...(again ? [quoted(again.reason), '', afterReason!, ''] : []),
    ...why.flatMap((paragraph) => [paragraph, '']),
    `Sign your SS-4: ${signingUrl}`,
    '',
    expires,
    `Tracking number: ${trackingNumber}`,
    '',
    support.text,
    '',
    customerDisclosure,
    '',
  ].join('\n');

  const e = escapeHtml;
  const headings = { request: 'Please sign your SS-4', reminder: 'Your SS-4 is still waiting for your signature', again: 'Please sign your SS-4 again' } as const;
  const html = htmlEmail({
    subject,
    brand: customerBrand,
    heading: headings[kind],
    footer: customerDisclosure,
    body: `<p style="margin:0 0 16px">${e(opening)}</p>
${again ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #cbd5e1;color:#0f172a;white-space:pre-line">${e(again.reason)}</blockquote>\n<p style="margin:0 0 16px">${e(afterReason!)}</p>\n` : ''}${why.map((paragraph) => `<p style="margin:0 0 16px">${e(paragraph)}</p>`).join('\n')}
<p style="margin:0 0 16px"><a href="${e(signingUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Review and sign your SS-4</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#475569">Or paste this address into your browser: ${breakableHtml(signingUrl)}</p>
<p style="margin:0 0 16px">${e(expires)}</p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>
${support.html}`,
  });
  return { subject, text, html };
}

/** Staff's words as the text e-mail quotes them: each line set off with "> ". */
function quoted(reason: string): string {
  return reason
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

export type SignedNoticeEmailDetails = {
  assigneeName: string;
  trackingNumber: string;
  signerName: string;
  signedAt: Date;
  orderUrl: string;
};

const notificationNote = 'You get these e-mails because notifications are on for your account; an admin can turn them off on the Users page.';

/** Tells the order's assignee that the customer has signed; the signed file stays in the panel. */
export function signedNoticeEmail(details: SignedNoticeEmailDetails): Omit<MailMessage, 'to'> {
  const { assigneeName, trackingNumber, signerName, orderUrl } = details;
  const subject = `Order ${trackingNumber}: the SS-4 has been signed`;
  // Staff read times in the business calendar's zone (decision 033), named.
  const when = formatCustomerTime(details.signedAt, businessTimeZone);
  const text = [
    `Hello ${assigneeName},`,
    '',
    `${signerName} signed the SS-4 of order ${trackingNumber} on ${when}. The order is now ${signedStatus}.`,
    '',
    `Download the signed form from the order: ${orderUrl}`,
    '',
    notificationNote,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service: Management Panel',
    heading: 'The customer signed the SS-4',
    footer: notificationNote,
    body: `<p style="margin:0 0 16px">Hello ${e(assigneeName)},</p>
<p style="margin:0 0 16px">${e(signerName)} signed the SS-4 of order <strong>${e(trackingNumber)}</strong> on ${e(when)}. The order is now ${e(signedStatus)}.</p>
<p style="margin:0 0 16px"><a href="${e(orderUrl)}" style="color:#1d4ed8">Open the order</a> to download the signed form.</p>`,
  });
  return { subject, text, html };
}
