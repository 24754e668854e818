import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { namesMatch, signingMessages, signSubmissionSchema, type SigningConsentKey, type SignSubmission } from '#shared/signing/signing.ts';
import { m } from '#shared/i18n/messages.ts';

/** A drawn signature with nothing drawn yet: the browser never sends one, so the server has no message for it. */
export const drawSignatureMessage = m.signing_draw_required;

/**
 * The signing form's answers, in the submission's shape. A consent box holds the version of the text
 * it agrees to once ticked (what the server records), false until then; the drawing is there only
 * while the pad is.
 */
export type SignFormValues = {
  name: string;
  title: string;
  signature: { kind: 'typed' | 'drawn'; image?: string | null };
  consents: Record<SigningConsentKey, string | false>;
};

export const signFormDefaults: SignFormValues = {
  name: '',
  title: '',
  signature: { kind: 'typed' },
  consents: { electronic: false, perjury: false, designee: false },
};

/**
 * The server's own schema for the submission, with the check it makes against the request made here
 * too: the name typed must be the responsible party's.
 */
export function signFormResolver(signerName: string): Resolver<SignFormValues, unknown, SignSubmission> {
  const schema = signSubmissionSchema.refine((submission) => namesMatch(submission.name, signerName), {
    path: ['name'],
    error: () => signingMessages.nameMismatch,
    // Also while other answers are missing, so every problem shows at once; not over the name's own message.
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === 'name'),
  });
  const resolver = zodResolver(schema, {
    error: (issue) => (issue.path?.join('.') === 'signature.image' ? drawSignatureMessage() : undefined),
  });
  // The consent boxes hold false until ticked, which the schema reads as a missing consent.
  return resolver as Resolver<SignFormValues, unknown, SignSubmission>;
}
