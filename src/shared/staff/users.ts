import { z } from 'zod';
import { staffRoles, type StaffRole } from './roles';
import { staffRoleTable } from './permissions';
import { staffMessages } from './staff-messages';
import { refuseUnstorableText, writtenText } from '../storable-text';
import { minPasswordLength, passwordProblem, passwordRuleMessages } from './password-rule';

/** The role choices of the user dialog. */
export const staffRoleOptions: { value: StaffRole; label: string }[] = staffRoles.map((role) => ({ value: role, label: staffRoleTable[role].choice }));

export { minPasswordLength };

/** A new password: the rule of src/shared/staff/password-rule.ts; the owner's e-mail and name are checked with the whole form. */
const password = z.string().superRefine((value, context) => {
  const problem = passwordProblem(value, {});
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** The password must not contain the e-mail or name entered with it. */
export function passwordOwnerCheck(value: { email: string; name: string; password: string }, context: z.RefinementCtx): void {
  if (!value.password) return;
  const problem = passwordProblem(value.password, { email: value.email, name: value.name });
  if (problem === passwordRuleMessages.containsEmail || problem === passwordRuleMessages.containsName) {
    context.addIssue({ code: 'custom', path: ['password'], message: problem });
  }
}

const userFields = {
  name: writtenText(z.string().trim().min(1, staffMessages.fullNameRequired).max(200, 'Full Name can be at most 200 characters')),
  email: z.string().trim().toLowerCase().min(1, staffMessages.emailRequired).max(254, staffMessages.emailInvalid).pipe(z.email(staffMessages.emailInvalid)),
  role: z.enum(staffRoles, { error: staffMessages.roleRequired }),
  notificationEnabled: z.boolean(),
  priorityFulfiller: z.boolean(),
  suspended: z.boolean(),
};

/** `POST /api/manage/users` and the dialog's Create User: the password is required. */
export const createUserFields = z.object({ ...userFields, password: z.string().min(1, staffMessages.passwordRequiredOnCreate).pipe(password) }).strict();
/** `createUserFields` refusing text that cannot be stored (a refined schema can no longer be picked from). */
export const createUserSchema = refuseUnstorableText(createUserFields).superRefine(passwordOwnerCheck);
export type CreateUser = z.infer<typeof createUserSchema>;

/** `PATCH /api/manage/users/:id` and Update User: a blank password keeps the current one. */
export const updateUserSchema = refuseUnstorableText(
  z.object({ ...userFields, password: z.union([z.literal(''), password]).default('') }).strict(),
).superRefine(passwordOwnerCheck);
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** New users start as fulfillers with notifications on, active and not priority (spec 02 section 9). */
export const newUserDefaults: CreateUser = {
  name: '',
  email: '',
  role: 'fulfiller',
  password: '',
  notificationEnabled: true,
  priorityFulfiller: false,
  suspended: false,
};

/** One row of `/manage/users`. */
export type StaffUserRow = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  suspended: boolean;
  notificationEnabled: boolean;
  priorityFulfiller: boolean;
  /** Orders assigned to them that are neither completed nor cancelled. */
  activeOrders: number;
  /** Sign-in is held back by failed attempts (decision 018); an admin can unlock it. */
  signInLocked: boolean;
  /** Has set up two-factor sign-in; an admin can reset it (not their own), and the member sets it up again. */
  twoFactorEnabled: boolean;
  createdAt: string;
};

export type UsersResponse = { users: StaffUserRow[] };
export type UserResponse = { user: StaffUserRow };
