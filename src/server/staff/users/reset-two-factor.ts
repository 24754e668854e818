import { eq } from 'drizzle-orm';
import { user } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { twoFactorMessages } from '#shared/staff/two-factor.ts';
import type { StaffUserRow } from '#shared/staff/users.ts';
import { clearTwoFactor } from './account-rows';
import { getUserRow } from './find-users';
import type { StaffAction } from './staff-action';

/**
 * An admin resets another member's two-factor sign-in (a lost or replaced phone): the authenticator
 * and recovery codes are removed and the member's sessions end, with the audit row, in one
 * transaction. The member sets it up again at their next sign-in. Nobody resets their own: that would
 * let a stolen session drop the second factor.
 */
export async function resetStaffTwoFactor({ database, actor, ipAddress }: StaffAction, id: string): Promise<StaffUserRow> {
  const { db } = database;
  if (id === actor.id) throw new AppError('bad_request', twoFactorMessages.cannotResetOwnTwoFactor);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  if (!existing) throw new AppError('not_found', staffMessages.userNotFound);
  await db.transaction(async (tx) => {
    const cleared = await clearTwoFactor(tx, id);
    if (!cleared) throw new AppError('conflict', twoFactorMessages.notEnrolled);
    await recordAudit(tx, { actor, action: 'two_factor_reset', target: `user:${id}`, ipAddress });
  });
  const row = await getUserRow(db, id);
  if (!row) throw new AppError('not_found', staffMessages.userNotFound);
  return row;
}
