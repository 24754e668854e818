import { useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, type Resolver, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { LoaderCircle } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { SelectField, TextField } from '#client/components/form/fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { LabelledSwitch } from '#client/components/ui/switch.tsx';
import { ApiError } from '#client/lib/api.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { createUserSchema, newUserDefaults, staffRoleOptions, updateUserSchema, type CreateUser, type StaffUserRow } from '#shared/staff/users.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { userFailureMessage, useSaveUser } from './users-api';
import { passwordRuleMessages } from '#shared/staff/password-rule.ts';
import { PasswordStrengthMeter, usePasswordScorer } from '../password-strength';

/** The dialog's values: a blank password on edit keeps the current one. */
type UserFormValues = CreateUser;

const userFormFields = ['name', 'email', 'role', 'password'] as const;

function valuesOf(user: StaffUserRow | null): UserFormValues {
  if (!user) return newUserDefaults;
  const { name, email, role, notificationEnabled, priorityFulfiller, suspended } = user;
  return { name, email, role, notificationEnabled, priorityFulfiller, suspended, password: '' };
}

type UserDialogProps = {
  trigger: ReactNode;
  /** null adds a user. */
  user: StaffUserRow | null;
};

/** Add User / edit a user. The form starts afresh each time the dialog opens. */
export function UserDialog({ trigger, user }: UserDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      title={user ? 'Edit User' : 'Add User'}
      description={user ? `Change ${user.name}'s details and permissions.` : 'Create a staff account for the management panel.'}
    >
      <UserForm user={user} onDone={() => setOpen(false)} />
    </Dialog>
  );
}

function UserForm({ user, onDone }: { user: StaffUserRow | null; onDone: () => void }) {
  const form = useForm<UserFormValues>({
    resolver: zodResolver(user ? updateUserSchema : createUserSchema) as Resolver<UserFormValues>,
    defaultValues: valuesOf(user),
  });
  const save = useSaveUser();
  const handleStaffApiError = useStaffApiErrorHandler();
  // Loads the strength estimator, which the schemas' password rule then uses too.
  const scorer = usePasswordScorer();
  const [newPassword, ownerEmail, ownerName] = useWatch({ control: form.control, name: ['password', 'email', 'name'] });

  const submit = form.handleSubmit((values) => {
    save.mutate(user ? { id: user.id, values } : { id: null, values }, {
      onSuccess: () => {
        toast.success(user ? staffMessages.userUpdated : staffMessages.userCreated);
        onDone();
      },
      onError: (error) => {
        if (handleStaffApiError(error)) return;
        if (error instanceof ApiError && showServerFieldErrors(error, userFormFields, form.setError)) return;
        toast.error(userFailureMessage(error, staffMessages.saveUserFailed));
      },
    });
  });

  const passwordHint = user
    ? `${passwordRuleMessages.hint} Leave blank to keep the current password. A new password is temporary: the user should change it after their first login.`
    : `${passwordRuleMessages.hint} This is a temporary password: the user should change it after their first login.`;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-label={user ? 'Edit User' : 'Add User'}>
        {/* Taller than a phone's screen: the form scrolls inside the dialog, its title stays in view. */}
        <fieldset disabled={save.isPending} className="-mx-1 max-h-[calc(100dvh-11rem)] space-y-1 overflow-y-auto px-1">
          <TextField name="name" label="Full Name" required autoComplete="off" maxLength={200} />
          <TextField name="email" label="Email" type="email" required autoComplete="off" inputMode="email" maxLength={254} />
          <SelectField name="role" label="Role" required options={staffRoleOptions} placeholder="Select a role" />
          <Field label="Password" required={!user} hint={passwordHint} error={form.formState.errors.password?.message}>
            {(control) => <TextInput type="password" autoComplete="new-password" maxLength={128} {...control} {...form.register('password')} />}
          </Field>
          <PasswordStrengthMeter password={newPassword ?? ''} owner={{ email: ownerEmail, name: ownerName }} scorer={scorer} />
          <div className="space-y-3 rounded-lg border border-slate-200 p-3">
            <Controller
              name="notificationEnabled"
              control={form.control}
              render={({ field }) => (
                <LabelledSwitch label="Enable email notifications" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} />
              )}
            />
            <Controller
              name="priorityFulfiller"
              control={form.control}
              render={({ field }) => (
                <LabelledSwitch label="Priority Fulfiller (auto-assign orders)" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} />
              )}
            />
            <Controller
              name="suspended"
              control={form.control}
              render={({ field }) => (
                <LabelledSwitch label="Suspended" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} />
              )}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" aria-busy={save.isPending}>
              {save.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
              {save.isPending ? 'Saving...' : user ? 'Update User' : 'Create User'}
            </Button>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
