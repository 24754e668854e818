import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { user } from '../../db/schema';
import { recordAudit } from '../../audit/audit-log';
import { AppError } from '../../plugins/errors';
import type { CreateUser, StaffUserRow } from '../../../shared/staff/users';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { isUniqueViolation, withAuthErrors } from './auth-errors';
import { getUserRow } from './find-users';
import type { StaffAction } from './staff-action';

export const emailTakenError = () => new AppError('conflict', staffMessages.emailTaken, { email: [staffMessages.emailTaken] });

/** A 409 when another account (not `exceptId`) already has this e-mail. */
export async function assertEmailFree(db: Db, email: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(exceptId ? and(eq(user.email, email), ne(user.id, exceptId)) : eq(user.email, email));
  if (taken) throw emailTakenError();
}

/**
 * Creates the account through Better Auth (argon2id hash, credential account), with the switches and
 * the suspension written in the same insert: a new account has no session to end.
 */
export async function createStaffUser({ auth, database, headers, actor, ipAddress }: StaffAction, input: CreateUser): Promise<StaffUserRow> {
  const { db } = database;
  await assertEmailFree(db, input.email);

  let created;
  try {
    created = await withAuthErrors(staffMessages.createAdminFailed, () =>
      auth.api.createUser({
        headers,
        body: {
          email: input.email,
          password: input.password,
          name: input.name,
          role: input.role,
          data: { notificationEnabled: input.notificationEnabled, priorityFulfiller: input.priorityFulfiller, banned: input.suspended },
        },
      }),
    );
  } catch (error) {
    // Two admins adding the same e-mail at once: the second insert meets the unique index.
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }

  const id = created.user.id;
  await recordAudit(db, {
    actor,
    action: 'user_created',
    target: `user:${id}`,
    detail: {
      email: input.email,
      name: input.name,
      role: input.role,
      suspended: input.suspended,
      notificationEnabled: input.notificationEnabled,
      priorityFulfiller: input.priorityFulfiller,
    },
    ipAddress,
  });
  const row = await getUserRow(db, id);
  if (!row) throw new AppError('not_found', staffMessages.userNotFound);
  return row;
}
