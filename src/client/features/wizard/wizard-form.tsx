import type { FormEventHandler, ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { BackLink } from '../../components/wizard-shell/back-link';

type WizardFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** Where the Back link goes (no validation, no saving); none on step 1. */
  backTo?: string;
  backLabel?: string;
  submitLabel?: string;
  children: ReactNode;
};

/** A wizard page's form: its sections, then Back and the submit button; disabled while submitting. */
export function WizardForm({ onSubmit, submitting, backTo, backLabel = 'Back', submitLabel = 'Continue', children }: WizardFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <fieldset disabled={submitting} className="min-w-0 space-y-6">
        {children}
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          {backTo ? (
            <BackLink to={backTo} label={backLabel} />
          ) : (
            <span />
          )}
          <Button type="submit" size="lg">
            {submitLabel}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** A titled card grouping related questions. */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4 grid gap-x-4 gap-y-1 sm:grid-cols-2">{children}</div>
    </section>
  );
}
