import { customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';
import { formatUsd } from '#shared/money.ts';
import { deliveryPromise, irsTurnaroundFor, type FilingRoute } from '#shared/delivery-promise.ts';
import { seller } from '#shared/seller.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { cancellationMessages } from '#shared/refunds/refunds.ts';

export type OrderConfirmationDetails = {
  trackingNumber: string;
  amountCents: number;
  currency: string;
  /** When the payment became the order. */
  paidAt: Date;
  /** The payment method's display name ("Credit/Debit Card"). */
  paymentMethod: string;
  /** The provider's payment reference. */
  paymentReference: string;
  /** The company the application is for; null when the application has none. */
  companyName: string | null;
  /** The tracking page with the number filled in. */
  trackingUrl: string;
  supportEmail: string;
  /** The "Cancel my order" link of the one-hour window, and when the window closes. */
  cancellation?: { url: string; expiresAt: Date };
  /** The zone the e-mail writes its times in, named in the text: the business address's (decision 040). */
  timeZone: string;
  /** Whether the order can be filed online; a fax-only order is not promised an EIN at once. */
  filingRoute: FilingRoute;
};

/** The cancellation section: its own block, so the rest of the e-mail can change around it. */
function cancellationSection(cancellation: OrderConfirmationDetails['cancellation'], timeZone: string): { text: string[]; html: string } {
  if (!cancellation) return { text: [], html: '' };
  const until = formatCustomerTime(cancellation.expiresAt, timeZone);
  const sentence = `Changed your mind? You can cancel your order with a full refund until ${until}, one hour after your payment, ${cancellationMessages.condition}.`;
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
  'We check your answers and prepare your Form SS-4.',
  'If the IRS needs your signature, we e-mail you a link to sign the form online.',
  'We file your application with the IRS and e-mail your EIN as soon as it is issued.',
];

/** One titled part of the e-mail, as text lines and as HTML; more parts can be added in order. */
type EmailSection = { title: string; text: string[]; html: string };

/**
 * The e-mail a customer gets once their payment has become an order: the tracking number, a receipt
 * (date, amount, payment method, seller) and what happens next, with the delivery promise. It
 * carries nothing else of the application than the company's name: never the SSN.
 */
export function orderConfirmationEmail(details: OrderConfirmationDetails): Omit<MailMessage, 'to'> {
  const { trackingNumber, trackingUrl, supportEmail, companyName } = details;
  const amount = formatAmount(details.amountCents, details.currency);
  const paidOn = formatCustomerTime(details.paidAt, details.timeZone);
  const forCompany = companyName ? ` for ${companyName}` : '';
  const subject = `Order confirmed: your EIN application ${trackingNumber}`;
  const e = escapeHtml;
  const irsTurnaround = irsTurnaroundFor(details.filingRoute);

  const receiptRows: [string, string][] = [
    ['Date', paidOn],
    ['Description', `EIN application service${forCompany}`],
    ['Amount paid', amount],
    ['Payment method', details.paymentMethod],
    ['Payment reference', details.paymentReference],
    ['Sold by', seller.legalName],
  ];
  const sections: EmailSection[] = [
    {
      title: 'Receipt',
      text: receiptRows.map(([label, value]) => `${label}: ${value}`),
      html: `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:15px">
${receiptRows.map(([label, value]) => `<tr><td style="padding:2px 16px 2px 0;color:#475569;vertical-align:top;white-space:nowrap">${e(label)}</td><td style="padding:2px 0;overflow-wrap:anywhere;word-break:break-word"><strong>${e(value)}</strong></td></tr>`).join('\n')}
</table>`,
    },
    {
      title: 'What happens next',
      text: [...nextSteps.map((step, index) => `${index + 1}. ${step}`), '', deliveryPromise.sentence, irsTurnaround],
      html: `<ol style="margin:0 0 16px;padding-left:24px">
${nextSteps.map((step) => `<li>${e(step)}</li>`).join('\n')}
</ol>
<p style="margin:0 0 16px">${e(deliveryPromise.sentence)} ${e(irsTurnaround)}</p>`,
    },
  ];

  const text = [
    'Thank you for your order.',
    '',
    `We have received your payment and your EIN application${forCompany}.`,
    '',
    `Tracking number: ${trackingNumber}`,
    '',
    ...sections.flatMap((section) => [section.title, ...section.text, '']),
    `Track your application: ${trackingUrl}`,
    '',
    ...cancellationSection(details.cancellation, details.timeZone).text,
    supportLine(supportEmail).text,
    '',
    customerDisclosure,
    '',
  ].join('\n');

  const html = htmlEmail({
    subject,
    brand: customerBrand,
    heading: 'Thank you for your order',
    footer: customerDisclosure,
    body: `<p style="margin:0 0 16px">We have received your payment and your EIN application${e(forCompany)}.</p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace;font-size:18px;letter-spacing:1px">${e(trackingNumber)}</strong></p>
${sections.map((section) => `<h2 style="font-size:18px;margin:24px 0 8px">${e(section.title)}</h2>\n${section.html}`).join('\n')}
<p style="margin:0 0 16px"><a href="${e(trackingUrl)}" style="color:#1d4ed8">Track your application</a></p>
${cancellationSection(details.cancellation, details.timeZone).html}${supportLine(supportEmail).html}`,
  });

  return { subject, text, html, replyTo: supportEmail };
}
