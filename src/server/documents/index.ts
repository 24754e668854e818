// Documents: links that deliver one document of an order to the customer (decision 037). A link is
// made in the transaction of the e-mail that carries it, works for 30 days, asks the last four digits
// of the responsible party's SSN first (five wrong answers lock it) and audits each download. Each
// kind's documents come from the module that owns them (`CustomerDocumentSource`): the signed SS-4
// from signing; the routes are registered per kind by the app.
export { createDocumentLink } from './create-document-link';
export type { CreateDocumentLinkOptions } from './create-document-link';
export type { CustomerDocumentSource } from './document-links';
