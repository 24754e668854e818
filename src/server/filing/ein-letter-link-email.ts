import { breakableHtml, customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';
import { einLetterNote } from '../orders';
import type { VerificationQuestion } from '#shared/ssn-last-four.ts';

export type EinLetterLinkEmailDetails = {
  trackingNumber: string;
  /** The company the EIN was obtained for; null when the application has none. */
  companyName: string | null;
  /** `PUBLIC_URL/ein-letter/<token>`. */
  letterUrl: string;
  supportEmail: string;
  /** What the letter's page asks (the SSN's last four when not given). */
  question?: VerificationQuestion;
};

/**
 * A new link to the IRS's letter, sent by support when the customer lost the EIN e-mail or let its
 * link expire. It says what the EIN e-mail says of the link (what the page asks, 30 days), and
 * nothing of the application but the company and the tracking number.
 */
export function einLetterLinkEmail({ trackingNumber, companyName, letterUrl, supportEmail, question = 'ssn' }: EinLetterLinkEmailDetails): Omit<MailMessage, 'to'> {
  const subject = `A new link to your EIN letter (application ${trackingNumber})`;
  const forCompany = companyName ? ` for ${companyName}` : '';
  const intro = `Here is a new link to your EIN letter: the IRS's letter assigning the Employer Identification Number${forCompany}.`;
  const note = einLetterNote(question);
  const support = supportLine(supportEmail);
  const text = [intro, '', `Download the IRS's letter: ${letterUrl}`, note, '', `Tracking number: ${trackingNumber}`, '', support.text, '', customerDisclosure, ''].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: customerBrand,
    heading: 'Your EIN letter',
    footer: customerDisclosure,
    body: `<p style="margin:0 0 16px">${e(intro)}</p>
<p style="margin:0 0 16px"><a href="${e(letterUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Download the IRS's letter</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#475569">Or paste this address into your browser: ${breakableHtml(letterUrl)}</p>
<p style="margin:0 0 16px">${e(note)}</p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>
${support.html}`,
  });
  return { subject, text, html };
}
