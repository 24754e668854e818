import { eq } from 'drizzle-orm';
import { user } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { unlockSignIn } from '../sign-in/sign-in-throttle';
import { getUserRow } from './find-users';
import type { StaffAction } from './staff-action';
import type { StaffUserRow } from '#shared/staff/users.ts';

/**
 * Lets the account sign in again at once: its failed-attempt counters are forgotten (decision 018).
 * The counters and the audit row are written in one transaction.
 */
export async function unlockStaffUser({ database, actor, ipAddress }: StaffAction, id: string): Promise<StaffUserRow> {
  const { db } = database;
  const [existing] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
  if (!existing) throw new AppError('not_found', staffMessages.userNotFound);
  await db.transaction(async (tx) => {
    const counters = await unlockSignIn(tx, existing.email);
    await recordAudit(tx, { actor, action: 'account_unlocked', target: `user:${id}`, detail: { counters }, ipAddress });
  });
  const row = await getUserRow(db, id);
  if (!row) throw new AppError('not_found', staffMessages.userNotFound);
  return row;
}
