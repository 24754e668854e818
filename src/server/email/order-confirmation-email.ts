import type { MailMessage } from './mailer';
import { customerDisclosure, escapeHtml, htmlEmail, supportLine } from './email-layout';
import { formatUsd } from '../../shared/money';

export type OrderConfirmationDetails = {
  trackingNumber: string;
  amountCents: number;
  currency: string;
  /** The tracking page with the number filled in. */
  trackingUrl: string;
  supportEmail: string;
  /** The "Cancel my order" link of the one-hour window, and when the window closes. */
  cancellation?: { url: string; expiresAt: Date };
};

// The hour's end is written in UTC, as the other e-mails write times: the server cannot know the reader's zone.
const windowEndFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The cancellation section: its own block, so the rest of the e-mail can change around it. */
function cancellationSection(cancellation: OrderConfirmationDetails['cancellation']): { text: string[]; html: string } {
  if (!cancellation) return { text: [], html: '' };
  const until = `${windowEndFormat.format(cancellation.expiresAt)} UTC`;
  const sentence = `Changed your mind? You can cancel your order with a full refund until ${until}, one hour after your payment, as long as we have not started work on it.`;
  return {
    text: ['Cancel my order', sentence, `Cancel my order: ${cancellation.url}`, ''],
    html: `<h2 style="font-size:18px;margin:24px 0 8px">Cancel my order</h2>
<p style="margin:0 0 8px">${escapeHtml(sentence)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(cancellation.url)}" style="color:#b91c1c">Cancel my order</a></p>
`,
  };
}

function formatAmount(cents: number, currency: string): string {
  return currency.toLowerCase() === 'usd' ? formatUsd(cents) : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

const nextSteps = [
  'Our staff review your application.',
  'We file it with the IRS for you.',
  'Your EIN arrives by email, typically in 1-2 business days.',
];


/**
 * The e-mail a customer gets once their payment has become an order. It carries only the tracking
 * number, the amount and what happens next: never the SSN or any other answer of the application.
 */
export function orderConfirmationEmail(details: OrderConfirmationDetails): Omit<MailMessage, 'to'> {
  const { trackingNumber, trackingUrl, supportEmail } = details;
  const amount = formatAmount(details.amountCents, details.currency);
  const subject = `Order confirmed: your EIN application ${trackingNumber}`;

  const text = [
    'Thank you for your order.',
    '',
    'We have received your payment and your EIN application.',
    '',
    `Tracking number: ${trackingNumber}`,
    `Amount paid: ${amount}`,
    '',
    'What happens next',
    ...nextSteps.map((step, index) => `${index + 1}. ${step}`),
    '',
    `Track your application: ${trackingUrl}`,
    '',
    ...cancellationSection(details.cancellation).text,
    supportLine(supportEmail).text,
    '',
    customerDisclosure,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service',
    heading: 'Thank you for your order',
    footer: customerDisclosure,
    body: `<p style="margin:0 0 16px">We have received your payment and your EIN application.</p>
<p style="margin:0 0 4px">Tracking number: <strong style="font-family:'Courier New',monospace;font-size:18px;letter-spacing:1px">${e(trackingNumber)}</strong></p>
<p style="margin:0 0 16px">Amount paid: <strong>${e(amount)}</strong></p>
<h2 style="font-size:18px;margin:24px 0 8px">What happens next</h2>
<ol style="margin:0 0 16px;padding-left:24px">
${nextSteps.map((step) => `<li>${e(step)}</li>`).join('\n')}
</ol>
<p style="margin:0 0 16px"><a href="${e(trackingUrl)}" style="color:#1d4ed8">Track your application</a></p>
${cancellationSection(details.cancellation).html}${supportLine(supportEmail).html}`,
  });

  return { subject, text, html, replyTo: supportEmail };
}
