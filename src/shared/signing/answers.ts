import { z } from 'zod';
import { verificationQuestions } from '../ssn-last-four';
import type { SignatureRequestResponse, SignedResponse, SigningReviewResponse, SigningStartResponse, SigningState } from './signing';

// The signing routes' answers as schemas, for the API document (decision 044).

export const signingStartResponseSchema = z.strictObject({ state: z.enum(['verify', 'verified']), expiresAt: z.string(), question: z.enum(verificationQuestions) }) satisfies z.ZodType<SigningStartResponse>;

export const signingReviewResponseSchema = z.strictObject({
  lines: z.array(z.strictObject({ line: z.string(), label: z.string(), value: z.string() })),
  signerName: z.string(),
  signerTitle: z.string(),
  designeeName: z.string().nullable(),
  expiresAt: z.string(),
  question: z.enum(verificationQuestions),
}) satisfies z.ZodType<SigningReviewResponse>;

export const signedResponseSchema = z.strictObject({ signedAt: z.string(), trackingNumber: z.string() }) satisfies z.ZodType<SignedResponse>;

export const signingStateSchema = z.union([
  z.strictObject({ state: z.literal('not_requested') }),
  z.strictObject({
    state: z.enum(['sent', 'reminded', 'verified', 'signed', 'expired', 'locked']),
    requestId: z.string(),
    sentAt: z.string(),
    expiresAt: z.string(),
    remindedAt: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    signedAt: z.string().nullable(),
    signerName: z.string().nullable(),
  }),
]) satisfies z.ZodType<SigningState>;

export const signatureRequestResponseSchema = z.strictObject({ signing: signingStateSchema }) satisfies z.ZodType<SignatureRequestResponse>;

export const signingTokenParamsSchema = z.strictObject({ token: z.string() });
