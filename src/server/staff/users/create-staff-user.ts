import { and, eq, ne } from 'drizzle-orm';
import { user, type Db } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import type { CreateUser, StaffUserRow } from '#shared/staff/users.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { isUniqueViolation } from './auth-errors';
import { hashPassword, insertStaffAccount } from './account-rows';
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
 * Creates the account (argon2id hash, credential account, the switches and the suspension) and its
 * audit row in one transaction: an account never exists without the row saying who made it. A new
 * account has no session to end.
 */
export async function createStaffUser({ database, actor, ipAddress }: StaffAction, input: CreateUser): Promise<StaffUserRow> {
  const { db } = database;
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);

  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const created = await insertStaffAccount(tx, {
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash,
        banned: input.suspended,
        notificationEnabled: input.notificationEnabled,
        priorityFulfiller: input.priorityFulfiller,
        // The admin chose this password, so the member replaces it at their first sign-in.
        mustChangePassword: true,
      });
      await recordAudit(tx, {
        actor,
        action: 'user_created',
        target: `user:${created}`,
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
      return created;
    });
  } catch (error) {
    // Two admins adding the same e-mail at once: the second insert meets the unique index.
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  const row = await getUserRow(db, id);
  if (!row) throw new AppError('not_found', staffMessages.userNotFound);
  return row;
}
