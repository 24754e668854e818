import { ApiError, apiRequest, hasErrorCode, isFailedCall } from '#client/lib/api.ts';
import type { SignedResponse, SignSubmission, SigningReviewResponse, SigningStartResponse } from '#shared/signing/signing.ts';
import type { EmailCodeSentResponse, VerificationAnswer, VerificationQuestion } from '#shared/ssn-last-four.ts';
import { m } from '#shared/i18n/messages.ts';

const base = (token: string) => `/api/sign/${encodeURIComponent(token)}`;

export const signingApi = {
  start: (token: string) => apiRequest<SigningStartResponse>('GET', base(token)),
  verify: (token: string, answer: VerificationAnswer) => apiRequest<SigningReviewResponse>('POST', `${base(token)}/verify`, answer),
  sendCode: (token: string) => apiRequest<EmailCodeSentResponse>('POST', `${base(token)}/code`),
  review: (token: string) => apiRequest<SigningReviewResponse>('GET', `${base(token)}/review`),
  sign: (token: string, submission: SignSubmission) => apiRequest<SignedResponse>('POST', `${base(token)}/sign`, submission),
  documentUrl: (token: string) => `${base(token)}/document.pdf`,
};

/** Where a link opens: at its question, or at the form for a browser that has answered it. */
export type SigningOpening = { kind: 'verify'; question: VerificationQuestion } | { kind: 'review'; review: SigningReviewResponse };

export async function openSigning(token: string): Promise<SigningOpening> {
  const start = await signingApi.start(token);
  // The SSN's question when the server does not say (an answer from before the question could vary).
  if (start.state === 'verify') return { kind: 'verify', question: start.question ?? 'ssn' };
  return { kind: 'review', review: await signingApi.review(token) };
}

/** The answers after which this link cannot be used any more: the page says why instead of a form. */
export function endsSigning(error: unknown): error is ApiError {
  return hasErrorCode(error, 'signing_link_unavailable') || hasErrorCode(error, 'signing_already_signed') || hasErrorCode(error, 'signing_not_verified');
}

/** The message a failed call shows: the server's own for a considered answer, a retry hint otherwise. */
export function signingFailureMessage(error: unknown): string {
  if (isFailedCall(error) || !(error instanceof ApiError)) return m.links_failure();
  return error.message;
}
