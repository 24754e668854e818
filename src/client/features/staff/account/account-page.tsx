import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { LoaderCircle, LogOut } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { LabelledSwitch } from '#client/components/ui/switch.tsx';
import { ApiError, isFailedCall } from '#client/lib/api.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { changePasswordSchema, deviceOf, type AccountSession, type ChangePassword, type AccountResponse } from '#shared/staff/account.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { staffRoleLabels } from '#shared/staff/roles.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { can } from '#shared/staff/permissions.ts';
import { paths } from '#client/paths.ts';
import { formatEasternShortDateTime } from '#client/lib/business-time.ts';
import { Link } from 'react-router';
import { passwordProblem, passwordRuleMessages, type PasswordOwner } from '#shared/staff/password-rule.ts';
import { PasswordStrengthMeter, usePasswordScorer } from '../password-strength';
import { useAccount, useChangePassword, useRegenerateRecoveryCodes, useRevokeSession, useSetAlertEmails } from './account-api';
import { useState } from 'react';
import { RecoveryCodeList } from '#client/lib/staff/recovery-code-list.tsx';
import { confirmPasswordSchema, recoveryCodeCount, twoFactorMessages, type ConfirmPassword } from '#shared/staff/two-factor.ts';
import { EmailAddress } from '#client/components/ui/email-address.tsx';

const passwordFields = ['currentPassword', 'newPassword'] as const;

function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !isFailedCall(error) && error.message) return error.message;
  return fallback;
}

function Details({ user }: { user: StaffUser }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
      <div>
        <dt className="text-sm text-slate-600">Name</dt>
        <dd className="font-medium break-words text-slate-900">{user.name}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Email</dt>
        <dd className="font-medium text-slate-900">
          <EmailAddress address={user.email} />
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Role</dt>
        <dd className="font-medium text-slate-900">{staffRoleLabels[user.role]}</dd>
      </div>
    </dl>
  );
}

/**
 * Who can change these details. An admin changes their own name and e-mail on the Users screen, but
 * not their own role (the server refuses it), so the only admin would first make another admin.
 */
function DetailsChangeNote({ user }: { user: StaffUser }) {
  if (!can(user, 'users:manage')) return <p className="mt-4 text-sm text-slate-600">To change your name, e-mail or role, ask an admin.</p>;
  return (
    <p className="mt-4 text-sm text-slate-600">
      Change your name or e-mail on the{' '}
      <Link to={paths.manageUsers} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        Users
      </Link>{' '}
      screen. Your own role can be changed only by another admin: if you are the only one, make another admin there first.
    </p>
  );
}

function ChangePasswordForm({ owner }: { owner: PasswordOwner }) {
  const form = useForm<ChangePassword>({ resolver: zodResolver(changePasswordSchema), defaultValues: { currentPassword: '', newPassword: '' } });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const change = useChangePassword();
  const scorer = usePasswordScorer();
  const submit = form.handleSubmit((values) => {
    const problem = passwordProblem(values.newPassword, owner, scorer);
    if (problem) return form.setError('newPassword', { type: 'rule', message: problem }, { shouldFocus: true });
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast.success(staffMessages.passwordChanged);
      },
      onError: (error) => {
        if (error instanceof ApiError && showServerFieldErrors(error, passwordFields, form.setError)) return;
        toast.error(failureMessage(error, staffMessages.passwordChangeFailed));
      },
    });
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-label="Change Password" className="max-w-sm">
        <fieldset disabled={change.isPending} className="space-y-1">
          <Field label="Current Password" required error={form.formState.errors.currentPassword?.message}>
            {(control) => <TextInput type="password" autoComplete="current-password" {...control} {...form.register('currentPassword')} />}
          </Field>
          <Field label="New Password" required hint={`${passwordRuleMessages.hint} Your other sessions will be signed out.`} error={form.formState.errors.newPassword?.message}>
            {(control) => <TextInput type="password" autoComplete="new-password" {...control} {...form.register('newPassword')} />}
          </Field>
          <PasswordStrengthMeter password={newPassword} owner={owner} scorer={scorer} />
          <Button type="submit" className="mt-2" aria-busy={change.isPending}>
            {change.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** Two-factor sign-in: how many recovery codes are left, and new ones for the password. */
function TwoFactorSection({ twoFactor }: { twoFactor: AccountResponse['twoFactor'] | undefined }) {
  const form = useForm<ConfirmPassword>({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { password: '' } });
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const submit = form.handleSubmit((values) =>
    regenerate.mutate(values, {
      onSuccess: ({ recoveryCodes }) => {
        form.reset();
        setCodes(recoveryCodes);
        toast.success(twoFactorMessages.recoveryCodesRegenerated);
      },
      onError: (error) => {
        if (error instanceof ApiError && showServerFieldErrors(error, ['password'], form.setError)) return;
        toast.error(failureMessage(error, 'New recovery codes could not be made. Please try again.'));
      },
    }),
  );
  if (!twoFactor?.enabled) return <p className="text-slate-700">Two-factor sign-in is not set up for this account.</p>;
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        Two-factor sign-in is on. <strong>{`${twoFactor.recoveryCodesLeft} of ${recoveryCodeCount}`}</strong> recovery codes are unused. If you lose your phone, sign in with a recovery code, or ask an admin to reset your two-factor sign-in.
      </p>
      {codes ? (
        <div role="status" aria-label="New recovery codes">
          <p className="mb-2 text-sm font-medium text-slate-900">Your new recovery codes (shown only now; the old ones no longer work):</p>
          <RecoveryCodeList codes={codes} />
        </div>
      ) : null}
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} aria-label="New recovery codes" className="max-w-sm">
          <fieldset disabled={regenerate.isPending} className="space-y-1">
            <Field label="Password" required hint="Making new codes stops the old ones from working." error={form.formState.errors.password?.message}>
              {(control) => <TextInput type="password" autoComplete="current-password" {...control} {...form.register('password')} />}
            </Field>
            <Button type="submit" variant="secondary" className="mt-2" aria-busy={regenerate.isPending}>
              {regenerate.isPending ? 'Making codes...' : 'Make New Recovery Codes'}
            </Button>
          </fieldset>
        </form>
      </FormProvider>
    </div>
  );
}

