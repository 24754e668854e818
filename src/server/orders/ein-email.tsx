import { Link } from '@react-email/link';
import { Code, CustomerEmailLayout, Paragraph, TrackingNumberLine, emailStyles, renderEmail, type Locale, type RenderedEmail } from '../email';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';
import { emailCodeLength, type VerificationQuestion } from '#shared/ssn-last-four.ts';

export type EinEmailDetails = {
  ein: string;
  trackingNumber: string;
  /** The company the EIN was obtained for; null when the application has none. */
  companyName: string | null;
  /** The tracking page with the number filled in, in the order's language. */
  trackingUrl: string;
  /** The page of the IRS's letter (after the SSN question), in the order's language; null when the order has none on file. */
  letterUrl?: string | null;
  supportEmail: string;
  /** What the letter's page asks (the SSN's last four when not given). */
  question?: VerificationQuestion;
  /** The order's language; English when not given. */
  locale?: Locale;
};

const letterNotes = {
  ssn: m.email_letter_note_ssn,
  itin: m.email_letter_note_itin,
  email_code: m.email_letter_note_code,
} as const;

/** What the letter's page asks, and for how long its link works: the EIN e-mail's words, and any later link's. */
export const einLetterNote = (question: VerificationQuestion, locale: Locale = baseLocale) => letterNotes[question]({ length: String(emailCodeLength) }, { locale });

/**
 * The e-mail that delivers the EIN once staff complete the order. It names the company and the
 * tracking number so the customer can tell which application it answers, and nothing else of the
 * application (never the SSN).
 */
export function EinEmail(details: EinEmailDetails & { subject: string; locale: Locale }) {
  const { locale, companyName } = details;
  const forCompany = companyName ? m.email_for_company({ company: companyName }, { locale }) : '';
  const letterUrl = details.letterUrl ?? null;
  return (
    <CustomerEmailLayout locale={locale} subject={details.subject} heading={m.email_ein_heading({}, { locale })} supportEmail={details.supportEmail}>
      <Paragraph>{m.email_ein_issued({}, { locale })}</Paragraph>
      <Paragraph style={{ margin: '0 0 4px' }}>
        {`${m.email_ein_label({ forCompany }, { locale })} `}
        <Code style={{ fontSize: '20px', letterSpacing: '1px' }}>{details.ein}</Code>
      </Paragraph>
      <TrackingNumberLine trackingNumber={details.trackingNumber} locale={locale} />
      <Paragraph>{m.email_ein_keep_safe({}, { locale })}</Paragraph>
      {letterUrl ? (
        <>
          <Paragraph style={{ margin: '0 0 4px' }}>
            <Link href={letterUrl} style={emailStyles.link}>
              {m.email_ein_letter_link({}, { locale })}
            </Link>
          </Paragraph>
          <Paragraph>{einLetterNote(details.question ?? 'ssn', locale)}</Paragraph>
        </>
      ) : null}
      <Paragraph>
        <Link href={details.trackingUrl} style={emailStyles.link}>
          {m.email_status_link({}, { locale })}
        </Link>
      </Paragraph>
    </CustomerEmailLayout>
  );
}

/** The EIN e-mail, rendered in the order's language. */
export function einEmail(details: EinEmailDetails): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_ein_subject({ trackingNumber: details.trackingNumber }, { locale });
  return renderEmail(subject, <EinEmail {...details} subject={subject} locale={locale} />);
}
