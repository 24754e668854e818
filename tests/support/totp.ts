import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * The code an authenticator app shows now for a secret written as text (base32, as the enrolment
 * screen and the `otpauth://` address give it): RFC 6238, 6 digits, 30 seconds, as Better Auth checks.
 */
export function totpCodeOf(secret: string): Promise<string> {
  const raw = new TextDecoder().decode(base32.decode(secret.replace(/\s+/g, '').toUpperCase()));
  return createOTP(raw, { digits: 6, period: 30 }).totp();
}
