import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { isIrsName, type IrsNameKind } from '#shared/application/irs-names.ts';
import { Field } from './field';
import { TextInput } from './controls';

type IrsNameFieldProps = {
  name: string;
  label: string;
  /** A person's name (A-Z), a business's (A-Z and 0-9) or a part of an address (A-Z, 0-9 and slashes). */
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

// The offer is for a name the IRS refuses as typed, which few visitors type: its code (and the
// spelling rules behind it) loads only then, the field's hint staying in its place meanwhile.
const IrsNameOffer = lazy(() => import('./irs-name-offer').then((module) => ({ default: module.IrsNameOffer })));

/**
 * A name the IRS files in A-Z only. While the typed name holds other characters ("José
 * Núñez-García", "O'Brien"), the field shows what the IRS would receive ("Jose Nunez-Garcia",
 * "OBrien") with a "Use this" button that puts it in the field; the field's rule (the page's
 * shared schema) still refuses the name as typed, with a message saying which characters the IRS accepts.
 * The parts of an address printed on the SS-4 use it too ("Torstraße 12" → "Torstrasse 12").
 */
export function IrsNameField({ name, label, kind, required, help, hint, className, maxLength, autoComplete, readOnly }: IrsNameFieldProps) {
  const { register, control, formState } = useFormContext();
  const value: unknown = useWatch({ control, name });
  // A name shown read-only is changed where it was typed: nothing to put in here.
  const refused = typeof value === 'string' && !readOnly && !isIrsName(value, kind);
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const input = useRef<HTMLInputElement | null>(null);
  const field = register(name);

  const offer = refused ? (
    <Suspense fallback={hint}>
      <IrsNameOffer value={value} kind={kind} input={input} otherwise={hint} />
    </Suspense>
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
