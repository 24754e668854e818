import { and, eq } from 'drizzle-orm';
import { session, type Db } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import type { StaffContext } from '../guard/staff-request';

/**
 * Signs out one of the member's other sessions (another browser), with its audit row. The current
 * session is ended by signing out; someone else's session is the same 404 as a missing one.
 */
export async function revokeSession({ db, staff, sessionId, ipAddress }: { db: Db; staff: StaffContext; sessionId: string; ipAddress: string }): Promise<void> {
  const { user } = staff;
  if (sessionId === staff.sessionId) throw new AppError('bad_request', staffMessages.cannotRevokeCurrentSession);
  await db.transaction(async (tx) => {
    const own = and(eq(session.id, sessionId), eq(session.userId, user.id));
    const [found] = await tx.select({ id: session.id }).from(session).where(own).for('update');
    if (!found) throw new AppError('not_found', staffMessages.sessionNotFound);
    await tx.delete(session).where(own);
    await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'session_revoked', target: `user:${user.id}`, detail: { session: sessionId }, ipAddress });
  });
}
