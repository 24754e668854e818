import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoaderCircle } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '../api';
import { secondFactorSchema, type SecondFactor } from '#shared/staff/two-factor.ts';

type Values = { code: string; recoveryCode: string };

/**
 * The second factor, as the sign-in's code step and the step-up ask it: the 6-digit code from the
 * authenticator app, or (after "Use a recovery code") one of the recovery codes. The shared schema
 * checks the field before the server does; the server's refusal lands under the field.
 */
export function SecondFactorForm({
  label,
  submitLabel,
  onSubmit,
  onFailure,
}: {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Sends the factor; a rejected promise with field messages shows them under the field. */
  onSubmit: (factor: SecondFactor) => Promise<unknown>;
  /** A refusal that is not about the field (throttled, timed out). */
  onFailure: (error: unknown) => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ defaultValues: { code: '', recoveryCode: '' } });
  const field = useRecovery ? 'recoveryCode' : 'code';

  const submit = form.handleSubmit(async (values) => {
    const parsed = secondFactorSchema.safeParse(useRecovery ? { recoveryCode: values.recoveryCode } : { code: values.code });
    if (!parsed.success) {
      form.setError(field, { type: 'validate', message: parsed.error.issues[0]?.message ?? '' }, { shouldFocus: true });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const message = error instanceof ApiError ? error.fields?.[field]?.[0] : undefined;
      if (message) form.setError(field, { type: 'server', message }, { shouldFocus: true });
      else onFailure(error);
      form.setValue(field, '');
    } finally {
      setBusy(false);
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <fieldset disabled={busy} className="space-y-1">
        {useRecovery ? (
          <Field key="recoveryCode" label="Recovery Code" required hint="One of the codes you saved when you set up two-factor sign-in. Each works once." error={form.formState.errors.recoveryCode?.message}>
            {(control) => <TextInput autoComplete="off" autoCapitalize="none" spellCheck={false} autoFocus {...control} {...form.register('recoveryCode')} />}
          </Field>
        ) : (
          <Field key="code" label="Authentication Code" required hint="The 6-digit code your authenticator app shows now." error={form.formState.errors.code?.message}>
            {(control) => <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus {...control} {...form.register('code')} />}
          </Field>
        )}
        <Button type="submit" size="lg" className="mt-2 w-full" aria-busy={busy}>
          {busy ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : null}
          {busy ? 'Checking...' : submitLabel}
        </Button>
      </fieldset>
      <p className="mt-3 text-center text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          onClick={() => {
            form.clearErrors();
            setUseRecovery(!useRecovery);
          }}
        >
          {useRecovery ? 'Use a code from your authenticator app' : 'Lost your phone? Use a recovery code'}
        </button>
      </p>
    </form>
  );
}
