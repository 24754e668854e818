import type { SignedResponse, SigningReviewResponse } from '#shared/signing/signing.ts';
import { ReviewStep } from './review-step';
import { SignStep } from './sign-step';
import { SignedStep } from './signed-step';

// The signing page's steps after the link's question, in a chunk of their own: the page's first load
// carries only the question, and this chunk comes while the answer is checked.

/** The signing page's own steps, after the link's question. */
export type SigningStep = { kind: 'review'; review: SigningReviewResponse } | { kind: 'sign'; review: SigningReviewResponse } | ({ kind: 'done' } & SignedResponse);

export type SigningStepsProps = {
  token: string;
  step: SigningStep;
  setStep: (step: SigningStep) => void;
  onUnavailable: (message: string) => void;
};

export default function SigningSteps({ token, step, setStep, onUnavailable }: SigningStepsProps) {
  switch (step.kind) {
    case 'review':
      return <ReviewStep token={token} review={step.review} onContinue={() => setStep({ kind: 'sign', review: step.review })} />;
    case 'sign':
      return (
        <SignStep
          token={token}
          review={step.review}
          onBack={() => setStep({ kind: 'review', review: step.review })}
          onSigned={(signed) => setStep({ kind: 'done', ...signed })}
          onUnavailable={onUnavailable}
        />
      );
    case 'done':
      return <SignedStep token={token} signedAt={step.signedAt} trackingNumber={step.trackingNumber} />;
  }
}
