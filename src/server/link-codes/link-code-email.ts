import { customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';
import { emailCodeMinutes } from '#shared/ssn-last-four.ts';

export type LinkCodeEmailDetails = {
  code: string;
  trackingNumber: string;
  /** What the code opens, in the customer's words: "sign your SS-4", "download your EIN letter". */
  purpose: string;
  supportEmail: string;
};

/**
 * The code itself and what it is for. The subject never carries it (mail lists and notifications show
 * subjects), and nothing of the application travels with it.
 */
export function linkCodeEmail({ code, trackingNumber, purpose, supportEmail }: LinkCodeEmailDetails): Omit<MailMessage, 'to'> {
  const subject = `Your code to ${purpose} (application ${trackingNumber})`;
  const lead = `Here is your code to ${purpose}. Enter it on the page where you asked for it.`;
  const validity = `It works once, for ${emailCodeMinutes} minutes. If you did not ask for it, you can ignore this e-mail: nobody can open your form without it.`;
  const support = supportLine(supportEmail);
  const text = [lead, '', `Your code: ${code}`, '', validity, `Tracking number: ${trackingNumber}`, '', support.text, '', customerDisclosure, ''].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: customerBrand,
    heading: 'Your code',
    footer: customerDisclosure,
    body: `<p style="margin:0 0 16px">${e(lead)}</p>
<p style="margin:0 0 16px;font-family:'Courier New',monospace;font-size:28px;font-weight:bold;letter-spacing:6px">${e(code)}</p>
<p style="margin:0 0 16px">${e(validity)}</p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>
${support.html}`,
  });
  return { subject, text, html };
}
