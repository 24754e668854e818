import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { twoFactor, twoFactorCodeClaims, type Db } from '#server/db/index.ts';
import type { StaffAuth } from './create-staff-auth';

// One use per authenticator code (decision 038). Better Auth accepts a code for its own 30-second step
// and the steps either side, and would accept it again within those 90 seconds; the panel claims each
// right code first, by its (member, code, step) row, and a code already claimed counts as wrong.

/** The codes' period in seconds and the steps either side that are accepted, as Better Auth checks them. */
export const totpPeriodSeconds = 30;
const acceptedStepsEitherSide = 1;

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The 30-second step for which `code` is the member's code now (this step or one either side), or null
 * when it is not a code of theirs at all (then Better Auth refuses and counts it as usual).
 */
export async function matchingTotpStep(auth: StaffAuth, db: Db, memberId: string, code: string, now: Date = new Date()): Promise<number | null> {
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, memberId));
  if (!row?.secret) return null;
  const context = await auth.$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  const otp = createOTP(secret, { digits: 6, period: totpPeriodSeconds });
  const current = Math.floor(now.getTime() / 1000 / totpPeriodSeconds);
  let matched: number | null = null;
  // Every candidate is computed and compared, so the time taken does not say which step matched.
  for (let offset = -acceptedStepsEitherSide; offset <= acceptedStepsEitherSide; offset += 1) {
    if (sameCode(code, await otp.hotp(current + offset)) && matched === null) matched = current + offset;
  }
  return matched;
}

/**
 * Claims the member's code for its step: true for the one caller that inserted the row, false for
 * every other, whatever the number of processes (the primary key decides, in one statement).
 */
export async function claimTotpCode(db: Db, memberId: string, code: string, timeStep: number): Promise<boolean> {
  const claimed = await db.insert(twoFactorCodeClaims).values({ userId: memberId, code, timeStep }).onConflictDoNothing().returning();
  return claimed.length === 1;
}
