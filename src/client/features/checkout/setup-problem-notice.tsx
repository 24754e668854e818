import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import type { SetupProblem } from './setup-problem';
import { Button } from '#client/components/ui/button.tsx';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { m } from '#shared/i18n/messages.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** The payment form could not be set up: the spec's message, in an alert. */
export function SetupFailedNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/**
 * Why there is no payment form, and for refused answers, links to the pages to correct. An expired
 * checkout offers to start again: a new checkout from the answers still in this browser.
 */
export function SetupProblemNotice({ problem, onStartAgain }: { problem: SetupProblem; onStartAgain?: () => void }) {
  const localized = useLocalizedPath();
  if (problem.kind === 'expired' && onStartAgain) {
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="flex gap-3">
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
          {problem.message}
        </p>
        <Button type="button" variant="secondary" onClick={onStartAgain}>
          {checkoutMessages.startAgain}
        </Button>
      </div>
    );
  }
  if (problem.kind !== 'answers') return <SetupFailedNotice message={problem.message} />;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="flex gap-3 font-medium">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
        {problem.message}
      </p>
      {problem.steps.length > 0 ? (
        <>
          <p className="mt-3">{m.checkout_review_fix_lead()}</p>
          <ul className="mt-2 space-y-2">
            {problem.steps.map((step) => (
              <li key={step.number}>
                <Link to={localized(step.path)} className={linkClass}>
                  {m.checkout_review_step({ number: step.number, name: step.name })}
                </Link>
                <ul className="mt-1 list-disc pl-5 text-red-800">
                  {step.messages.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {problem.otherMessages.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-red-800">
          {problem.otherMessages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
