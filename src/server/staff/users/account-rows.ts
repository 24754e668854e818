import { randomInt } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { account, session, twoFactor, user, type Db } from '#server/db/index.ts';
import { hashPassword } from '../auth/password';

// The rows Better Auth reads to sign a staff member in, written here inside the caller's transaction
// so that an account change and its audit row commit together or not at all (Better Auth's own admin
// calls commit on their own, before the audit row could be written). The shapes are Better Auth's:
// a user row, and a `credential` account holding the argon2id hash, as its e-mail sign-in reads them.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 32-character random id, as Better Auth makes them. */
export function newAuthId(): string {
  return Array.from({ length: 32 }, () => idAlphabet[randomInt(idAlphabet.length)]).join('');
}

export type NewAccount = {
  name: string;
  email: string;
  role: string;
  /** The argon2id hash, made before the transaction opens (hashing is slow). */
  passwordHash: string;
  banned: boolean;
  notificationEnabled: boolean;
  priorityFulfiller: boolean;
  /** The password was chosen by someone else: the member must choose a new one at their next sign-in. */
  mustChangePassword: boolean;
};

export async function insertStaffAccount(tx: Tx, input: NewAccount): Promise<string> {
  const id = newAuthId();
  const now = new Date();
  await tx.insert(user).values({
    id,
    name: input.name,
    email: input.email,
    emailVerified: false,
    role: input.role,
    banned: input.banned,
    notificationEnabled: input.notificationEnabled,
    priorityFulfiller: input.priorityFulfiller,
    mustChangePassword: input.mustChangePassword,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({ id: newAuthId(), accountId: id, providerId: 'credential', userId: id, password: input.passwordHash, createdAt: now, updatedAt: now });
  return id;
}

/** Suspends or reactivates; a suspended user's sessions end with it. */
export async function setSuspended(tx: Tx, id: string, suspended: boolean): Promise<void> {
  await tx.update(user).set({ banned: suspended, banReason: null, banExpires: null, updatedAt: new Date() }).where(eq(user.id, id));
  if (suspended) await tx.delete(session).where(eq(session.userId, id));
}

/**
 * Replaces the password hash and ends the user's sessions but `keepSessionId`. A password set for
 * someone else (`mustChange`) must be replaced by its owner at their next sign-in.
 */
export async function setPasswordHash(tx: Tx, id: string, passwordHash: string, keepSessionId: string, mustChange: boolean): Promise<void> {
  const now = new Date();
  await tx.update(user).set({ mustChangePassword: mustChange, updatedAt: now }).where(eq(user.id, id));
  const [updated] = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, id), eq(account.providerId, 'credential')))
    .returning();
  if (!updated) await tx.insert(account).values({ id: newAuthId(), accountId: id, providerId: 'credential', userId: id, password: passwordHash, createdAt: now, updatedAt: now });
  await tx.delete(session).where(and(eq(session.userId, id), ne(session.id, keepSessionId)));
}

export { hashPassword };

/**
 * Removes the member's authenticator and recovery codes and ends their sessions, so they enrol again
 * at their next sign-in. Answers whether they had enrolled (or begun to).
 */
export async function clearTwoFactor(tx: Tx, id: string): Promise<boolean> {
  const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, id)).returning();
  const [updated] = await tx
    .update(user)
    .set({ twoFactorEnabled: false, updatedAt: new Date() })
    .where(and(eq(user.id, id), eq(user.twoFactorEnabled, true)))
    .returning();
  await tx.delete(session).where(eq(session.userId, id));
  return removed.length > 0 || updated !== undefined;
}
