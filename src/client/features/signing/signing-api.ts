import { apiRequest } from '../../lib/api';
import type { SignedResponse, SignSubmission, SigningReviewResponse, SigningStartResponse } from '../../../shared/signing/signing';

const base = (token: string) => `/api/sign/${encodeURIComponent(token)}`;

export const signingApi = {
  start: (token: string) => apiRequest<SigningStartResponse>('GET', base(token)),
  verify: (token: string, ssnLast4: string) => apiRequest<SigningReviewResponse>('POST', `${base(token)}/verify`, { ssnLast4 }),
  review: (token: string) => apiRequest<SigningReviewResponse>('GET', `${base(token)}/review`),
  sign: (token: string, submission: SignSubmission) => apiRequest<SignedResponse>('POST', `${base(token)}/sign`, submission),
  documentUrl: (token: string) => `${base(token)}/document.pdf`,
};
