import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { CustomerEmailLayout, Paragraph, TrackingNumberLine, emailStyles, formatMoney, renderEmail, type Locale, type RenderedEmail } from '../email';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';
import type { FilingRoute } from '#shared/delivery-promise.ts';
import { seller } from '#shared/seller.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { paymentMethodName } from '#shared/orders/payment-methods.ts';

export type OrderConfirmationDetails = {
  trackingNumber: string;
  amountCents: number;
  currency: string;
  /** When the payment became the order. */
  paidAt: Date;
  /** The payment method as the provider names it (`card`, `paypal`). */
  paymentMethod: string | null;
  /** The provider's payment reference. */
  paymentReference: string;
  /** The company the application is for; null when the application has none. */
  companyName: string | null;
  /** The tracking page with the number filled in, in the order's language. */
  trackingUrl: string;
  supportEmail: string;
  /** The "Cancel my order" link of the one-hour window, and when the window closes. */
  cancellation?: { url: string; expiresAt: Date };
  /** The zone the e-mail writes its times in, named in the text: the business address's (decision 040). */
  timeZone: string;
  /** Whether the order can be filed online; a fax-only order is not promised an EIN at once. */
  filingRoute: FilingRoute;
  /** The order's language; English when not given. */
  locale?: Locale;
};

/** The payment method in the reader's words; the names of brands (PayPal, Cash App) stay as they are. */
function paymentMethodLabel(method: string | null, locale: Locale): string {
  if (!method) return m.email_payment_unspecified({}, { locale });
  if (method === 'card') return m.email_payment_card({}, { locale });
  if (method === 'us_bank_account') return m.email_payment_bank({}, { locale });
  return paymentMethodName(method);
}

const cell = {
  padding: '2px 16px 2px 0',
  color: emailStyles.muted.color,
  verticalAlign: 'top',
  whiteSpace: 'nowrap',
} as const;
const valueCell = {
  padding: '2px 0',
  overflowWrap: 'anywhere',
  wordBreak: 'break-word',
} as const;

/**
 * The e-mail a customer gets once their payment has become an order: the tracking number, a receipt
 * (date, amount, payment method, seller) and what happens next, with the delivery promise. It
 * carries nothing else of the application than the company's name: never the SSN.
 */
export function OrderConfirmationEmail(details: OrderConfirmationDetails & { subject: string; locale: Locale }) {
  const { locale, trackingNumber, companyName } = details;
  const forCompany = companyName ? m.email_for_company({ company: companyName }, { locale }) : '';
  const receiptRows: [string, string][] = [
    [m.email_receipt_date({}, { locale }), formatCustomerTime(details.paidAt, details.timeZone, locale)],
    [m.email_receipt_description({}, { locale }), m.email_receipt_service({ forCompany }, { locale })],
    [m.email_receipt_amount({}, { locale }), formatMoney(details.amountCents, details.currency, locale)],
    [m.email_receipt_method({}, { locale }), paymentMethodLabel(details.paymentMethod, locale)],
    [m.email_receipt_reference({}, { locale }), details.paymentReference],
    [m.email_receipt_seller({}, { locale }), seller.legalName],
  ];
  const nextSteps = [m.email_next_check({}, { locale }), m.email_next_sign({}, { locale }), m.email_next_file({}, { locale })];
  const irsTurnaround = details.filingRoute === 'fax_only' ? m.email_irs_turnaround_fax({}, { locale }) : m.email_irs_turnaround({}, { locale });
  const cancellation = details.cancellation;
  return (
    <CustomerEmailLayout locale={locale} subject={details.subject} heading={m.email_confirmation_heading({}, { locale })} supportEmail={details.supportEmail}>
      <Paragraph>{m.email_confirmation_received({ forCompany }, { locale })}</Paragraph>
      <TrackingNumberLine trackingNumber={trackingNumber} locale={locale} large />
      <Heading as="h2" style={emailStyles.subheading}>
        {m.email_receipt_title({}, { locale })}
      </Heading>
      <table
        role="presentation"
        data-text-format="lines"
        style={{
          borderCollapse: 'collapse',
          margin: '0 0 16px',
          fontSize: '15px',
        }}
      >
        <tbody>
          {receiptRows.map(([label, value]) => (
            <tr key={label}>
              <td style={cell}>{`${label}: `}</td>
              <td style={valueCell}>
                <strong>{value}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Heading as="h2" style={emailStyles.subheading}>
        {m.email_next_title({}, { locale })}
      </Heading>
      <ol style={{ margin: '0 0 16px', paddingLeft: '24px' }}>
        {nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Paragraph>{`${m.email_promise_sentence({}, { locale })} ${irsTurnaround}`}</Paragraph>
      <Paragraph>
        <Link href={details.trackingUrl} style={emailStyles.link}>
          {m.email_track_link({}, { locale })}
        </Link>
      </Paragraph>
      {cancellation ? (
        <Section>
          <Heading as="h2" style={emailStyles.subheading}>
            {m.email_cancel_title({}, { locale })}
          </Heading>
          <Paragraph style={{ margin: '0 0 8px' }}>
            {m.email_cancel_sentence(
              {
                until: formatCustomerTime(cancellation.expiresAt, details.timeZone, locale),
              },
              { locale },
            )}
          </Paragraph>
          <Paragraph>
            <Link href={cancellation.url} style={emailStyles.dangerLink}>
              {m.email_cancel_link({}, { locale })}
            </Link>
          </Paragraph>
        </Section>
      ) : null}
    </CustomerEmailLayout>
  );
}

/** The confirmation e-mail, rendered in the order's language. */
export function orderConfirmationEmail(details: OrderConfirmationDetails): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_confirmation_subject({ trackingNumber: details.trackingNumber }, { locale });
  return renderEmail(subject, <OrderConfirmationEmail {...details} subject={subject} locale={locale} />);
}
