import { eq } from 'drizzle-orm';
import { twoFactor, type Db } from '#server/db/index.ts';
import type { AccountResponse } from '#shared/staff/account.ts';
import { countStoredRecoveryCodes } from '../auth/recovery-codes';
import type { StaffContext } from '../guard/staff-request';
import { findAccountSessions } from './find-account-sessions';

/** My account: the member, their live sessions and how many recovery codes they have left. */
export async function getAccount(db: Db, { user, sessionId, twoFactorEnabled }: StaffContext): Promise<AccountResponse> {
  const [stored] = await db.select({ backupCodes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, user.id));
  return {
    user,
    sessions: await findAccountSessions(db, user.id, sessionId),
    twoFactor: { enabled: twoFactorEnabled, recoveryCodesLeft: twoFactorEnabled && stored ? countStoredRecoveryCodes(stored.backupCodes) : 0 },
  };
}
