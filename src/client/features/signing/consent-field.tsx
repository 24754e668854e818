import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { ErrorMessage } from '#client/components/form/field.tsx';
import { signingConsents, type SigningConsentKey } from '#shared/signing/signing.ts';
import type { SignFormValues } from './sign-form';

type ConsentFieldProps = { consentKey: SigningConsentKey; designeeName: string | null };

/** One consent in full, ticked to agree; the box's value is the version of the text the signer saw. */
export function ConsentField({ consentKey, designeeName }: ConsentFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<SignFormValues>();
  const id = useId();
  const errorId = `${id}-error`;
  const consent = signingConsents[consentKey];
  const error = errors.consents?.[consentKey]?.message;
  return (
    <div>
      <label
        htmlFor={id}
        className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-3 text-sm ${error ? 'border-red-600' : 'border-slate-300'} has-checked:border-brand-600 has-checked:bg-brand-50`}
      >
        <input
          id={id}
          type="checkbox"
          value={consent.version}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          {...register(`consents.${consentKey}`)}
        />
        <span>
          <span className="block font-semibold text-slate-900">{consent.label}</span>
          <span className="mt-1 block text-slate-700">
            {consent.text}
            {consentKey === 'designee' && designeeName ? ` The designee is ${designeeName}.` : null}
          </span>
        </span>
      </label>
      <ErrorMessage id={errorId} message={error} />
    </div>
  );
}
