import { useMemo, useRef } from 'react';
import { FormProvider, useForm, type FieldPath, type UseFormSetError } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/form/fields.tsx';
import { IrsNameField } from '#client/components/form/irs-name-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { signingConsentKeys, type SignedResponse, type SigningReviewResponse, type SignSubmission } from '#shared/signing/signing.ts';
import { ConsentField } from './consent-field';
import { signFormDefaults, signFormResolver, type SignFormValues } from './sign-form';
import { SignatureField } from './signature-field';
import { endsSigning, signingApi, signingFailureMessage } from './signing-api';
import { useMessagesUntilChanged } from '#client/lib/use-messages-until-changed.ts';
import { m } from '#shared/i18n/messages.ts';

type SignStepProps = {
  token: string;
  review: SigningReviewResponse;
  onBack: () => void;
  onSigned: (signed: SignedResponse) => void;
  onUnavailable: (message: string) => void;
};

/** Who signs, the signature (typed or drawn) and the consents; every problem is listed at once. */
export function SignStep({ token, review, onBack, onSigned, onUnavailable }: SignStepProps) {
  const resolver = useMemo(() => signFormResolver(review.signerName), [review.signerName]);
  const form = useForm<SignFormValues, unknown, SignSubmission>({
    resolver,
    defaultValues: signFormDefaults,
    reValidateMode: 'onSubmit',
    // The summary above the form takes the focus instead: it says how many fields to correct.
    shouldFocusError: false,
  });
  useMessagesUntilChanged(form);
  const { errors, isSubmitting } = form.formState;
  const errorSummaryRef = useRef<HTMLDivElement>(null);
  const focusErrorSummary = () => requestAnimationFrame(() => errorSummaryRef.current?.focus());

  const sign = async (submission: SignSubmission) => {
    try {
      onSigned(await signingApi.sign(token, submission));
    } catch (caught) {
      if (endsSigning(caught)) return onUnavailable(caught.message);
      if (!(caught instanceof ApiError && showRefusal(caught, form.setError))) {
        form.setError('root.server', { type: 'server', message: signingFailureMessage(caught) });
      }
      focusErrorSummary();
    }
  };

  const fieldErrorCount = [errors.name, errors.title, errors.signature?.image, ...signingConsentKeys.map((key) => errors.consents?.[key])].filter(Boolean).length;
  const formError = errors.root?.server?.message;

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => form.handleSubmit(sign, focusErrorSummary)(event)} noValidate className="flex flex-col gap-6">
        <div ref={errorSummaryRef} tabIndex={-1} className="focus:outline-none">
          {formError || fieldErrorCount > 0 ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
              {formError ?? m.signing_summary({ count: fieldErrorCount })}
            </p>
          ) : null}
        </div>
        <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{m.signing_who_signs()}</CardTitle>
              <CardDescription>
                {m.signing_who_signs_lead()} <strong className="text-slate-900">{review.signerName}</strong>
                {m.signing_who_signs_hint()}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <IrsNameField kind="person" name="name" label={m.signing_name_label()} required autoComplete="name" />
              <TextField
                name="title"
                label={m.signing_title_label()}
                required
                autoComplete="organization-title"
                hint={review.signerTitle ? m.signing_title_hint({ title: review.signerTitle }) : undefined}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{m.signing_signature_title()}</CardTitle>
            </CardHeader>
            <CardContent>
              <SignatureField signerName={review.signerName} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{m.signing_consents_title()}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1">
              {signingConsentKeys.map((key) => (
                <ConsentField key={key} consentKey={key} designeeName={review.designeeName} />
              ))}
            </CardContent>
          </Card>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="secondary" size="lg" onClick={onBack}>
              {m.signing_back()}
            </Button>
            <Button type="submit" size="lg">
              {isSubmitting ? m.signing_signing() : m.signing_sign()}
            </Button>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** Puts the server's refusal under the fields it names; answers whether it named any. */
function showRefusal(error: ApiError, setError: UseFormSetError<SignFormValues>): boolean {
  const fields = error.fields ?? {};
  const refused: [FieldPath<SignFormValues>, string | undefined][] = [
    ['name', fields.name?.[0]],
    ['title', fields.title?.[0]],
    // A drawing the server cannot read is refused as `signature` (or `signature.image`): its message goes under the pad.
    ['signature.image', (fields.signature ?? fields['signature.image'])?.[0]],
    ...signingConsentKeys.map((key): [FieldPath<SignFormValues>, string | undefined] => [`consents.${key}`, fields[`consents.${key}`]?.[0]]),
  ];
  let shown = false;
  for (const [name, message] of refused) {
    if (!message) continue;
    setError(name, { type: 'server', message });
    shown = true;
  }
  return shown;
}
