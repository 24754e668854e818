import { eq } from 'drizzle-orm';
import { twoFactor, user as staffUsers, type Db } from '#server/db/index.ts';
import { can } from '#shared/staff/permissions.ts';
import type { AccountResponse } from '#shared/staff/account.ts';
import { countStoredRecoveryCodes } from '../auth/recovery-codes';
import type { StaffContext } from '../guard/staff-request';
import { findAccountSessions } from './find-account-sessions';

/** My account: the member, their live sessions, how many recovery codes they have left, and whether they get alert e-mails. */
export async function getAccount(db: Db, { user, sessionId, twoFactorEnabled }: StaffContext): Promise<AccountResponse> {
  const [stored] = await db.select({ backupCodes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, user.id));
  const [member] = await db.select({ alertEmails: staffUsers.alertEmails }).from(staffUsers).where(eq(staffUsers.id, user.id));
  return {
    user,
    sessions: await findAccountSessions(db, user.id, sessionId),
    twoFactor: { enabled: twoFactorEnabled, recoveryCodesLeft: twoFactorEnabled && stored ? countStoredRecoveryCodes(stored.backupCodes) : 0 },
    alertEmails: can(user, 'alerts:read') ? (member?.alertEmails ?? true) : null,
  };
}
