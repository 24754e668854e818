import { useRef, type ReactNode } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { suggestIrsName, type IrsNameKind } from '../../../shared/application/irs-names';
import { Field } from './field';
import { TextInput } from './controls';

type IrsNameFieldProps = {
  name: string;
  label: string;
  /** A person's name (A-Z) or a business's (A-Z and 0-9). */
  kind: IrsNameKind;
  required?: boolean;
  help?: string;
  hint?: ReactNode;
  className?: string;
  maxLength?: number;
  autoComplete?: string;
  /** Shown, not typed: the name comes from an earlier answer and is changed there. */
  readOnly?: boolean;
};

/** Puts text into an input as typing would, so the form's change handlers (copies, validation) run. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A name the IRS files in A-Z only. While the typed name holds other characters ("José
 * Núñez-García", "O'Brien"), the field shows what the IRS would receive ("Jose Nunez-Garcia",
 * "OBrien") with a "Use this" button that puts it in the field; the field's rule (the page's
 * shared schema) still refuses the name as typed, with a message saying which characters the IRS accepts.
 */
export function IrsNameField({ name, label, kind, required, help, hint, className, maxLength, autoComplete, readOnly }: IrsNameFieldProps) {
  const { register, control, formState } = useFormContext();
  const value: unknown = useWatch({ control, name });
  // A name shown read-only is changed where it was typed: nothing to put in here.
  const suggestion = typeof value === 'string' && !readOnly ? suggestIrsName(value, kind) : null;
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const input = useRef<HTMLInputElement | null>(null);
  const field = register(name);

  const offer = suggestion ? (
    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-slate-800">
      <span>
        The IRS will receive <span className="font-semibold">{suggestion}</span>
      </span>
      <button
        type="button"
        className="rounded px-1.5 py-0.5 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={`Use this: ${suggestion}`}
        onClick={() => {
          if (!input.current) return;
          typeInto(input.current, suggestion);
          input.current.focus();
        }}
      >
        Use this
      </button>
    </span>
  ) : null;

  return (
    <Field label={label} required={required} help={help} hint={offer ?? hint} error={error} className={className}>
      {(controlProps) => (
        <TextInput
          type="text"
          {...controlProps}
          maxLength={maxLength}
          autoComplete={autoComplete}
          readOnly={readOnly}
          className={readOnly ? 'read-only:bg-slate-100' : undefined}
          {...field}
          ref={(element) => {
            field.ref(element);
            input.current = element;
          }}
        />
      )}
    </Field>
  );
}
