import { CustomerEmailLayout, Paragraph, TrackingNumberLine, renderEmail, type Locale, type RenderedEmail } from '../email';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';
import { emailCodeMinutes } from '#shared/ssn-last-four.ts';

/** What a code opens: the signing page, the signed copy's page or the EIN letter's. */
export type LinkCodePurpose = 'signing' | 'signed_ss4' | 'ein_letter';

export type LinkCodeEmailDetails = {
  code: string;
  trackingNumber: string;
  purpose: LinkCodePurpose;
  supportEmail: string;
  /** The order's language; English when not given. */
  locale?: Locale;
};

const purposes = {
  signing: m.email_code_purpose_signing,
  signed_ss4: m.email_code_purpose_signed_ss4,
  ein_letter: m.email_code_purpose_ein_letter,
} as const;

/**
 * The code itself and what it is for. The subject never carries it (mail lists and notifications show
 * subjects), and nothing of the application travels with it.
 */
export function LinkCodeEmail({ code, trackingNumber, purpose, supportEmail, locale, subject }: LinkCodeEmailDetails & { subject: string; locale: Locale }) {
  return (
    <CustomerEmailLayout locale={locale} subject={subject} heading={m.email_code_heading({}, { locale })} supportEmail={supportEmail}>
      <Paragraph>{m.email_code_lead({ purpose: purposes[purpose]({}, { locale }) }, { locale })}</Paragraph>
      <Paragraph>
        {`${m.email_code_label({}, { locale })} `}
        <strong
          style={{
            fontFamily: "'Courier New',monospace",
            fontSize: '28px',
            letterSpacing: '6px',
          }}
        >
          {code}
        </strong>
      </Paragraph>
      <Paragraph>{m.email_code_validity({ minutes: String(emailCodeMinutes) }, { locale })}</Paragraph>
      <TrackingNumberLine trackingNumber={trackingNumber} locale={locale} />
    </CustomerEmailLayout>
  );
}

/** The code e-mail, rendered in the order's language. */
export function linkCodeEmail(details: LinkCodeEmailDetails): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_code_subject(
    {
      purpose: purposes[details.purpose]({}, { locale }),
      trackingNumber: details.trackingNumber,
    },
    { locale },
  );
  return renderEmail(subject, <LinkCodeEmail {...details} subject={subject} locale={locale} />);
}
