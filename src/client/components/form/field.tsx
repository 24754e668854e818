import { useId, type ReactNode } from 'react';
import { HelpTip } from './help-tip';
import { m } from '#shared/i18n/messages.ts';

export type ControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** The label as plain text, for the help button's accessible name. */
  labelText?: string;
  required?: boolean;
  help?: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/** Owns a control's label, id, hint and error text, and the wiring between them. */
export function Field({ label, labelText, required, help, hint, error, className = '', children }: FieldProps) {
  const { id, hintId, errorId, helpId, describedBy } = useFieldIds(hint, error, help);
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
          {required ? <RequiredMark /> : null}
        </label>
        {help ? <HelpTip label={labelText ?? (typeof label === 'string' ? label : m.wizard_help_this_field())} text={help} /> : null}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      <HintAndError hint={hint} hintId={hintId} error={error} errorId={errorId} help={help} helpId={helpId} />
    </div>
  );
}

type FieldSetProps = {
  legend: ReactNode;
  legendText?: string;
  required?: boolean;
  help?: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** 'radiogroup' for radios: names the group as such and allows aria-required. */
  role?: 'radiogroup';
  children: ReactNode;
};

/** A group of radios or checkboxes under one legend, with the same hint and error wiring as Field. */
export function FieldSet({ legend, legendText, required, help, hint, error, className = '', role, children }: FieldSetProps) {
  const { id, hintId, errorId, helpId, describedBy } = useFieldIds(hint, error, help);
  const legendId = `${id}-legend`;
  return (
    <fieldset
      className={className}
      role={role}
      // The legend shares a row with the help button, so it is not the fieldset's first child: name the group explicitly.
      aria-labelledby={legendId}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      // aria-required is allowed on a radiogroup, not on a plain group.
      aria-required={role === 'radiogroup' ? required || undefined : undefined}
    >
      <div className="mb-1.5 flex items-center gap-1.5">
        <legend id={legendId} className="float-left text-sm font-medium text-slate-800">
          {legend}
          {required ? <RequiredMark /> : null}
        </legend>
        {help ? <HelpTip label={legendText ?? (typeof legend === 'string' ? legend : m.wizard_help_this_question())} text={help} /> : null}
      </div>
      <div className="clear-both">{children}</div>
      <HintAndError hint={hint} hintId={hintId} error={error} errorId={errorId} help={help} helpId={helpId} />
    </fieldset>
  );
}

/**
 * Ids for a control and its hint, error and help text, and the aria-describedby that names those
 * present. The help tip's text is part of the description, so it is read with the control without
 * opening the tip.
 */
function useFieldIds(hint: ReactNode, error: string | undefined, help: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [hint ? hintId : null, help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, helpId, describedBy };
}

type HintAndErrorProps = { hint: ReactNode; hintId: string; error?: string; errorId: string; help?: string; helpId: string };

function HintAndError({ hint, hintId, error, errorId, help, helpId }: HintAndErrorProps) {
  return (
    <>
      {help ? (
        <span id={helpId} className="sr-only">
          {help}
        </span>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorMessage id={errorId} message={error} />
    </>
  );
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden="true">
      *
    </span>
  );
}

/** Red text under a control; always takes its line so an error appearing does not shift the layout. */
export function ErrorMessage({ id, message }: { id?: string; message?: string }) {
  return (
    <p id={id} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
      {message ?? ''}
    </p>
  );
}
