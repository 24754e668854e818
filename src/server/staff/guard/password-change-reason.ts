import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLog, type Db } from '#server/db/index.ts';
import type { PasswordChangeReason, SignedInSession } from '#shared/staff/two-factor.ts';

// Why a member must choose a new password, read from the audit trail: the latest row that gave them a
// password someone else knows (created or reset by an admin, on the first start or by the staff
// command) or found theirs too weak under the password rule.

const passwordEvents = ['user_created', 'user_password_reset', 'password_change_required'] as const;

export async function passwordChangeReasonOf(db: Db, userId: string): Promise<PasswordChangeReason> {
  const [latest] = await db
    .select({ action: auditLog.action, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.target, `user:${userId}`), inArray(auditLog.action, [...passwordEvents])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (latest?.action === 'password_change_required') return 'refused_by_rule';
  // Outside the Users screen a password is asked to be changed only when it was generated.
  if (latest?.detail?.via === 'first start') return 'generated_at_start_up';
  if (latest?.detail?.via === 'command line') return 'generated_by_command';
  return 'set_by_admin';
}

/** The session answer with, when it must change its password, the reason the first sign-in says. */
export async function withPasswordChangeReason<T extends Pick<SignedInSession, 'required' | 'passwordChange'>>(db: Db, userId: string, session: T): Promise<T> {
  if (session.required !== 'password_change') return session;
  return { ...session, passwordChange: await passwordChangeReasonOf(db, userId) };
}
