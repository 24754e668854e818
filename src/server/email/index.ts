// E-mail: every message goes through the outbox. `enqueueEmail` writes it in the transaction of the
// event that causes it, so the two commit together; it is then tried at once, and the job runner's
// worker sends whatever is left, with retries. The mailer sends over SMTP_URL, or writes `.eml` files
// under DATA_DIR/mail without it. Also here: the frames of the e-mails, the customer's (one React Email
// component per e-mail, in the order's language) and the staff's.
export { queueCustomerEmail } from './customer-email';
export { escapeHtml, htmlEmail } from './email-layout';
export {
  ActionButton,
  Code,
  CustomerEmailLayout,
  Paragraph,
  Quote,
  TrackingNumberLine,
  customerDisclosure,
  customerPageUrl,
  emailStyles,
  formatMoney,
  orderLocale,
  renderEmail,
  urlInLocale,
} from './customer-email-layout';
export type { Locale, RenderedEmail } from './customer-email-layout';
export { findOrderEmails } from './find-order-emails';
export { removeMailCopies } from './mail-copies';
export { createMailer, mailFolder } from './mailer';
export type { MailMessage, Mailer } from './mailer';
export { createEmailOutbox, enqueueEmail } from './outbox';
export type { DeliveryOutcome, EmailOutbox } from './outbox';
