import { useCallback } from 'react';
import { useParams } from 'react-router';
import { LinkPage, useLinkSteps, type LinkStep } from '#client/components/link-page/link-page.tsx';
import type { SignedResponse, SigningReviewResponse } from '#shared/signing/signing.ts';
import { endsSigning, openSigning, signingApi, signingFailureMessage } from './signing-api';
import { ReviewStep } from './review-step';
import { SignStep } from './sign-step';
import { SignedStep } from './signed-step';

/** The signing page's own steps, after the link's question. */
type SigningStep = { kind: 'review'; review: SigningReviewResponse } | { kind: 'sign'; review: SigningReviewResponse } | ({ kind: 'done' } & SignedResponse);

type Step = LinkStep | SigningStep;

const stepTitles: Record<Step['kind'], string> = {
  loading: 'Sign your SS-4',
  unavailable: 'This signing link cannot be used',
  verify: 'Confirm it is you',
  review: 'Review your SS-4',
  sign: 'Sign your SS-4',
  done: 'Thank you: your SS-4 is signed',
};

/** `/sign/:token`: the customer confirms who they are, reviews their Form SS-4 and signs it. */
export function SigningPage() {
  const { token = '' } = useParams();
  const open = useCallback(() => openSigning(token), [token]);
  const [step, setStep] = useLinkSteps<SigningStep>(open, signingFailureMessage);
  const unavailable = (message: string) => setStep({ kind: 'unavailable', message });

  return (
    <LinkPage
      heading={stepTitles[step.kind]}
      step={step}
      above={step.kind !== 'unavailable' && step.kind !== 'done' ? <StepIndicator current={step.kind} /> : null}
      offerNewLink
      verify={{
        // Before the form is shown: the last four digits of the responsible party's SSN or ITIN, or a
        // code e-mailed to the order's address for a responsible party with neither.
        title: 'Your form holds private details',
        lead: 'Before we show it, confirm it is you.',
        verify: async (answer) => setStep({ kind: 'review', review: await signingApi.verify(token, answer) }),
        sendCode: () => signingApi.sendCode(token),
        endsLink: endsSigning,
        onUnavailable: unavailable,
        failureMessage: signingFailureMessage,
      }}
    >
      {step.kind === 'review' ? <ReviewStep token={token} review={step.review} onContinue={() => setStep({ kind: 'sign', review: step.review })} /> : null}
      {step.kind === 'sign' ? (
        <SignStep
          token={token}
          review={step.review}
          onBack={() => setStep({ kind: 'review', review: step.review })}
          onSigned={(signed) => setStep({ kind: 'done', ...signed })}
          onUnavailable={unavailable}
        />
      ) : null}
      {step.kind === 'done' ? <SignedStep token={token} signedAt={step.signedAt} trackingNumber={step.trackingNumber} /> : null}
    </LinkPage>
  );
}

const indicatorSteps = [
  { kind: 'verify', label: 'Confirm' },
  { kind: 'review', label: 'Review' },
  { kind: 'sign', label: 'Sign' },
] as const;

function StepIndicator({ current }: { current: Step['kind'] }) {
  const index = Math.max(
    0,
    indicatorSteps.findIndex((step) => step.kind === current),
  );
  return (
    <ol className="flex gap-2 text-sm" aria-label="Signing steps">
      {indicatorSteps.map((step, position) => (
        <li
          key={step.kind}
          aria-current={position === index ? 'step' : undefined}
          className={`flex-1 rounded-full px-3 py-1 text-center font-medium ${position <= index ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700'}`}
        >
          {position + 1}. {step.label}
        </li>
      ))}
    </ol>
  );
}
