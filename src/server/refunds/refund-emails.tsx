import { Link } from '@react-email/link';
import { CustomerEmailLayout, Paragraph, TrackingNumberLine, emailStyles, escapeHtml, formatMoney, htmlEmail, renderEmail, type Locale, type MailMessage, type RenderedEmail } from '../email';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';
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
  /** The tracking page with the number filled in, in the order's language. */
  trackingUrl: string;
  supportEmail: string;
  /** The order's language; English when not given. */
  locale?: Locale;
};

const forCompany = (companyName: string | null, locale: Locale = baseLocale) => (companyName ? m.email_for_company({ company: companyName }, { locale }) : '');

/** Both refund e-mails: their words, then the tracking number and the tracking page. */
function RefundEmail({
  locale,
  subject,
  heading,
  lines,
  trackingNumber,
  trackingUrl,
  supportEmail,
}: {
  locale: Locale;
  subject: string;
  heading: string;
  lines: string[];
  trackingNumber: string;
  trackingUrl: string;
  supportEmail: string;
}) {
  return (
    <CustomerEmailLayout locale={locale} subject={subject} heading={heading} supportEmail={supportEmail}>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <TrackingNumberLine trackingNumber={trackingNumber} locale={locale} large style={{ margin: '0 0 4px' }} />
      <Paragraph>
        <Link href={trackingUrl} style={emailStyles.link}>
          {m.email_track_link({}, { locale })}
        </Link>
      </Paragraph>
    </CustomerEmailLayout>
  );
}

/** A refund made by staff, or in the provider's dashboard. */
export function RefundConfirmationEmail(details: CustomerRefundDetails & { subject: string; locale: Locale }) {
  const { locale } = details;
  const money = (cents: number) => formatMoney(cents, 'usd', locale);
  const lines = [
    m.email_refund_done(
      {
        amount: money(details.amountCents),
        forCompany: forCompany(details.companyName, locale),
      },
      { locale },
    ),
    details.orderCancelled
      ? m.email_refund_full({ paid: money(details.paidCents) }, { locale })
      : m.email_refund_partial(
          {
            total: money(details.totalRefundedCents),
            paid: money(details.paidCents),
          },
          { locale },
        ),
    // Cards take a few business days to show a refund; said so the customer does not write in at once.
    m.email_refund_card({}, { locale }),
  ];
  return <RefundEmail {...details} heading={m.email_refund_heading({}, { locale })} lines={lines} />;
}

/** The customer cancelled within the hour: the order is cancelled and the payment refunded in full. */
export function CancellationConfirmationEmail(details: CustomerRefundDetails & { subject: string; locale: Locale }) {
  const { locale } = details;
  const lines = [
    m.email_cancellation_done({ forCompany: forCompany(details.companyName, locale) }, { locale }),
    m.email_cancellation_refund({ amount: formatMoney(details.amountCents, 'usd', locale) }, { locale }),
  ];
  return <RefundEmail {...details} heading={m.email_cancellation_heading({}, { locale })} lines={lines} />;
}

/** The refund e-mail, rendered in the order's language; Reply-To is the support address. */
export async function refundConfirmationEmail(details: CustomerRefundDetails): Promise<RenderedEmail & { replyTo: string }> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_refund_subject(
    {
      amount: formatMoney(details.amountCents, 'usd', locale),
      trackingNumber: details.trackingNumber,
    },
    { locale },
  );
  return {
    ...(await renderEmail(subject, <RefundConfirmationEmail {...details} subject={subject} locale={locale} />)),
    replyTo: details.supportEmail,
  };
}

/** The cancellation e-mail, rendered in the order's language; Reply-To is the support address. */
export async function cancellationConfirmationEmail(details: CustomerRefundDetails): Promise<RenderedEmail & { replyTo: string }> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_cancellation_subject({ trackingNumber: details.trackingNumber }, { locale });
  return {
    ...(await renderEmail(subject, <CancellationConfirmationEmail {...details} subject={subject} locale={locale} />)),
    replyTo: details.supportEmail,
  };
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
