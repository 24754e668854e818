import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

// RFC 6238 codes, 6 digits, 30 seconds, as Better Auth checks them, for a secret written as text
// (base32, as the enrolment screen and the `otpauth://` address give it).

const periodSeconds = 30;

function otpOf(secret: string) {
  const raw = new TextDecoder().decode(base32.decode(secret.replace(/\s+/g, '').toUpperCase()));
  return createOTP(raw, { digits: 6, period: periodSeconds });
}

/** The steps of each secret whose code this test process has handed out. */
const usedSteps = new Map<string, Set<number>>();

/**
 * A code the authenticator app would accept now and that this process has not handed out before: the
 * panel accepts each code once (decision 038), so a test that gives codes through the routes twice
 * within 30 seconds gets the current step's code, then the next step's (also accepted now), and then
 * waits for the next step. For codes given to Better Auth directly (no claim), `currentTotpCodeOf`.
 */
export async function totpCodeOf(secret: string): Promise<string> {
  const used = usedSteps.get(secret) ?? new Set<number>();
  usedSteps.set(secret, used);
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 1000 / periodSeconds);
    const step = [current, current + 1].find((candidate) => !used.has(candidate));
    if (step !== undefined) {
      used.add(step);
      return otpOf(secret).hotp(step);
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * periodSeconds * 1000 - now + 50));
  }
}

/** The code the authenticator app shows now, for the calls to Better Auth that claim no code. */
export function currentTotpCodeOf(secret: string): Promise<string> {
  return otpOf(secret).totp();
}
