import { ActionButton, CustomerEmailLayout, Paragraph, TrackingNumberLine, renderEmail, type Locale, type RenderedEmail } from '../email';
import { emailCodeLength, type VerificationQuestion } from '#shared/ssn-last-four.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { businessTimeZone } from '#shared/dates.ts';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';

export type SignedCopyEmailDetails = {
  trackingNumber: string;
  companyName: string | null;
  /** `PUBLIC_URL/signed-ss4/<token>`, in the order's language. */
  documentUrl: string;
  expiresAt: Date;
  /** The zone the link's last moment is written in (the business address's, decision 040); Eastern when unknown. */
  timeZone?: string;
  supportEmail: string;
  /** What the page asks before the copy (the SSN's last four when not given). */
  question?: VerificationQuestion;
  /** The order's language; English when not given. */
  locale?: Locale;
};

const openingSteps = {
  ssn: m.email_signed_copy_open_ssn,
  itin: m.email_signed_copy_open_itin,
  email_code: m.email_signed_copy_open_code,
} as const;

/**
 * The signer's own copy (decision 037): the link to the sealed signed SS-4, which opens after the
 * last four digits of the SSN, as the signing link did. The form itself never travels by e-mail.
 */
export function SignedCopyEmail(details: SignedCopyEmailDetails & { subject: string; locale: Locale }) {
  const { locale, companyName } = details;
  const forCompany = companyName ? m.email_for_company({ company: companyName }, { locale }) : '';
  const expiresAt = formatCustomerTime(details.expiresAt, details.timeZone ?? businessTimeZone, locale);
  return (
    <CustomerEmailLayout locale={locale} subject={details.subject} heading={m.email_signed_copy_heading({}, { locale })} supportEmail={details.supportEmail}>
      <Paragraph>{m.email_signed_copy_thanks({ forCompany }, { locale })}</Paragraph>
      <Paragraph>{m.email_signed_copy_file({}, { locale })}</Paragraph>
      <Paragraph>{openingSteps[details.question ?? 'ssn']({ length: String(emailCodeLength) }, { locale })}</Paragraph>
      <ActionButton href={details.documentUrl} label={m.email_signed_copy_button({}, { locale })} locale={locale} />
      <Paragraph>{m.email_signed_copy_expires({ expiresAt }, { locale })}</Paragraph>
      <TrackingNumberLine trackingNumber={details.trackingNumber} locale={locale} />
    </CustomerEmailLayout>
  );
}

/** The signer's copy e-mail, rendered in the order's language. */
export function signedCopyEmail(details: SignedCopyEmailDetails): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = m.email_signed_copy_subject({ trackingNumber: details.trackingNumber }, { locale });
  return renderEmail(subject, <SignedCopyEmail {...details} subject={subject} locale={locale} />);
}
