import { ActionButton, CustomerEmailLayout, Paragraph, Quote, TrackingNumberLine, escapeHtml, htmlEmail, renderEmail, type Locale, type MailMessage, type RenderedEmail } from '../email';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { businessTimeZone } from '#shared/dates.ts';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale } from '#shared/i18n/locales.ts';
import { orderStatusLabels } from '#shared/orders/lifecycle.ts';
import { emailCodeLength, type VerificationQuestion } from '#shared/ssn-last-four.ts';

const signedStatus = orderStatusLabels.ss4_signed_awaiting_irs;

export type SignatureRequestEmailDetails = {
  /** `request` for the first message, `reminder` for the one reminder, `again` after staff voided the signature. */
  kind: 'request' | 'reminder' | 'again';
  /** For `again`: why, as staff wrote it, and when the set-aside signature was given. */
  again?: { reason: string; signedAt: Date };
  trackingNumber: string;
  companyName: string | null;
  /** `PUBLIC_URL/sign/<token>`, in the order's language (`/es/sign/<token>`). */
  signingUrl: string;
  expiresAt: Date;
  supportEmail: string;
  /** The zone the expiry is written in, named in the text: the business address's (decision 040). */
  timeZone: string;
  /** What the page asks before it shows the form (the SSN's last four when not given). */
  question?: VerificationQuestion;
  /** The order's language; English when not given. */
  locale?: Locale;
};

/** How the page opens the form: the question follows the responsible party's taxpayer number. */
function openingStep(question: VerificationQuestion, locale: Locale): string {
  if (question === 'ssn') return m.email_sign_open_ssn({}, { locale });
  if (question === 'itin') return m.email_sign_open_itin({}, { locale });
  return m.email_sign_open_code({ length: String(emailCodeLength) }, { locale });
}

const subjects = {
  request: m.email_sign_subject_request,
  reminder: m.email_sign_subject_reminder,
  again: m.email_sign_subject_again,
} as const;
const headings = {
  request: m.email_sign_heading_request,
  reminder: m.email_sign_heading_reminder,
  again: m.email_sign_heading_again,
} as const;

/**
 * Asks the customer to sign their SS-4, reminds them once, or asks them to sign again after staff
 * voided their signature (quoting staff's reason as written). It carries the link and says plainly
 * what they sign and why; nothing of the application travels in it but the company's name.
 */
export function SignatureRequestEmail(details: SignatureRequestEmailDetails & { subject: string; locale: Locale }) {
  const { kind, locale, companyName } = details;
  const forCompany = companyName ? m.email_for_company({ company: companyName }, { locale }) : '';
  const again = kind === 'again' && details.again ? details.again : null;
  const opening =
    kind === 'reminder'
      ? m.email_sign_opening_reminder({ forCompany }, { locale })
      : again
        ? m.email_sign_opening_again(
            {
              forCompany,
              signedAt: formatCustomerTime(again.signedAt, details.timeZone, locale),
            },
            { locale },
          )
        : m.email_sign_opening_request({ forCompany }, { locale });
  return (
    <CustomerEmailLayout locale={locale} subject={details.subject} heading={headings[kind]({}, { locale })} supportEmail={details.supportEmail}>
      <Paragraph>{opening}</Paragraph>
      {again ? (
        <>
          <Quote text={again.reason} />
          {/* What happens to the set-aside form, in the customer's words: it is not filed. */}
          <Paragraph>{m.email_sign_after_reason({}, { locale })}</Paragraph>
        </>
      ) : null}
      <Paragraph>{m.email_sign_purpose({}, { locale })}</Paragraph>
      <Paragraph>{`${openingStep(details.question ?? 'ssn', locale)} ${m.email_sign_read_form({}, { locale })}`}</Paragraph>
      <ActionButton href={details.signingUrl} label={m.email_sign_button({}, { locale })} locale={locale} />
      <Paragraph>
        {m.email_sign_expires(
          {
            expiresAt: formatCustomerTime(details.expiresAt, details.timeZone, locale),
          },
          { locale },
        )}
      </Paragraph>
      <TrackingNumberLine trackingNumber={details.trackingNumber} locale={locale} />
    </CustomerEmailLayout>
  );
}

/** The signing request, reminder or request to sign again, rendered in the order's language. */
export function signatureRequestEmail(details: SignatureRequestEmailDetails): Promise<RenderedEmail> {
  const locale = details.locale ?? baseLocale;
  const subject = subjects[details.kind]({ trackingNumber: details.trackingNumber }, { locale });
  return renderEmail(subject, <SignatureRequestEmail {...details} subject={subject} locale={locale} />);
}

export type SignedNoticeEmailDetails = {
  assigneeName: string;
  trackingNumber: string;
  signerName: string;
  signedAt: Date;
  orderUrl: string;
};

const notificationNote = 'You get these e-mails because notifications are on for your account; an admin can turn them off on the Users page.';

/** Tells the order's assignee that the customer has signed; the signed file stays in the panel. */
export function signedNoticeEmail(details: SignedNoticeEmailDetails): Omit<MailMessage, 'to'> {
  const { assigneeName, trackingNumber, signerName, orderUrl } = details;
  const subject = `Order ${trackingNumber}: the SS-4 has been signed`;
  // Staff read times in the business calendar's zone (decision 033), named.
  const when = formatCustomerTime(details.signedAt, businessTimeZone);
  const text = [
    `Hello ${assigneeName},`,
    '',
    `${signerName} signed the SS-4 of order ${trackingNumber} on ${when}. The order is now ${signedStatus}.`,
    '',
    `Download the signed form from the order: ${orderUrl}`,
    '',
    notificationNote,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service: Management Panel',
    heading: 'The customer signed the SS-4',
    footer: notificationNote,
    body: `<p style="margin:0 0 16px">Hello ${e(assigneeName)},</p>
<p style="margin:0 0 16px">${e(signerName)} signed the SS-4 of order <strong>${e(trackingNumber)}</strong> on ${e(when)}. The order is now ${e(signedStatus)}.</p>
<p style="margin:0 0 16px"><a href="${e(orderUrl)}" style="color:#1d4ed8">Open the order</a> to download the signed form.</p>`,
  });
  return { subject, text, html };
}
