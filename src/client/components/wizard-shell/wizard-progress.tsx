import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Check, ChevronDown } from 'lucide-react';
import { m } from '#shared/i18n/messages.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { stepDuration, stepState, totalSteps, wizardSteps, type StepState } from './wizard-steps';

// Widths as classes, not a style attribute: the first step is rendered on the server, and the
// Content-Security-Policy blocks style attributes in HTML. One class per count of completed steps (of 6).
const barWidths = ['w-0', 'w-1/6', 'w-2/6', 'w-3/6', 'w-4/6', 'w-5/6', 'w-full'] as const;

/** "Step N of 6" with the progress bar (completed / 6). */
export function ProgressBar({ step, completed }: { step: number; completed: number }) {
  const width = barWidths[Math.round((completed / totalSteps) * 6)] ?? 'w-full';
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span className="font-semibold text-slate-900">{m.wizard_progress_step({ step, total: totalSteps })}</span>
        <span className="text-slate-600">{m.wizard_progress_completed({ completed, total: totalSteps })}</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={m.wizard_progress_label()}
        aria-valuemin={0}
        aria-valuemax={totalSteps}
        aria-valuenow={completed}
        aria-valuetext={m.wizard_progress_value({ completed, total: totalSteps })}
      >
        <div className={`h-full rounded-full bg-brand-600 transition-[width] ${width}`} />
      </div>
    </div>
  );
}

/** How a screen reader hears each step's state, after its time. */
const stateNames: Record<StepState, () => string> = {
  completed: m.wizard_step_state_completed,
  current: m.wizard_step_state_current,
  upcoming: m.wizard_step_state_upcoming,
};

/** The six steps with their estimated time; completed steps link back to their page. */
export function StepList({ step, completed, defaultOpen = false }: { step: number; completed: number; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  const localized = useLocalizedPath();
  return (
    <nav aria-label={m.wizard_steps_label()}>
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-lg py-2 text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? m.wizard_steps_hide() : m.wizard_steps_show()}
        <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <ol id={listId} hidden={!open} className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
        {wizardSteps.map((item) => {
          const state = stepState(item.number, step, completed);
          const content = (
            <>
              <span
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  state === 'completed'
                    ? 'bg-green-700 text-white'
                    : state === 'current'
                      ? 'bg-brand-600 text-white'
                      : 'bg-slate-200 text-slate-700'
                }`}
                aria-hidden="true"
              >
                {state === 'completed' ? <Check className="size-4" /> : item.number}
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{item.name}</span>
                <span className="block text-xs text-slate-600">
                  {stepDuration(item.seconds)}
                  <span className="sr-only">, {stateNames[state]()}</span>
                </span>
              </span>
            </>
          );
          const rowClass = `flex items-center gap-3 rounded-lg border px-3 py-2 text-sm ${
            state === 'current' ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'
          }`;
          return (
            <li key={item.number}>
              {state === 'completed' ? (
                <Link to={localized(item.path)} className={`${rowClass} hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600`}>
                  {content}
                </Link>
              ) : (
                <div className={rowClass} aria-current={state === 'current' ? 'step' : undefined}>
                  {content}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
