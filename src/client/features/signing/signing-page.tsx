import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PublicLayout } from '../../components/layout/public-layout';
import type { SignedResponse, SigningReviewResponse } from '../../../shared/signing/signing';
import type { VerificationQuestion } from '../../../shared/ssn-last-four';
import { openSigning, signingFailureMessage } from './signing-api';
import { ReviewStep } from './review-step';
import { SignStep } from './sign-step';
import { SignedStep } from './signed-step';
import { UnavailableStep } from './unavailable-step';
import { VerifyStep } from './verify-step';

type Step =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'verify'; question: VerificationQuestion }
  | { kind: 'review'; review: SigningReviewResponse }
  | { kind: 'sign'; review: SigningReviewResponse }
  | ({ kind: 'done' } & SignedResponse);

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
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    let cancelled = false;
    openSigning(token).then(
      (opening) => !cancelled && setStep(opening),
      (error: unknown) => !cancelled && setStep({ kind: 'unavailable', message: signingFailureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  // Each new step moves the focus to its heading, so screen readers and keyboards start there, and
  // brings the heading into view below the sticky header (its scroll margin is the header's height):
  // after signing at the foot of a long form, the thank-you would otherwise sit under the header.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const heading = headingRef.current;
    if (step.kind === 'loading' || !heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView?.({ block: 'nearest' });
  }, [step.kind]);

  const unavailable = (message: string) => setStep({ kind: 'unavailable', message });

  return (
    <PublicLayout>
      <title>{`${stepTitles[step.kind]} | EIN Filing Service`}</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        {step.kind !== 'unavailable' && step.kind !== 'done' ? <StepIndicator current={step.kind} /> : null}
        <h1 ref={headingRef} tabIndex={-1} className="mt-4 scroll-mt-28 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl md:scroll-mt-20">
          {stepTitles[step.kind]}
        </h1>
        <div className="mt-6">
          {step.kind === 'loading' ? (
            <p role="status" className="text-slate-600">
              Loading...
            </p>
          ) : null}
          {step.kind === 'unavailable' ? <UnavailableStep message={step.message} /> : null}
          {step.kind === 'verify' ? (
            <VerifyStep token={token} question={step.question} onVerified={(review) => setStep({ kind: 'review', review })} onUnavailable={unavailable} />
          ) : null}
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
        </div>
      </div>
    </PublicLayout>
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
