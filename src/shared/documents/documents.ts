import type { VerificationQuestion } from '../ssn-last-four';
import { m } from '../i18n/messages';

// Customer document links (decision 037): a link e-mailed to the customer that delivers one document
// of their order, after the SSN question (src/shared/ssn-last-four.ts). The sealed signed SS-4 is the
// first kind; another kind (the IRS's EIN letter) is a line here, a loader on the server and a route.

// A kind's words speak the page's language: getters, read when the page shows them.
export const customerDocumentKinds = {
  signed_ss4: {
    /** The page's address before the token; the API's is `/api` before it. */
    path: '/signed-ss4',
    get title() {
      return m.documents_signed_ss4_title();
    },
    get intro() {
      return m.documents_signed_ss4_intro();
    },
    get downloadLabel() {
      return m.documents_signed_ss4_download();
    },
    /** The file's name, before the tracking number. */
    fileName: 'SS-4-signed',
  },
  ein_letter: {
    path: '/ein-letter',
    get title() {
      return m.documents_ein_letter_title();
    },
    get intro() {
      return m.documents_ein_letter_intro();
    },
    get downloadLabel() {
      return m.documents_ein_letter_download();
    },
    fileName: 'EIN-letter',
  },
} as const satisfies Record<string, { path: string; title: string; intro: string; downloadLabel: string; fileName: string }>;

export type CustomerDocumentKind = keyof typeof customerDocumentKinds;
export const customerDocumentKindNames = Object.keys(customerDocumentKinds) as CustomerDocumentKind[];

/** How long a document link works, in days. */
export const customerDocumentLinkDays = 30;

export function customerDocumentPagePath(kind: CustomerDocumentKind, token: string): string {
  return `${customerDocumentKinds[kind].path}/${token}`;
}

/** `/api/signed-ss4/:token`, and `…/verify` and `…/document.pdf` after it. */
export function customerDocumentApiPath(kind: CustomerDocumentKind, token: string): string {
  return `/api${customerDocumentKinds[kind].path}/${encodeURIComponent(token)}`;
}

/** The document routes' messages, in the reader's language (getters, read when shown). */
export const customerDocumentMessages = {
  get linkUnknown() {
    return m.documents_link_unknown();
  },
  get linkExpired() {
    return m.documents_link_expired();
  },
  get linkLocked() {
    return m.documents_link_locked();
  },
  get documentGone() {
    return m.documents_document_gone();
  },
  get notVerified() {
    return m.documents_not_verified();
  },
} as const;

/** What a verified reader is told beside the document (the EIN beside its letter), label and value. */
export type CustomerDocumentFact = { label: string; value: string };

/**
 * `GET /api/<kind>/:token`: before the question, nothing personal but which question the link asks;
 * once verified, the facts too.
 */
export type CustomerDocumentStartResponse = { state: 'verify' | 'verified'; expiresAt: string; question: VerificationQuestion; facts?: CustomerDocumentFact[] };

/** `POST /api/<kind>/:token/verify`: the document may now be downloaded in this browser. */
export type CustomerDocumentVerifiedResponse = { state: 'verified'; expiresAt: string; facts?: CustomerDocumentFact[] };
