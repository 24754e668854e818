import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { BackLink } from '#client/components/wizard-shell/back-link.tsx';
import { m } from '#shared/i18n/messages.ts';

type WizardFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** Where the Back link goes (no validation, no saving), a path of `paths`; none on step 1. */
  backTo?: string;
  backLabel?: string;
  submitLabel?: string;
  children: ReactNode;
};

/** A wizard page's form: its sections, then Back and the submit button; disabled while submitting. */
export function WizardForm({ onSubmit, submitting, backTo, backLabel, submitLabel, children }: WizardFormProps) {
  const form = useFocusOnRefusedSubmit(submitting);
  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
      <fieldset disabled={submitting} className="min-w-0 space-y-6">
        {children}
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          {backTo ? (
            <BackLink to={backTo} label={backLabel} />
          ) : (
            <span />
          )}
          <Button type="submit" size="lg">
            {submitLabel ?? m.wizard_continue()}
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

/**
 * After a refused submit, the focus goes to the first field in error. react-hook-form moves it as the
 * check ends, but the fieldset may still be disabled then (a disabled control takes no focus): so the
 * first field in error on the page takes it again once the form is enabled. (This runs as a submit
 * ends, and as the page opens, when no field is in error yet.)
 */
function useFocusOnRefusedSubmit(submitting: boolean) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!submitting) form.current?.querySelector<HTMLElement>('[aria-invalid=true]:is(input,select,textarea),fieldset[aria-invalid=true] input')?.focus();
  }, [submitting]);
  return form;
}
