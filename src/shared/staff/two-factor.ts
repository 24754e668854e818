import { z } from 'zod';
import { refuseUnstorableText } from '../storable-text';
import { maxPasswordLength, type StaffUser } from './session';
import { staffMessages } from './staff-messages';

// Two-factor sign-in for staff (decision 024): the code after the password, enrolment at the first
// sign-in, recovery codes, the step-up before an SSN or an SS-4, and what a session still has to do
// before the panel opens. The browser and the server read the same rules and messages from here.

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  codeWrong: 'That code is not correct. Check your authenticator app and try again.',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  recoveryCodeFormat: 'A recovery code looks like abcde-12345',
  recoveryCodeWrong: 'That recovery code is not correct, or it has been used already.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  signInTimedOut: 'Your sign-in has timed out. Please sign in again.',
  enrolmentRequired: 'Set up two-factor sign-in to continue.',
  alreadyEnrolled: 'Two-factor sign-in is already set up for this account.',
  enrolmentNotStarted: 'Start the set-up again: enter your password first.',
  passwordChangeRequired: 'Choose a new password to continue.',
  stepUpRequired: 'Enter a code from your authenticator app to continue.',
  cannotResetOwnTwoFactor: 'You cannot reset your own two-factor sign-in. Ask another admin.',
  notEnrolled: 'This member has not set up two-factor sign-in.',
  twoFactorReset: 'Two-factor sign-in reset. The member sets it up again at their next sign-in.',
  enrolled: 'Two-factor sign-in is set up.',
  recoveryCodesRegenerated: 'New recovery codes made. The old ones no longer work.',
} as const;

/** How long a code given in this browser lets the member reveal SSNs and download SS-4s. */
export const stepUpWindowMs = 15 * 60 * 1000;

/** Recovery codes made at enrolment and at each regeneration. */
export const recoveryCodeCount = 10;

const totpCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, twoFactorMessages.codeRequired).regex(/^\d{6}$/, twoFactorMessages.codeFormat));

const recoveryCode = z
  .string()
  .trim()
  .min(1, twoFactorMessages.recoveryCodeRequired)
  .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, twoFactorMessages.recoveryCodeFormat);

/** A code from the authenticator app (`/api/manage/account/two-factor/confirm`). */
export const totpCodeSchema = refuseUnstorableText(z.object({ code: totpCode }).strict());
export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

/**
 * The second factor at sign-in and at step-up: a code from the app, or one of the recovery codes
 * (`POST /api/manage/session/two-factor`, `POST /api/manage/account/step-up`).
 */
export const secondFactorSchema = refuseUnstorableText(z.union([z.object({ code: totpCode }).strict(), z.object({ recoveryCode }).strict()]));
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** The member's password, asked again before setting up the app or making new recovery codes. */
export const confirmPasswordSchema = refuseUnstorableText(
  z.object({ password: z.string().min(1, staffMessages.passwordRequired).max(maxPasswordLength, staffMessages.passwordTooLong) }).strict(),
);
export type ConfirmPassword = z.infer<typeof confirmPasswordSchema>;

/** What a signed-in session must still do before the panel opens. */
export type SessionRequirement = 'password_change' | 'two_factor_enrolment';

/** `GET /api/manage/session` and a completed sign-in. */
export type SignedInSession = {
  user: StaffUser;
  /** Null when the panel is open to this session. */
  required: SessionRequirement | null;
  twoFactorEnabled: boolean;
  /**
   * Until when a code given in this browser lets it reveal SSNs and download SS-4s; null when a code
   * must be given first. Absent when no code is asked (two-factor sign-in off and not set up).
   */
  stepUpUntil?: string | null;
};

/** Whether the session may reveal an SSN or download an SS-4 now without giving a code. */
export function hasFreshStepUp(session: Pick<SignedInSession, 'stepUpUntil'>, now = Date.now()): boolean {
  if (session.stepUpUntil === undefined) return true;
  // A few seconds' margin, so a download does not start just as the window closes.
  return session.stepUpUntil !== null && Date.parse(session.stepUpUntil) - 5000 > now;
}

/** `POST /api/manage/session`: signed in, or the password was right and the code is still to come. */
export type SignInResponse = SignedInSession | { twoFactorRequired: true };

/** `POST /api/manage/account/two-factor/enrolment`: what the authenticator app needs, and the recovery codes. */
export type EnrolmentResponse = {
  /** The `otpauth://` address the QR code holds. */
  otpauthUri: string;
  /** The same secret as text (base32), for typing into the app. */
  secret: string;
  recoveryCodes: string[];
};

/** `POST /api/manage/account/recovery-codes`. */
export type RecoveryCodesResponse = { recoveryCodes: string[] };

/** The secret (base32) an `otpauth://` address carries. */
export function secretOfOtpauthUri(uri: string): string {
  return new URL(uri).searchParams.get('secret') ?? '';
}
