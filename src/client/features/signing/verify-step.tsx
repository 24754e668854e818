import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { MaskedField, type MaskSpec } from '../../components/form/fields';
import { ApiError } from '../../lib/api';
import { verifySigningSchema, type SigningReviewResponse, type VerifySigningInput } from '../../../shared/signing/signing';
import { endsSigning, signingApi, signingFailureMessage } from './signing-api';
import { useMessagesUntilChanged } from './use-messages-until-changed';

/** Four digits, nothing else: typed or pasted text keeps only its digits. */
const fourDigits: MaskSpec = { mask: '____', store: 'digits' };

type VerifyStepProps = {
  token: string;
  onVerified: (review: SigningReviewResponse) => void;
  onUnavailable: (message: string) => void;
};

/** Before the form is shown: the last four digits of the responsible party's SSN. */
export function VerifyStep({ token, onVerified, onUnavailable }: VerifyStepProps) {
  const form = useForm<VerifySigningInput>({
    resolver: zodResolver(verifySigningSchema),
    defaultValues: { ssnLast4: '' },
    reValidateMode: 'onSubmit',
  });
  useMessagesUntilChanged(form);
  const { isSubmitting, errors } = form.formState;
  const refused = Boolean(errors.ssnLast4);

  // The fieldset is disabled while the answer is checked, which takes the focus from the field: a
  // refused answer gets it back, to be corrected.
  useEffect(() => {
    if (refused && !isSubmitting) form.setFocus('ssnLast4');
  }, [form, refused, isSubmitting]);

  const submit = form.handleSubmit(async ({ ssnLast4 }) => {
    try {
      onVerified(await signingApi.verify(token, ssnLast4));
    } catch (caught) {
      if (endsSigning(caught)) return onUnavailable(caught.message);
      const message = (caught instanceof ApiError ? caught.fields?.ssnLast4?.[0] : undefined) ?? signingFailureMessage(caught);
      form.setError('ssnLast4', { type: 'server', message });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole className="size-5 text-brand-600" aria-hidden="true" />
          Your form holds private details
        </CardTitle>
        <CardDescription>
          Before we show it, enter the last four digits of the responsible party&apos;s Social Security Number, as given in your application.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate>
            <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-start">
              <MaskedField name="ssnLast4" label="Last four digits of the SSN" required mask={fourDigits} autoComplete="off" className="sm:w-64" />
              <Button type="submit" size="lg" className="sm:mt-7">
                {isSubmitting ? 'Checking...' : 'Continue'}
              </Button>
            </fieldset>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
