import { customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';
import { verificationQuestionPhrase, type VerificationQuestion } from '#shared/ssn-last-four.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { businessTimeZone } from '#shared/dates.ts';

export type SignedCopyEmailDetails = {
  trackingNumber: string;
  companyName: string | null;
  /** `PUBLIC_URL/signed-ss4/<token>`. */
  documentUrl: string;
  expiresAt: Date;
  /** The zone the link's last moment is written in (the business address's, decision 040); Eastern when unknown. */
  timeZone?: string;
  supportEmail: string;
  /** What the page asks before the copy (the SSN's last four when not given). */
  question?: VerificationQuestion;
};

/**
 * The signer's own copy (decision 037): the link to the sealed signed SS-4, which opens after the
 * last four digits of the SSN, as the signing link did. The form itself never travels by e-mail.
 */
export function signedCopyEmail({ trackingNumber, companyName, documentUrl, expiresAt, timeZone, supportEmail, question = 'ssn' }: SignedCopyEmailDetails): Omit<MailMessage, 'to'> {
  const subject = `Your signed SS-4 (application ${trackingNumber})`;
  const forCompany = companyName ? ` for ${companyName}` : '';
  const paragraphs = [
    `Thank you for signing the Form SS-4${forCompany}. Here is your copy to keep.`,
    'The file is the form as you signed it, with the certificate of your signature and your taxpayer number shown by its last four digits only, sealed with our digital signature: a PDF reader shows that signature, and shows any change made to the file after it was sealed.',
    `To open it, you ${question === 'email_code' ? 'enter' : 'confirm'} ${verificationQuestionPhrase(question)}, as you did to sign.`,
  ];
  const expires = `The link works until ${formatCustomerTime(expiresAt, timeZone ?? businessTimeZone)}. After that, reply to this e-mail and we will send you the copy again.`;
  const support = supportLine(supportEmail);
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, '']), `Download your signed SS-4: ${documentUrl}`, '', expires, `Tracking number: ${trackingNumber}`, '', support.text, '', customerDisclosure, ''].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: customerBrand,
    heading: 'Your signed SS-4',
    footer: customerDisclosure,
    body: `${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${e(paragraph)}</p>`).join('\n')}
<p style="margin:0 0 16px"><a href="${e(documentUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Download your signed SS-4</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#475569">Or paste this address into your browser: ${e(documentUrl)}</p>
<p style="margin:0 0 16px">${e(expires)}</p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>
${support.html}`,
  });
  return { subject, text, html };
}
