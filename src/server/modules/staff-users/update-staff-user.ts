import { and, eq, ne } from 'drizzle-orm';
import { session, user } from '../../db/schema';
import { recordAudit } from '../../audit/audit-log';
import { AppError } from '../../plugins/errors';
import type { StaffUserRow, UpdateUser } from '../../../shared/staff/users';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { permissionsOf } from '../../../shared/staff/permissions';
import { isUniqueViolation, withAuthErrors } from './auth-errors';
import { assertEmailFree, emailTakenError } from './create-staff-user';
import { getUserRow } from './find-users';
import type { StaffAction } from './staff-action';

type EditableField = 'name' | 'email' | 'role' | 'notificationEnabled' | 'priorityFulfiller';
const editableFields: EditableField[] = ['name', 'email', 'role', 'notificationEnabled', 'priorityFulfiller'];

/**
 * Saves the user dialog. The plain columns (role included: the schema allows only the two roles the
 * auth is configured with) change in one transaction with their audit row; suspension goes through
 * Better Auth, which ends the sessions of a suspended user; a non-blank password is set through it
 * too, and the user's other sessions end.
 */
export async function updateStaffUser(action: StaffAction, id: string, input: UpdateUser): Promise<StaffUserRow> {
  const { auth, database, headers, actor, sessionId, ipAddress } = action;
  const { db } = database;
  const self = id === actor.id;
  if (self && input.suspended) throw new AppError('bad_request', staffMessages.cannotSuspendSelf);
  if (self && !permissionsOf(input.role).includes('users:manage')) throw new AppError('bad_request', staffMessages.cannotDemoteSelf);

  const [existing] = await db.select().from(user).where(eq(user.id, id));
  if (!existing) throw new AppError('not_found', staffMessages.userNotFound);
  if (input.email !== existing.email) await assertEmailFree(db, input.email, id);

  const changed = editableFields.filter((field) => input[field] !== existing[field]);
  if (changed.length > 0) {
    const values = Object.fromEntries(changed.map((field) => [field, input[field]]));
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(user.id, id));
        await recordAudit(tx, {
          actor,
          action: 'user_updated',
          target: `user:${id}`,
          detail: {
            changed,
            ...(changed.includes('role') ? { role: { from: existing.role, to: input.role } } : {}),
            ...(changed.includes('email') ? { email: { from: existing.email, to: input.email } } : {}),
          },
          ipAddress,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTakenError();
      throw error;
    }
  }

  if (input.suspended && !existing.banned) {
    await withAuthErrors(staffMessages.saveUserFailed, () => auth.api.banUser({ headers, body: { userId: id } }));
    await recordAudit(db, { actor, action: 'user_suspended', target: `user:${id}`, ipAddress });
  } else if (!input.suspended && existing.banned) {
    await withAuthErrors(staffMessages.saveUserFailed, () => auth.api.unbanUser({ headers, body: { userId: id } }));
    await recordAudit(db, { actor, action: 'user_reactivated', target: `user:${id}`, ipAddress });
  }

  if (input.password !== '') {
    const newPassword = input.password;
    await withAuthErrors(staffMessages.updatePasswordFailed, () => auth.api.setUserPassword({ headers, body: { userId: id, newPassword } }));
    await db.transaction(async (tx) => {
      // Whoever knew the old password is signed out; an admin resetting their own keeps this session.
      await tx.delete(session).where(and(eq(session.userId, id), ne(session.id, sessionId)));
      await recordAudit(tx, { actor, action: 'user_password_reset', target: `user:${id}`, ipAddress });
    });
  }

  const row = await getUserRow(db, id);
  if (!row) throw new AppError('not_found', staffMessages.userNotFound);
  return row;
}
