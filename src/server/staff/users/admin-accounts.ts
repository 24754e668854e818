import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { account, session, user, type Database } from '#server/db/index.ts';
import { hashPassword } from '../auth/password';
import { recordAudit } from '#server/audit/index.ts';
import { clearTwoFactor, insertStaffAccount } from './account-rows';

// The admin accounts made outside the panel: the first one on the first start, and any made or reset
// from the command line (`npm run staff -- create-admin`).

export const defaultAdminEmail = 'admin@example.com';
export const defaultAdminName = 'Administrator';

/** Without a name, a new account is called `defaultAdminName` and an existing one keeps its own. */
export type AdminAccount = {
  email: string;
  name?: string;
  password: string;
  /** The password was generated (printed once): the admin chooses their own at the first sign-in. */
  generated?: boolean;
};

/**
 * Makes `email` an active admin with this password: a new account, or an existing one promoted,
 * reactivated and given the new password (its sessions end). Answers whether it was created.
 */
export async function createOrResetAdmin(
  database: Database,
  admin: AdminAccount,
  via: 'command line' | 'first start' = 'command line',
): Promise<'created' | 'reset'> {
  const email = admin.email.trim().toLowerCase();
  const { db } = database;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const passwordHash = await hashPassword(admin.password);
  if (!existing) {
    // The account and its audit row in one transaction, like the Users screen's.
    await db.transaction(async (tx) => {
      const id = await insertStaffAccount(tx, {
        name: admin.name ?? defaultAdminName,
        email,
        role: 'admin',
        passwordHash,
        banned: false,
        notificationEnabled: true,
        priorityFulfiller: false,
        mustChangePassword: admin.generated ?? false,
      });
      await recordAudit(tx, { actor: null, action: 'user_created', target: `user:${id}`, detail: { role: 'admin', via } });
    });
    return 'created';
  }

  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({
        role: 'admin',
        banned: false,
        banReason: null,
        banExpires: null,
        mustChangePassword: admin.generated ?? false,
        ...(admin.name ? { name: admin.name } : {}),
        updatedAt: new Date(),
      })
      .where(eq(user.id, existing.id));
    const updated = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(account.userId, existing.id), eq(account.providerId, 'credential')))
      .returning();
    if (updated.length === 0) {
      await tx.insert(account).values({ id: randomBytes(16).toString('hex'), userId: existing.id, accountId: existing.id, providerId: 'credential', password: passwordHash });
    }
    await tx.delete(session).where(eq(session.userId, existing.id));
    await recordAudit(tx, { actor: null, action: 'user_password_reset', target: `user:${existing.id}`, detail: { role: 'admin', via } });
    // The way back in for an admin who lost their authenticator: they enrol again at the next sign-in.
    if (await clearTwoFactor(tx, existing.id)) {
      await recordAudit(tx, { actor: null, action: 'two_factor_reset', target: `user:${existing.id}`, detail: { via } });
    }
  });
  return 'reset';
}

/** A password of 20 characters from a CSPRNG, easy to copy (no look-alike characters). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * On a database with no staff account, creates the first admin from `ADMIN_EMAIL`/`ADMIN_PASSWORD`,
 * or with a generated password. Answers the credentials to print once, or null when nothing was made.
 */
export async function ensureFirstAdmin(
  database: Database,
  { email, password }: { email?: string; password?: string },
): Promise<{ email: string; password: string; generated: boolean } | null> {
  const [row] = await database.db.select({ total: count() }).from(user);
  if ((row?.total ?? 0) > 0) return null;
  const admin = { email: email ?? defaultAdminEmail, name: defaultAdminName, password: password ?? generatePassword(), generated: !password };
  await createOrResetAdmin(database, admin, 'first start');
  return { email: admin.email.toLowerCase(), password: admin.password, generated: !password };
}
