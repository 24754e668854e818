import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { RadioGroupField } from '#client/components/form/fields.tsx';
import { ErrorMessage } from '#client/components/form/field.tsx';
import type { SignFormValues } from './sign-form';
import { SignaturePad } from './signature-pad';
import { signedName } from '#shared/signing/signing.ts';
import { m } from '#shared/i18n/messages.ts';


/** How the signer signs: their typed name (shown as it will read, as the IRS receives it) or a drawing on the pad. */
export function SignatureField({ signerName }: { signerName: string }) {
  const { control } = useFormContext<SignFormValues>();
  const kind = useWatch({ control, name: 'signature.kind' });
  const name = useWatch({ control, name: 'name' });
  const signatureKindOptions = [
    { value: 'typed', label: m.signing_signature_typed() },
    { value: 'drawn', label: m.signing_signature_drawn() },
  ] as const;
  return (
    <div>
      <RadioGroupField name="signature.kind" label={m.signing_signature_kind_label()} options={signatureKindOptions} columns={2} />
      {kind === 'drawn' ? (
        <DrawnSignature />
      ) : (
        <div className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-5" aria-label={m.signing_signature_preview()}>
          <p className="text-xs text-slate-600">{m.signing_signature_reads()}</p>
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
            {m.signing_draw_hint()}
          </p>
          <SignaturePad value={field.value} onChange={field.onChange} describedBy={error ? `${hintId} ${errorId}` : hintId} />
          <ErrorMessage id={errorId} message={error?.message} />
        </div>
      )}
    />
  );
}
