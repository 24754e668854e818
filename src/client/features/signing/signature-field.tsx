import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { RadioGroupField } from '#client/components/form/fields.tsx';
import { ErrorMessage } from '#client/components/form/field.tsx';
import type { SignFormValues } from './sign-form';
import { SignaturePad } from './signature-pad';
import { signedName } from '#shared/signing/signing.ts';

const signatureKindOptions = [
  { value: 'typed', label: 'Use my typed name' },
  { value: 'drawn', label: 'Draw my signature' },
] as const;

/** How the signer signs: their typed name (shown as it will read, as the IRS receives it) or a drawing on the pad. */
export function SignatureField({ signerName }: { signerName: string }) {
  const { control } = useFormContext<SignFormValues>();
  const kind = useWatch({ control, name: 'signature.kind' });
  const name = useWatch({ control, name: 'name' });
  return (
    <div>
      <RadioGroupField name="signature.kind" label="How do you want to sign?" options={signatureKindOptions} columns={2} />
      {kind === 'drawn' ? (
        <DrawnSignature />
      ) : (
        <div className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-5" aria-label="Signature preview">
          <p className="text-xs text-slate-600">Your signature will read:</p>
          <p className="mt-1 text-2xl text-slate-900 italic">{signedName(name) || signerName}</p>
        </div>
      )}
    </div>
  );
}

/** The pad as a field: its drawing is the form's `signature.image`, gone with the pad when the signer types instead. */
function DrawnSignature() {
  const { control } = useFormContext<SignFormValues>();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Controller
      name="signature.image"
      control={control}
      shouldUnregister
      render={({ field, fieldState: { error } }) => (
        <div>
          <p id={hintId} className="mb-2 text-sm text-slate-700">
            Draw with your mouse, pen or finger inside the box.
          </p>
          <SignaturePad value={field.value} onChange={field.onChange} describedBy={error ? `${hintId} ${errorId}` : hintId} />
          <ErrorMessage id={errorId} message={error?.message} />
        </div>
      )}
    />
  );
}
