import { ActionButton, CustomerEmailLayout, Paragraph, TrackingNumberLine, renderEmail, type Locale, type RenderedEmail } from '../email';
import { einLetterNote } from '../orders';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';
import type { VerificationQuestion } from '#shared/ssn-last-four.ts';

export type EinLetterLinkEmailDetails = {
  trackingNumber: string;
  /** The company the EIN was obtained for; null when the application has none. */
  companyName: string | null;
  /** `PUBLIC_URL/ein-letter/<token>`, in the order's language. */
  letterUrl: string;
  supportEmail: string;
  /** What the letter's page asks (the SSN's last four when not given). */
  question?: VerificationQuestion;
  /** The order's language; English when not given. */
  locale?: Locale;
};

/**
 * A new link to the IRS's letter, sent by support when the customer lost the EIN e-mail or let its
 * link expire. It says what the EIN e-mail says of the link (what the page asks, 30 days), and
 * nothing of the application but the company and the tracking number.
 */
export function EinLetterLinkEmail({ trackingNumber, companyName, letterUrl, supportEmail, question = 'ssn', locale, subject }: EinLetterLinkEmailDetails & { subject: string; locale: Locale }) {
  const forCompany = companyName ? m.email_for_company({ company: companyName }, { locale }) : '';
  return (
    <CustomerEmailLayout locale={locale} subject={subject} heading={m.email_letter_link_heading({}, { locale })} supportEmail={supportEmail}>
      <Paragraph>{m.email_letter_link_intro({ forCompany }, { locale })}</Paragraph>
      <ActionButton href={letterUrl} label={m.email_letter_link_button({}, { locale })} locale={locale} />
      <Paragraph>{einLetterNote(question, locale)}</Paragraph>
      <TrackingNumberLine trackingNumber={trackingNumber} locale={locale} />
    </CustomerEmailLayout>
  );
}

/** The EIN letter's new link, rendered in the order's language. */
export function einLetterLinkEmail(details: EinLetterLinkEmailDetails): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_letter_link_subject({ trackingNumber: details.trackingNumber }, { locale });
  return renderEmail(subject, <EinLetterLinkEmail {...details} subject={subject} locale={locale} />);
}