/** The alert e-mails (a fax given up, e-mails not going out, ...), for a member who receives alerts. */
function AlertEmailsSwitch({ receive }: { receive: boolean }) {
  const change = useSetAlertEmails();
  return (
    <LabelledSwitch
      label="Email me alerts"
      description="One e-mail when a problem starts (a fax given up, e-mails not going out, paid orders missing, the background jobs stopped) and one when it ends."
      checked={change.isPending && change.variables ? change.variables.receive : receive}
      disabled={change.isPending}
      onCheckedChange={(checked) =>
        change.mutate(
          { receive: checked },
          {
            onSuccess: ({ alertEmails }) => toast.success(alertEmails ? 'Alert e-mails are on.' : 'Alert e-mails are off.'),
            onError: (error) => toast.error(failureMessage(error, 'Your choice could not be saved. Please try again.')),
          },
        )
      }
    />
  );
}

function SessionItem({ session }: { session: AccountSession }) {
  const revoke = useRevokeSession();
  const device = deviceOf(session.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {device}
          {session.current ? <Badge tone="success">This browser</Badge> : null}
        </p>
        <p className="text-sm text-slate-600">
          {session.ipAddress ?? 'Unknown address'} · Last active {formatEasternShortDateTime(session.lastActiveAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          disabled={revoke.isPending}
          aria-label={`Sign out ${device}, last active ${formatEasternShortDateTime(session.lastActiveAt)}`}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => toast.success(staffMessages.sessionRevoked),
              onError: (error) => toast.error(failureMessage(error, staffMessages.sessionRevokeFailed)),
            })
          }
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sign out
        </Button>
      )}
    </li>
  );
}

/** `/manage/account`: the signed-in member's own details, password and sessions. */
export function AccountPage() {
  const account = useAccount();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>My Account | EIN Filing Service</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Account</h1>
        <p className="mt-1 text-slate-600">Your details, password, two-factor sign-in and signed-in browsers</p>
      </div>
      {account.isPending ? (
        <p role="status" className="py-8 text-center text-slate-600">
          Loading your account...
        </p>
      ) : account.error ? (
        <div role="alert" className="py-8 text-center text-slate-700">
          <p>{failureMessage(account.error, 'Your account could not be loaded.')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void account.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <Details user={account.data.user} />
              <DetailsChangeNote user={account.data.user} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm owner={account.data.user} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Two-Factor Sign-In</CardTitle>
            </CardHeader>
            <CardContent>
              <TwoFactorSection twoFactor={account.data.twoFactor} />
            </CardContent>
          </Card>
          {account.data.alertEmails === null ? null : (
            <Card>
              <CardHeader>
                <CardTitle>Alerts</CardTitle>
              </CardHeader>
              <CardContent>
                <AlertEmailsSwitch receive={account.data.alertEmails} />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle>{`Active Sessions (${account.data.sessions.length})`}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-slate-200" aria-label="Active sessions">
                {account.data.sessions.map((session) => (
                  <SessionItem key={session.id} session={session} />
                ))}
              </ul>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
