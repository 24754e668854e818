// The email module's public face: other modules import from here only.
export { queueCustomerEmail } from './customer-email';
export { customerBrand, customerDisclosure, escapeHtml, htmlEmail, supportLine } from './email-layout';
export { removeMailCopies } from './mail-copies';
export { createMailer, mailFolder } from './mailer';
export type { MailMessage, Mailer } from './mailer';
export { createEmailOutbox, enqueueEmail, findOrderEmails } from './outbox';
export type { DeliveryOutcome, EmailOutbox } from './outbox';
