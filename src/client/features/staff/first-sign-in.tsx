import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toDataURL } from 'qrcode';
import { toast } from 'sonner';
import { KeyRound, LoaderCircle, LogOut, ShieldCheck } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError, apiRequest, isFailedCall } from '#client/lib/api.ts';
import { paths } from '#client/paths.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { signOutStaff, staffSessionKey } from '#client/lib/staff/staff-api.ts';
import { RecoveryCodeList } from '#client/lib/staff/recovery-code-list.tsx';
import { changePasswordSchema, type ChangePassword } from '#shared/staff/account.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { passwordProblem, passwordRuleMessages, type PasswordOwner } from '#shared/staff/password-rule.ts';
import { PasswordStrengthMeter, usePasswordScorer } from './password-strength';
import {
  confirmPasswordSchema,
  passwordChangeReasonTexts,
  totpCodeSchema,
  twoFactorMessages,
  type ConfirmPassword,
  type EnrolmentResponse,
  type PasswordChangeReason,
  type SignedInSession,
  type TotpCodeInput,
} from '#shared/staff/two-factor.ts';

function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !isFailedCall(error) && error.message) return error.message;
  return fallback;
}

/**
 * What a signed-in member must do before the panel opens, on a screen of its own: choose a new
 * password (when it was generated at start-up, an admin set it, or it breaks the rule), then set up
 * two-factor sign-in.
 */
export function FirstSignInSetup({ session }: { session: SignedInSession }) {
  return (
    <SetupFrame>
      {session.required === 'password_change' ? <ForcedPasswordChange owner={session.user} reason={session.passwordChange ?? 'set_by_admin'} /> : <TwoFactorEnrolment email={session.user.email} />}
    </SetupFrame>
  );
}

function SetupFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  async function logOut() {
    await signOutStaff().catch((error: unknown) => console.error('Signing out failed', error));
    await navigate(paths.manageLogin, { replace: true });
    queryClient.clear();
  }
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10">
      <main className="w-full max-w-lg">
        {children}
        <p className="mt-6 text-center">
          <Button variant="secondary" onClick={() => void logOut()}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
        </p>
      </main>
    </div>
  );
}

function SetupCard({ title, intro, icon, children }: { title: string; intro: ReactNode; icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <title>{`${title} | EIN Filing Service`}</title>
      <div className="mb-6 flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">{icon}</span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-2 text-sm text-slate-600">{intro}</div>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </>
  );
}

const passwordFields = ['currentPassword', 'newPassword'] as const;

/** Someone else knows this member's password, or it breaks the rule: they choose their own before anything else. */
function ForcedPasswordChange({ owner, reason }: { owner: PasswordOwner; reason: PasswordChangeReason }) {
  const queryClient = useQueryClient();
  const scorer = usePasswordScorer();
  const form = useForm<ChangePassword>({ resolver: zodResolver(changePasswordSchema), defaultValues: { currentPassword: '', newPassword: '' } });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const problem = passwordProblem(values.newPassword, owner, scorer);
    if (problem) return form.setError('newPassword', { type: 'rule', message: problem }, { shouldFocus: true });
    try {
      await apiRequest<null>('POST', '/api/manage/account/password', values);
      toast.success(staffMessages.passwordChanged);
      await queryClient.invalidateQueries({ queryKey: staffSessionKey });
    } catch (error) {
      if (error instanceof ApiError && showServerFieldErrors(error, passwordFields, form.setError)) return;
      setFailure(failureMessage(error, staffMessages.passwordChangeFailed));
    }
  });
  return (
    <SetupCard title="Choose Your Password" icon={<KeyRound className="size-6" aria-hidden="true" />} intro={<p>{passwordChangeReasonTexts[reason]} Choose one only you know to continue.</p>}>
      {failure ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} aria-label="Choose Your Password">
          <fieldset disabled={form.formState.isSubmitting} className="space-y-1">
            <Field label="Current Password" required hint="The password you signed in with." error={form.formState.errors.currentPassword?.message}>
              {(control) => <TextInput type="password" autoComplete="current-password" {...control} {...form.register('currentPassword')} />}
            </Field>
            <Field label="New Password" required hint={passwordRuleMessages.hint} error={form.formState.errors.newPassword?.message}>
              {(control) => <TextInput type="password" autoComplete="new-password" {...control} {...form.register('newPassword')} />}
            </Field>
            <PasswordStrengthMeter password={newPassword} owner={owner} scorer={scorer} />
            <Button type="submit" size="lg" className="mt-2 w-full" aria-busy={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : null}
              {form.formState.isSubmitting ? 'Saving...' : 'Save Password'}
            </Button>
          </fieldset>
        </form>
      </FormProvider>
    </SetupCard>
  );
}

/** The secret as an authenticator app's QR code, drawn in the browser (no request leaves the page). */
function QrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (current) setImage(url);
      })
      .catch((error: unknown) => console.error('The QR code could not be drawn', error));
    return () => {
      current = false;
    };
  }, [uri]);
  return image ? (
    <img src={image} width={192} height={192} alt="QR code for your authenticator app" className="mx-auto rounded-lg border border-slate-200" />
  ) : (
    <div className="mx-auto size-48 rounded-lg border border-slate-200 bg-slate-50" aria-hidden="true" />
  );
}

