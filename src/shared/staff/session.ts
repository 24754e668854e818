import { z } from 'zod';
import { staffMessages } from './staff-messages';
import type { StaffRole } from './roles';

/** The longest password accepted anywhere (argon2 takes any length; this bounds the work). */
export const maxPasswordLength = 128;

/** `/manage/login` and `POST /api/manage/session`. */
export const signInSchema = z
  .object({
    email: z.string().trim().min(1, staffMessages.emailRequired).max(254, staffMessages.emailInvalid).pipe(z.email(staffMessages.emailInvalid)),
    password: z.string().min(1, staffMessages.passwordRequired).max(maxPasswordLength, staffMessages.passwordTooLong),
  })
  .strict();
export type SignIn = z.infer<typeof signInSchema>;

/** The signed-in staff member, as `GET /api/manage/session` answers it. */
export type StaffUser = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  notificationEnabled: boolean;
  priorityFulfiller: boolean;
};

/** The signed-in member alone; `SignedInSession` (two-factor.ts) adds what the session still has to do. */
export type SessionResponse = { user: StaffUser };

/** How long a staff session lives at most, and without any request. */
export const sessionLimits = {
  absoluteMs: 12 * 60 * 60 * 1000,
  idleMs: 30 * 60 * 1000,
} as const;

/** The guard's wait before sending a denied user back to the login page (spec 02 section 9). */
export const deniedRedirectDelayMs = 2000;
