import { customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';
import { formatUsd } from '#shared/money.ts';
import { disputeStatusLabels } from '#shared/refunds/refunds.ts';

// The e-mails of refunds, the customer's cancellation and disputes (decision 026). The customer's
// name the company and carry Reply-To the support address (the outbox row holds it); none carries
// anything else of the application.

export type CustomerRefundDetails = {
  trackingNumber: string;
  /** The company the application is for; null when the application has none. */
  companyName: string | null;
  amountCents: number;
  /** Everything refunded on the order so far, this refund included. */
  totalRefundedCents: number;
  paidCents: number;
  /** This refund cancelled the order (refunded in full). */
  orderCancelled: boolean;
  trackingUrl: string;
  supportEmail: string;
};

/** Cards take a few business days to show a refund; said so the customer does not write in at once. */
const bankDelay = 'Depending on your bank, the refund appears on your statement within 5 to 10 business days.';

const forCompany = (companyName: string | null) => (companyName ? ` for ${companyName}` : '');

function customerEmail(parts: { subject: string; heading: string; lines: string[]; trackingNumber: string; trackingUrl: string; supportEmail: string }): Omit<MailMessage, 'to'> {
  const { subject, heading, lines, trackingNumber, trackingUrl, supportEmail } = parts;
  const text = [...lines.flatMap((line) => [line, '']), `Tracking number: ${trackingNumber}`, `Track your application: ${trackingUrl}`, '', supportLine(supportEmail).text, '', customerDisclosure, ''].join(
    '\n',
  );
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service',
    heading,
    footer: customerDisclosure,
    body: `${lines.map((line) => `<p style="margin:0 0 16px">${e(line)}</p>`).join('\n')}
<p style="margin:0 0 4px">Tracking number: <strong style="font-family:'Courier New',monospace;font-size:18px;letter-spacing:1px">${e(trackingNumber)}</strong></p>
<p style="margin:0 0 16px"><a href="${e(trackingUrl)}" style="color:#1d4ed8">Track your application</a></p>
${supportLine(supportEmail).html}`,
  });
  return { subject, text, html, replyTo: supportEmail };
}

/** A refund made by staff, or in the provider's dashboard. */
export function refundConfirmationEmail(details: CustomerRefundDetails): Omit<MailMessage, 'to'> {
  const amount = formatUsd(details.amountCents);
  const subject = `Refund of ${amount} for your EIN application ${details.trackingNumber}`;
  const lines = [
    `We have refunded ${amount} of your payment for the EIN application${forCompany(details.companyName)}.`,
    details.orderCancelled
      ? `Your payment of ${formatUsd(details.paidCents)} has now been refunded in full, and your order has been cancelled.`
      : `In all, ${formatUsd(details.totalRefundedCents)} of your payment of ${formatUsd(details.paidCents)} has been refunded; your order goes on as before.`,
    `The money goes back to the card you paid with. ${bankDelay}`,
  ];
  return customerEmail({ subject, heading: 'Your refund is on its way', lines, ...details });
}

/** The customer cancelled within the hour: the order is cancelled and the payment refunded in full. */
export function cancellationConfirmationEmail(details: CustomerRefundDetails): Omit<MailMessage, 'to'> {
  const subject = `Order cancelled: your EIN application ${details.trackingNumber}`;
  const lines = [
    `As you asked, we have cancelled your order for the EIN application${forCompany(details.companyName)}. Nothing will be filed with the IRS.`,
    `Your payment of ${formatUsd(details.amountCents)} has been refunded in full to the card you paid with. ${bankDelay}`,
  ];
  return customerEmail({ subject, heading: 'Your order has been cancelled', lines, ...details });
}

export type DisputeAlertDetails = {
  adminName: string;
  trackingNumber: string;
  companyName: string | null;
  amountCents: number;
  disputeId: string;
  status: string;
  reason: string;
  /** The order went on hold with this alert. */
  putOnHold: boolean;
  orderUrl: string;
};

/** Tells every admin that a cardholder disputed a payment, or that a dispute was decided. */
export function disputeAlertEmail(details: DisputeAlertDetails): Omit<MailMessage, 'to'> {
  const status = disputeStatusLabels[details.status] ?? details.status;
  const closed = details.status === 'won' || details.status === 'lost' || details.status === 'warning_closed';
  const subject = closed ? `Dispute ${status.toLowerCase()} on order ${details.trackingNumber}` : `Payment disputed on order ${details.trackingNumber}`;
  const lines = [
    `Hello ${details.adminName},`,
    closed
      ? `The cardholder's dispute of the payment for order ${details.trackingNumber}${forCompany(details.companyName)} is closed: ${status}.`
      : `The cardholder has disputed the payment of ${formatUsd(details.amountCents)} for order ${details.trackingNumber}${forCompany(details.companyName)} (reason: ${details.reason.replace(/_/g, ' ')}).`,
    ...(details.putOnHold ? ['The order has been put on hold. Answer the dispute in the payment provider before its deadline.'] : []),
    `Dispute: ${details.disputeId} (${status})`,
  ];
  const text = [...lines.flatMap((line) => [line, '']), `Open the order: ${details.orderUrl}`, ''].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service',
    heading: closed ? 'Dispute closed' : 'A payment has been disputed',
    footer: 'Every admin gets this e-mail.',
    body: `${lines.map((line) => `<p style="margin:0 0 16px">${e(line)}</p>`).join('\n')}
<p style="margin:0 0 16px"><a href="${e(details.orderUrl)}" style="color:#1d4ed8">Open the order</a></p>`,
  });
  return { subject, text, html };
}