/** The secret in groups of four, as apps show it and people type it. */
function secretGroups(secret: string): string[] {
  return secret.replace(/=+$/, '').match(/.{1,4}/g) ?? [];
}

type EnrolmentStep = { step: 'password' } | { step: 'scan'; enrolment: EnrolmentResponse } | { step: 'codes'; enrolment: EnrolmentResponse; session: SignedInSession };

/**
 * Two-factor set-up at the first sign-in: the password again, then the QR code and the secret as
 * text with a code from the app to confirm, then the ten recovery codes, shown this once.
 */
function TwoFactorEnrolment({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<EnrolmentStep>({ step: 'password' });
  const [failure, setFailure] = useState<string | null>(null);
  const passwordForm = useForm<ConfirmPassword>({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { password: '' } });
  const codeForm = useForm<TotpCodeInput>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });

  const start = passwordForm.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const enrolment = await apiRequest<EnrolmentResponse>('POST', '/api/manage/account/two-factor/enrolment', values);
      setState({ step: 'scan', enrolment });
    } catch (error) {
      if (error instanceof ApiError && showServerFieldErrors(error, ['password'], passwordForm.setError)) return;
      setFailure(failureMessage(error, twoFactorMessages.enrolmentNotStarted));
    }
  });

  const confirm = codeForm.handleSubmit(async (values) => {
    if (state.step !== 'scan') return;
    setFailure(null);
    try {
      const session = await apiRequest<SignedInSession>('POST', '/api/manage/account/two-factor/confirm', values);
      setState({ step: 'codes', enrolment: state.enrolment, session });
    } catch (error) {
      codeForm.setValue('code', '');
      if (error instanceof ApiError && showServerFieldErrors(error, ['code'], codeForm.setError)) return;
      setFailure(failureMessage(error, twoFactorMessages.codeWrong));
    }
  });

  const alert = failure ? (
    <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {failure}
    </p>
  ) : null;

  if (state.step === 'codes') {
    return (
      <SetupCard
        title="Save Your Recovery Codes"
        icon={<ShieldCheck className="size-6" aria-hidden="true" />}
        intro={<p>{twoFactorMessages.enrolled} If you lose your phone, each of these codes signs you in once. They are shown only now.</p>}
      >
        <RecoveryCodeList codes={state.enrolment.recoveryCodes} />
        <Button
          size="lg"
          className="mt-4 w-full"
          onClick={() => {
            // The panel opens: the layout reads the session this browser now has.
            queryClient.setQueryData(staffSessionKey, state.session);
          }}
        >
          I have saved my codes: continue
        </Button>
      </SetupCard>
    );
  }

  if (state.step === 'scan') {
    return (
      <SetupCard
        title="Set Up Two-Factor Sign-In"
        icon={<ShieldCheck className="size-6" aria-hidden="true" />}
        intro={<p>Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …), or type the key into it.</p>}
      >
        {alert}
        <QrCode uri={state.enrolment.otpauthUri} />
        <div className="mt-4 text-center">
          <p className="text-sm text-slate-600" id="setup-key-label">
            Setup key for {email}
          </p>
          {/* A line may break between groups, never inside one (each group is kept whole). */}
          <p aria-labelledby="setup-key-label" className="mt-1 font-mono text-base font-semibold tracking-wide text-slate-900" data-testid="totp-secret">
            {secretGroups(state.enrolment.secret).map((group, index) => (
              <Fragment key={index}>
                {index > 0 ? ' ' : null}
                <span className="whitespace-nowrap">{group}</span>
              </Fragment>
            ))}
          </p>
        </div>
        <FormProvider {...codeForm}>
          <form noValidate onSubmit={confirm} aria-label="Confirm two-factor sign-in" className="mt-4">
            <fieldset disabled={codeForm.formState.isSubmitting} className="space-y-1">
              <Field label="Authentication Code" required hint="The 6-digit code the app shows for EIN Filing Service." error={codeForm.formState.errors.code?.message}>
                {(control) => <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...control} {...codeForm.register('code')} />}
              </Field>
              <Button type="submit" size="lg" className="mt-2 w-full" aria-busy={codeForm.formState.isSubmitting}>
                {codeForm.formState.isSubmitting ? 'Checking...' : 'Confirm'}
              </Button>
            </fieldset>
          </form>
        </FormProvider>
      </SetupCard>
    );
  }

  return (
    <SetupCard
      title="Set Up Two-Factor Sign-In"
      icon={<ShieldCheck className="size-6" aria-hidden="true" />}
      intro={<p>Staff who can see customers’ SSNs sign in with a code from an authenticator app as well as the password. Enter your password to begin.</p>}
    >
      {alert}
      <FormProvider {...passwordForm}>
        <form noValidate onSubmit={start} aria-label="Begin two-factor set-up">
          <fieldset disabled={passwordForm.formState.isSubmitting} className="space-y-1">
            <Field label="Password" required error={passwordForm.formState.errors.password?.message}>
              {(control) => <TextInput type="password" autoComplete="current-password" {...control} {...passwordForm.register('password')} />}
            </Field>
            <Button type="submit" size="lg" className="mt-2 w-full" aria-busy={passwordForm.formState.isSubmitting}>
              {passwordForm.formState.isSubmitting ? 'Starting...' : 'Continue'}
            </Button>
          </fieldset>
        </form>
      </FormProvider>
    </SetupCard>
  );
}
