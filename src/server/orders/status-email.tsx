import { Link } from '@react-email/link';
import { CustomerEmailLayout, Paragraph, Quote, TrackingNumberLine, emailStyles, renderEmail, type Locale, type RenderedEmail } from '../email';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';

// The e-mails that tell a customer their order changed in a way they must know of: put on hold (with
// the reason staff wrote for them) and cancelled. The signature request and the EIN have their own.

export type StatusEmailDetails = {
  trackingNumber: string;
  /** The company the application is for; null when it has none. */
  companyName: string | null;
  /** The tracking page with the number filled in, in the order's language. */
  trackingUrl: string;
  supportEmail: string;
  /** The order's language; English when not given. */
  locale?: Locale;
};

type StatusEmailProps = StatusEmailDetails & {
  subject: string;
  heading: string;
  locale: Locale;
  children: React.ReactNode;
};

/** The frame both status e-mails share: their words, then the tracking number and the status page. */
function StatusEmail({ locale, subject, heading, supportEmail, trackingNumber, trackingUrl, children }: StatusEmailProps) {
  return (
    <CustomerEmailLayout locale={locale} subject={subject} heading={heading} supportEmail={supportEmail}>
      {children}
      <TrackingNumberLine trackingNumber={trackingNumber} locale={locale} />
      <Paragraph>
        <Link href={trackingUrl} style={emailStyles.link}>
          {m.email_status_link({}, { locale })}
        </Link>
      </Paragraph>
    </CustomerEmailLayout>
  );
}

const forCompanyOf = (companyName: string | null, locale: Locale) => (companyName ? m.email_for_company({ company: companyName }, { locale }) : '');

/** Tells the customer their order is on hold, why (the text staff wrote for them), and what happens next. */
export function OnHoldEmail(
  details: StatusEmailDetails & {
    reason: string;
    subject: string;
    locale: Locale;
  },
) {
  const { locale } = details;
  return (
    <StatusEmail {...details} heading={m.email_on_hold_heading({}, { locale })}>
      <Paragraph>{m.email_on_hold_paused({ forCompany: forCompanyOf(details.companyName, locale) }, { locale })}</Paragraph>
      <Paragraph style={{ margin: '0 0 4px', fontWeight: 'bold' }}>{m.email_on_hold_why({}, { locale })}</Paragraph>
      <Quote text={details.reason} style={{ borderLeft: '4px solid #f59e0b', background: '#fffbeb' }} />
      <Paragraph>{m.email_on_hold_reply({}, { locale })}</Paragraph>
    </StatusEmail>
  );
}

/** Tells the customer their order is cancelled: nothing will be filed. */
export function CancelledEmail(details: StatusEmailDetails & { subject: string; locale: Locale }) {
  const { locale } = details;
  return (
    <StatusEmail {...details} heading={m.email_cancelled_heading({}, { locale })}>
      <Paragraph>{m.email_cancelled_body({ forCompany: forCompanyOf(details.companyName, locale) }, { locale })}</Paragraph>
      <Paragraph>{m.email_cancelled_help({}, { locale })}</Paragraph>
    </StatusEmail>
  );
}

/** The on-hold e-mail, rendered in the order's language. */
export function onHoldEmail(details: StatusEmailDetails & { reason: string }): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_on_hold_subject({ trackingNumber: details.trackingNumber }, { locale });
  return renderEmail(subject, <OnHoldEmail {...details} subject={subject} locale={locale} />);
}

/** The cancellation e-mail, rendered in the order's language. */
export function cancelledEmail(details: StatusEmailDetails): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_cancelled_subject({ trackingNumber: details.trackingNumber }, { locale });
  return renderEmail(subject, <CancelledEmail {...details} subject={subject} locale={locale} />);
}
