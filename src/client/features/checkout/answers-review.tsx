import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import type { ReviewGroup } from '#shared/application/answer-review.ts';
import { wizardSteps } from '#client/components/wizard-shell/wizard-steps.ts';
import { returnToReviewState } from '#client/components/wizard-shell/use-continue.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { m } from '#shared/i18n/messages.ts';

/**
 * Every answer before payment, grouped by the step that asked it, each group with a link back to
 * its step. The server builds the groups from the answers it validated (SSNs masked), so the
 * customer reads exactly what will be filed.
 */
export function AnswersReview({ groups }: { groups: ReviewGroup[] | undefined }) {
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="answers-review-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="answers-review-heading" className="text-lg font-semibold text-slate-900">
        {m.checkout_review_heading()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.checkout_review_lead()}</p>
      {groups ? (
        groups.map(({ section, answers }) => {
          const step = wizardSteps.find((candidate) => candidate.section === section);
          if (!step) return null;
          const headingId = `review-${section}`;
          return (
            <section key={section} aria-labelledby={headingId} className="mt-5 border-t border-slate-200 pt-4" data-testid={`review-${section}`}>
              <div className="flex items-center justify-between gap-3">
                <h3 id={headingId} className="font-semibold text-slate-900">
                  {m.checkout_review_step({ number: step.number, name: step.name })}
                </h3>
                <Link
                  to={localized(step.path)}
                  state={returnToReviewState}
                  className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  aria-label={m.checkout_review_edit_label({ number: step.number, name: step.name })}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  {m.checkout_review_edit()}
                </Link>
              </div>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                {answers.map(({ label, value }, index) => (
                  <div key={`${index}-${label}`} className="contents">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="mb-2 font-medium break-words text-slate-900 sm:mb-0">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })
      ) : (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {m.checkout_review_loading()}
        </p>
      )}
    </section>
  );
}
