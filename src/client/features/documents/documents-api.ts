import { ApiError, apiRequest, hasErrorCode, isFailedCall } from '#client/lib/api.ts';
import {
  customerDocumentApiPath,
  type CustomerDocumentKind,
  type CustomerDocumentStartResponse,
  type CustomerDocumentVerifiedResponse,
} from '#shared/documents/documents.ts';
import type { EmailCodeSentResponse, VerificationAnswer } from '#shared/ssn-last-four.ts';
import { m } from '#shared/i18n/messages.ts';

export const documentsApi = {
  start: (kind: CustomerDocumentKind, token: string) => apiRequest<CustomerDocumentStartResponse>('GET', customerDocumentApiPath(kind, token)),
  verify: (kind: CustomerDocumentKind, token: string, answer: VerificationAnswer) =>
    apiRequest<CustomerDocumentVerifiedResponse>('POST', `${customerDocumentApiPath(kind, token)}/verify`, answer),
  sendCode: (kind: CustomerDocumentKind, token: string) => apiRequest<EmailCodeSentResponse>('POST', `${customerDocumentApiPath(kind, token)}/code`),
  documentUrl: (kind: CustomerDocumentKind, token: string) => `${customerDocumentApiPath(kind, token)}/document.pdf`,
};

/** The answers after which the link cannot be used: the page says why instead of a form. */
export function endsLink(error: unknown): error is ApiError {
  return hasErrorCode(error, 'document_link_unavailable');
}

/** The message a failed call shows: the server's own for a considered answer, a retry hint otherwise. */
export function documentFailureMessage(error: unknown): string {
  if (isFailedCall(error) || !(error instanceof ApiError)) return m.links_failure();
  return error.message;
}
