import { customerLinkFlow, type CustomerLink } from '../customer-links';
import { customerDocumentKinds, customerDocumentMessages, type CustomerDocumentKind } from '#shared/documents/documents.ts';
import type { DocumentLinkRow, DocumentOrderRow } from './document-links';
import { findUsableLink } from './find-usable-link';
import { verifyDocumentReader } from './verify-document-reader';

export const documentCookieName = 'ein_document';

/** A document link of one kind as a customer link: its cookie goes to that kind's API only, its code to the order's address. */
export function documentLinkFlow(services: CustomerLink<DocumentLinkRow, DocumentOrderRow>['services'], kind: CustomerDocumentKind) {
  const { db, cipher } = services;
  return customerLinkFlow<DocumentLinkRow, DocumentOrderRow>({
    services,
    cookie: { name: documentCookieName, path: `/api${customerDocumentKinds[kind].path}/` },
    find: (token, now) => findUsableLink(db, kind, token, now),
    verify: ({ link, order }, answer, now) => verifyDocumentReader(db, cipher, link, order, answer, now),
    code: { kind: 'document', purpose: kind, to: ({ order }) => order.billingEmail },
    notVerified: { code: 'document_not_verified', message: customerDocumentMessages.notVerified },
  });
}
