import { z } from 'zod';
import { maxPasswordLength, type StaffUser } from './session';
import { passwordProblem } from './password-rule';
import { staffMessages } from './staff-messages';

/** `POST /api/manage/account/password` and My account's Change Password: the same rules as creation. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, staffMessages.currentPasswordRequired).max(maxPasswordLength, staffMessages.passwordTooLong),
    newPassword: z
      .string()
      .min(1, staffMessages.newPasswordRequired)
      .superRefine((value, context) => {
        // The member's own e-mail and name are checked by the screen and the server, which know them.
        const problem = passwordProblem(value, {});
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict()
  .refine((value) => value.currentPassword !== value.newPassword, { path: ['newPassword'], message: staffMessages.newPasswordSameAsCurrent });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** One signed-in browser of the member. */
export type AccountSession = {
  id: string;
  /** The session making this request. */
  current: boolean;
  /** The browser's user agent as sent, or null. */
  userAgent: string | null;
  ipAddress: string | null;
  /** When the session was last refreshed (at most a minute stale). */
  lastActiveAt: string;
  signedInAt: string;
};

/** `GET /api/manage/account`. */
export type AccountResponse = {
  user: StaffUser;
  sessions: AccountSession[];
  /** Two-factor sign-in: set up or not, and how many unused recovery codes are left. */
  twoFactor: { enabled: boolean; recoveryCodesLeft: number };
  /** Whether the member receives the alert e-mails; null for a role that gets no alerts. */
  alertEmails: boolean | null;
};

/** A short device name from a user agent: "Firefox on Windows", or "Unknown device". */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
