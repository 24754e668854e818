import { customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine, type MailMessage } from '../email';

// The e-mails that tell a customer their order changed in a way they must know of: put on hold (with
// the reason staff wrote for them) and cancelled. The signature request and the EIN have their own.

export type StatusEmailDetails = {
  trackingNumber: string;
  /** The company the application is for; null when it has none. */
  companyName: string | null;
  /** The tracking page with the number filled in. */
  trackingUrl: string;
  supportEmail: string;
};

type StatusEmailParts = { subject: string; heading: string; paragraphs: string[]; quote?: { label: string; text: string } };

function statusEmail(details: StatusEmailDetails, parts: StatusEmailParts): Omit<MailMessage, 'to'> {
  const { trackingNumber, trackingUrl, supportEmail } = details;
  const support = supportLine(supportEmail);
  const e = escapeHtml;
  const text = [
    ...parts.paragraphs.slice(0, 1).flatMap((paragraph) => [paragraph, '']),
    ...(parts.quote ? [`${parts.quote.label}:`, ...parts.quote.text.split('\n').map((line) => `> ${line}`), ''] : []),
    ...parts.paragraphs.slice(1).flatMap((paragraph) => [paragraph, '']),
    `Tracking number: ${trackingNumber}`,
    `Your application's status: ${trackingUrl}`,
    '',
    support.text,
    '',
    customerDisclosure,
    '',
  ].join('\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${e(value)}</p>`;
  const html = htmlEmail({
    subject: parts.subject,
    brand: customerBrand,
    heading: parts.heading,
    footer: customerDisclosure,
    body: [
      ...parts.paragraphs.slice(0, 1).map(paragraph),
      ...(parts.quote
        ? [
            `<p style="margin:0 0 4px;font-weight:bold">${e(parts.quote.label)}:</p>`,
            `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #f59e0b;background:#fffbeb;white-space:pre-wrap">${e(parts.quote.text)}</blockquote>`,
          ]
        : []),
      ...parts.paragraphs.slice(1).map(paragraph),
      `<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>`,
      `<p style="margin:0 0 16px"><a href="${e(trackingUrl)}" style="color:#1d4ed8">See your application's status</a></p>`,
      support.html,
    ].join('\n'),
  });
  return { subject: parts.subject, text, html };
}

/** Tells the customer their order is on hold, why (the text staff wrote for them), and what happens next. */
export function onHoldEmail(details: StatusEmailDetails & { reason: string }): Omit<MailMessage, 'to'> {
  const forCompany = details.companyName ? ` for ${details.companyName}` : '';
  return statusEmail(details, {
    subject: `Your EIN application ${details.trackingNumber} is on hold`,
    heading: 'Your EIN application is on hold',
    paragraphs: [
      `We have paused work on your EIN application${forCompany}. Nothing is lost: we resume as soon as we have what we need.`,
      'Reply to this e-mail with what we asked for, or with any question. We will contact you again if we need anything else.',
    ],
    quote: { label: 'Why', text: details.reason },
  });
}

/** Tells the customer their order is cancelled: nothing will be filed. */
export function cancelledEmail(details: StatusEmailDetails): Omit<MailMessage, 'to'> {
  const forCompany = details.companyName ? ` for ${details.companyName}` : '';
  return statusEmail(details, {
    subject: `Your EIN application ${details.trackingNumber} has been cancelled`,
    heading: 'Your EIN application has been cancelled',
    paragraphs: [
      `Your EIN application${forCompany} has been cancelled. We will not file it with the IRS.`,
      'If you did not expect this, or have a question about a refund, reply to this e-mail and our support team will help.',
    ],
  });
}
