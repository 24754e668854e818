import { z } from 'zod';
import type { StaffUser } from './session';
import { staffRoles } from './roles';
import { passwordChangeReasons, type EnrolmentResponse, type RecoveryCodesResponse, type SignedInSession, type SignInResponse } from './two-factor';
import type { AccountResponse } from './account';
import type { StaffUserRow, UserResponse, UsersResponse } from './users';

// The staff routes' answers as schemas, for the API document (decision 044).

export const staffUserSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(staffRoles),
    notificationEnabled: z.boolean(),
    priorityFulfiller: z.boolean(),
  })
  .meta({ id: 'StaffUser' }) satisfies z.ZodType<StaffUser>;

export const signedInSessionSchema = z.strictObject({
  user: staffUserSchema,
  required: z.enum(['password_change', 'two_factor_enrolment']).nullable(),
  twoFactorEnabled: z.boolean(),
  passwordChange: z.enum(passwordChangeReasons).optional(),
  stepUpUntil: z.string().nullable().optional(),
}) satisfies z.ZodType<SignedInSession>;

export const signInResponseSchema = z.union([signedInSessionSchema, z.strictObject({ twoFactorRequired: z.literal(true) })]) satisfies z.ZodType<SignInResponse>;

export const enrolmentResponseSchema = z.strictObject({ otpauthUri: z.string(), secret: z.string(), recoveryCodes: z.array(z.string()) }) satisfies z.ZodType<EnrolmentResponse>;

export const recoveryCodesResponseSchema = z.strictObject({ recoveryCodes: z.array(z.string()) }) satisfies z.ZodType<RecoveryCodesResponse>;

/** `POST /api/manage/account/step-up`: when the code was given (the step-up lasts 15 minutes from then). */
export const stepUpResponseSchema = z.strictObject({ verifiedAt: z.string() });

export const accountResponseSchema = z.strictObject({
  user: staffUserSchema,
  sessions: z.array(
    z.strictObject({ id: z.string(), current: z.boolean(), userAgent: z.string().nullable(), ipAddress: z.string().nullable(), lastActiveAt: z.string(), signedInAt: z.string() }),
  ),
  twoFactor: z.strictObject({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
  alertEmails: z.boolean().nullable(),
}) satisfies z.ZodType<AccountResponse>;

export const staffUserRowSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(staffRoles),
    suspended: z.boolean(),
    notificationEnabled: z.boolean(),
    priorityFulfiller: z.boolean(),
    activeOrders: z.number().int(),
    signInLocked: z.boolean(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffUserRow' }) satisfies z.ZodType<StaffUserRow>;

export const usersResponseSchema = z.strictObject({ users: z.array(staffUserRowSchema) }) satisfies z.ZodType<UsersResponse>;
export const userResponseSchema = z.strictObject({ user: staffUserRowSchema }) satisfies z.ZodType<UserResponse>;

/** An account's or a session's id in the address. */
export const staffIdParamsSchema = z.strictObject({ id: z.string() });
