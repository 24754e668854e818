import { customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';
import { verificationQuestionPhrase, type VerificationQuestion } from '#shared/ssn-last-four.ts';

export type EinEmailDetails = {
  ein: string;
  trackingNumber: string;
  /** The company the EIN was obtained for; null when the application has none. */
  companyName: string | null;
  /** The tracking page with the number filled in. */
  trackingUrl: string;
  /** The page of the IRS's letter (after the SSN question); null when the order has none on file. */
  letterUrl?: string | null;
  supportEmail: string;
  /** What the letter's page asks (the SSN's last four when not given). */
  question?: VerificationQuestion;
};

/** What the letter's page asks, and for how long its link works: the EIN e-mail's words, and any later link's. */
export const einLetterNote = (question: VerificationQuestion) =>
  question === 'ssn'
    ? 'The page asks for the last four digits of the responsible party\u2019s Social Security number, and the link works for 30 days.'
    : `The page asks for ${verificationQuestionPhrase(question)}, and the link works for 30 days.`;

const keepSafe = 'Keep this number with your business records: banks, payroll providers and tax forms will ask for it.';

/**
 * The e-mail that delivers the EIN once staff complete the order. It names the company and the
 * tracking number so the customer can tell which application it answers, and nothing else of the
 * application (never the SSN).
 */
export function einEmail(details: EinEmailDetails): Omit<MailMessage, 'to'> {
  const { ein, trackingNumber, companyName, trackingUrl, supportEmail } = details;
  const letterUrl = details.letterUrl ?? null;
  const question = details.question ?? 'ssn';
  const subject = `Your EIN is ready: application ${trackingNumber}`;
  const forCompany = companyName ? ` for ${companyName}` : '';

  const text = [
    'Good news: the IRS has issued your Employer Identification Number (EIN).',
    '',
    `EIN${forCompany}: ${ein}`,
    `Tracking number: ${trackingNumber}`,
    '',
    keepSafe,
    '',
    ...(letterUrl ? [`The IRS's letter assigning your EIN: ${letterUrl}`, einLetterNote(question), ''] : []),
    `Your application's status: ${trackingUrl}`,
    '',
    supportLine(supportEmail).text,
    '',
    customerDisclosure,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: customerBrand,
    heading: 'Your EIN is ready',
    footer: customerDisclosure,
    body: `<p style="margin:0 0 16px">Good news: the IRS has issued your Employer Identification Number (EIN).</p>
${companyName ? `<p style="margin:0 0 4px">Company: <strong>${e(companyName)}</strong></p>\n` : ''}<p style="margin:0 0 4px">EIN: <strong style="font-family:'Courier New',monospace;font-size:20px;letter-spacing:1px">${e(ein)}</strong></p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>
<p style="margin:0 0 16px">${e(keepSafe)}</p>
${letterUrl ? `<p style="margin:0 0 16px"><a href="${e(letterUrl)}" style="color:#1d4ed8">Download the IRS's letter assigning your EIN</a>. ${e(einLetterNote(question))}</p>\n` : ''}<p style="margin:0 0 16px"><a href="${e(trackingUrl)}" style="color:#1d4ed8">See your application's status</a></p>
${supportLine(supportEmail).html}`,
  });

  return { subject, text, html };
}
