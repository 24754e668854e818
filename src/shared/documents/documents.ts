import type { VerificationQuestion } from '../ssn-last-four';

// Customer document links (decision 037): a link e-mailed to the customer that delivers one document
// of their order, after the SSN question (src/shared/ssn-last-four.ts). The sealed signed SS-4 is the
// first kind; another kind (the IRS's EIN letter) is a line here, a loader on the server and a route.

export const customerDocumentKinds = {
  signed_ss4: {
    /** The page's address before the token; the API's is `/api` before it. */
    path: '/signed-ss4',
    title: 'Your signed SS-4',
    intro: 'Your Form SS-4 as you signed it, your taxpayer number shown by its last four digits only, sealed with our digital signature so that any change to the file shows in a PDF reader.',
    downloadLabel: 'Download your signed SS-4 (PDF)',
    /** The file's name, before the tracking number. */
    fileName: 'SS-4-signed',
  },
  ein_letter: {
    path: '/ein-letter',
    title: 'Your EIN letter from the IRS',
    intro: 'The letter in which the IRS assigned your employer identification number (EIN). Keep it with your business records: banks and payroll providers may ask for a copy.',
    downloadLabel: 'Download the IRS letter (PDF)',
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

export const customerDocumentMessages = {
  linkUnknown: 'This link is not valid. Please use the link in the latest e-mail we sent you.',
  linkExpired: 'This link has expired. Write to us and we will send you the document again.',
  linkLocked: 'This link is locked after too many wrong answers. Write to us and we will send you a new one.',
  documentGone: 'This document is no longer available: we keep personal data only as long as our retention rules allow.',
  notVerified: 'Please confirm it is you first.',
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
