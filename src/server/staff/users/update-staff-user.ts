import { eq } from 'drizzle-orm';
import { user } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import type { StaffUserRow, UpdateUser } from '#shared/staff/users.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { permissionsOf } from '#shared/staff/permissions.ts';
import { isUniqueViolation } from './auth-errors';
import { hashPassword, setPasswordHash, setSuspended } from './account-rows';
import { assertEmailFree, emailTakenError } from './create-staff-user';
import { getUserRow } from './find-users';
import type { StaffAction } from './staff-action';

type EditableField = 'name' | 'email' | 'role' | 'notificationEnabled' | 'priorityFulfiller';
const editableFields: EditableField[] = ['name', 'email', 'role', 'notificationEnabled', 'priorityFulfiller'];

/**
 * Saves the user dialog. Each change commits with its audit row: the plain columns (role included:
 * the schema allows only the two roles the auth is configured with); a suspension, which ends the
 * user's sessions; a non-blank password, which ends their other sessions.
 */
export async function updateStaffUser(action: StaffAction, id: string, input: UpdateUser): Promise<StaffUserRow> {
  const { database, actor, sessionId, ipAddress } = action;
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

  if (input.suspended !== existing.banned) {
    await db.transaction(async (tx) => {
      await setSuspended(tx, id, input.suspended);
      await recordAudit(tx, { actor, action: input.suspended ? 'user_suspended' : 'user_reactivated', target: `user:${id}`, ipAddress });
    });
  }

  if (input.password !== '') {
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      // Whoever knew the old password is signed out; an admin resetting their own keeps this session.
      // A password an admin set for someone else is replaced by its owner at their next sign-in.
      await setPasswordHash(tx, id, passwordHash, sessionId, id !== actor.id);
      await recordAudit(tx, { actor, action: 'user_password_reset', target: `user:${id}`, ipAddress });
    });
  }

  const row = await getUserRow(db, id);
  if (!row) throw new AppError('not_found', staffMessages.userNotFound);
  return row;
}
