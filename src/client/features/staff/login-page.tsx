import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { CircleAlert, Info, LoaderCircle, LockKeyhole } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { TextField } from '#client/components/form/fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api.ts';
import { paths } from '#client/paths.ts';
import { signInSchema, type SignIn } from '#shared/staff/session.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { deniedMessage, fetchStaffSession, isDenied, retryStaffQuery, signInStaff, staffSessionKey, submitSignInCode } from '#client/lib/staff/staff-api.ts';
import { SecondFactorForm } from '#client/lib/staff/second-factor-form.tsx';
import { twoFactorMessages, type SignedInSession } from '#shared/staff/two-factor.ts';
import { safeNextPath, type LoginPageState } from '#client/lib/staff/login-redirect.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';

const signInFields = ['email', 'password'] as const;

/** The spec's sign-in messages (02, sections 6 and 8) for a refused or failed sign-in. */
export function signInFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return staffMessages.accountStatusUnknown;
  if (isDenied(error)) return deniedMessage(error);
  switch (error.code) {
    case 'bad_request':
    case 'validation_failed':
      return error.message;
    case 'invalid_credentials':
    case 'unauthorized':
    case 'session_expired':
    case 'mfa_required':
      return staffMessages.invalidCredentials;
    case 'rate_limited':
      return staffMessages.tooManySignInAttempts;
    case 'two_factor_expired':
      return twoFactorMessages.signInTimedOut;
    default:
      return staffMessages.accountStatusUnknown;
  }
}

/** `/manage/login`: staff sign in here, then go on to the page that sent them (or the panel's first page). */
export function ManageLoginPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const notice = (useLocation().state as LoginPageState | null)?.notice;
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The password was right and the member is enrolled: the code step replaces the form.
  const [codeStep, setCodeStep] = useState(false);
  const hydrated = useHydrated();

  // Someone already signed in goes straight on; until the answer comes the form is usable. Always asked
  // afresh: a page whose session ended sends the user here while the cache still holds the old answer.
  const session = useQuery({ queryKey: staffSessionKey, queryFn: fetchStaffSession, retry: retryStaffQuery, refetchOnMount: 'always' });

  const form = useForm<SignIn>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const signIn = useMutation({
    mutationFn: signInStaff,
    // The layout reads the same cache entry, so it opens without asking again; the page then moves on
    // below. A check still under way from before signing in would overwrite it with its 401.
    onSuccess: async (response) => {
      if ('twoFactorRequired' in response) {
        setCodeStep(true);
        return;
      }
      await queryClient.cancelQueries({ queryKey: staffSessionKey });
      queryClient.setQueryData(staffSessionKey, response);
    },
    onError: (error) => {
      if (error instanceof ApiError && showServerFieldErrors(error, signInFields, form.setError)) return;
      setFailure(signInFailureMessage(error));
    },
  });

  if (session.isSuccess && !session.isFetching) return <Navigate to={next} replace />;

  const submit = form.handleSubmit((credentials) => {
    setFailure(null);
    signIn.mutate(credentials);
  });
  const busy = signIn.isPending || (signIn.isSuccess && !codeStep);

  async function submitCode(factor: Parameters<typeof submitSignInCode>[0]) {
    setFailure(null);
    const response: SignedInSession = await submitSignInCode(factor);
    await queryClient.cancelQueries({ queryKey: staffSessionKey });
    queryClient.setQueryData(staffSessionKey, response);
  }

  function codeFailure(error: unknown) {
    if (error instanceof ApiError && error.code === 'two_factor_expired') {
      // Back to the password: the pending sign-in is gone.
      setCodeStep(false);
      signIn.reset();
      form.setValue('password', '');
    }
    setFailure(error instanceof ApiError && error.code === 'rate_limited' ? twoFactorMessages.tooManyCodes : signInFailureMessage(error));
  }

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-10">
      <title>Admin Login | EIN Filing Service</title>
      <main className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
            <LockKeyhole className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Admin Login</h1>
          <p className="mt-2 text-sm text-slate-600">
            For EIN Filing Service staff only. Customers do not need an account:{' '}
            <Link to={paths.track} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600">
              track an application
            </Link>{' '}
            with its number instead.
          </p>
        </div>

        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          {notice && !failure ? (
            <p role="status" className="mb-4 flex gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {notice}
            </p>
          ) : null}
          {failure ? (
            <div role="alert" className="mb-4 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>{failure}</p>
            </div>
          ) : null}
          {codeStep ? (
            <>
              <h2 className="mb-1 text-lg font-semibold text-slate-900">Two-factor sign-in</h2>
              <p className="mb-4 text-sm text-slate-600">Open your authenticator app and enter the code it shows for EIN Filing Service.</p>
              <SecondFactorForm label="Two-factor sign-in" submitLabel="Verify" onSubmit={submitCode} onFailure={codeFailure} />
            </>
          ) : (
          <FormProvider {...form}>
            {/* Rendered on the server: a submit before the scripts arrive must never put the password in an
                address, and the fields wait for them (they load once the page has painted), so nothing
                typed is lost and the form is never sent without them. */}
            <form method="post" noValidate onSubmit={submit} aria-label="Admin Login">
              <fieldset disabled={busy || !hydrated} className="space-y-1">
                <TextField name="email" label="Email" type="email" required autoComplete="username" inputMode="email" />
                <Field label="Password" required error={form.formState.errors.password?.message}>
                  {(control) => <TextInput type="password" autoComplete="current-password" {...control} {...form.register('password')} />}
                </Field>
                <Button type="submit" size="lg" className="mt-2 w-full" aria-busy={busy}>
                  {busy ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : null}
                  {busy ? 'Signing in...' : 'Sign In'}
                </Button>
              </fieldset>
            </form>
          </FormProvider>
          )}
        </div>
      </main>
    </div>
  );
}
