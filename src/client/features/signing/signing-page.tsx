import { lazy, startTransition, Suspense, useCallback } from 'react';
import { useParams } from 'react-router';
import { LinkPage, LinkPageLoading, useLinkSteps, type LinkStep } from '#client/components/link-page/link-page.tsx';
import type { SigningStep } from './signing-steps';
import { endsSigning, openSigning, signingApi, signingFailureMessage } from './signing-api';
import { m } from '#shared/i18n/messages.ts';

// The steps after the question load while its answer is checked (or, for a link already answered, as it opens).
const loadSteps = () => import('./signing-steps');
const SigningSteps = lazy(loadSteps);

type Step = LinkStep | SigningStep;

const stepTitles: Record<Step['kind'], () => string> = {
  loading: m.signing_title_sign,
  unavailable: m.signing_title_unavailable,
  verify: m.links_verify_heading,
  review: m.signing_title_review,
  sign: m.signing_title_sign,
  done: m.signing_title_done,
};

/** `/sign/:token`: the customer confirms who they are, reviews their Form SS-4 and signs it. */
export function SigningPage() {
  const { token = '' } = useParams();
  const open = useCallback(() => openSigning(token), [token]);
  const [step, setStep] = useLinkSteps<SigningStep>(open, signingFailureMessage);
  const unavailable = (message: string) => setStep({ kind: 'unavailable', message });

  return (
    <LinkPage
      heading={stepTitles[step.kind]()}
      step={step}
      above={step.kind !== 'unavailable' && step.kind !== 'done' ? <StepIndicator current={step.kind} /> : null}
      offerNewLink
      verify={{
        // Before the form is shown: the last four digits of the responsible party's SSN or ITIN, or a
        // code e-mailed to the order's address for a responsible party with neither.
        title: m.signing_verify_title(),
        lead: m.signing_verify_lead(),
        verify: async (answer) => {
          const [review] = await Promise.all([signingApi.verify(token, answer), loadSteps()]);
          // In a transition, the question stays until the review is drawn (no flash of a loading line).
          startTransition(() => setStep({ kind: 'review', review }));
        },
        sendCode: () => signingApi.sendCode(token),
        endsLink: endsSigning,
        onUnavailable: unavailable,
        failureMessage: signingFailureMessage,
      }}
    >
      <Suspense fallback={<LinkPageLoading />}>
        {step.kind === 'review' || step.kind === 'sign' || step.kind === 'done' ? (
          <SigningSteps token={token} step={step} setStep={setStep} onUnavailable={unavailable} />
        ) : null}
      </Suspense>
    </LinkPage>
  );
}

const indicatorSteps = [
  { kind: 'verify', label: m.signing_step_confirm },
  { kind: 'review', label: m.signing_step_review },
  { kind: 'sign', label: m.signing_step_sign },
] as const;

function StepIndicator({ current }: { current: Step['kind'] }) {
  const index = Math.max(
    0,
    indicatorSteps.findIndex((step) => step.kind === current),
  );
  return (
    <ol className="flex gap-2 text-sm" aria-label={m.signing_steps_label()}>
      {indicatorSteps.map((step, position) => (
        <li
          key={step.kind}
          aria-current={position === index ? 'step' : undefined}
          className={`flex-1 rounded-full px-3 py-1 text-center font-medium ${position <= index ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700'}`}
        >
          {position + 1}. {step.label()}
        </li>
      ))}
    </ol>
  );
}
