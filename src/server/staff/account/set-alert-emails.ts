import { eq } from 'drizzle-orm';
import { user, type Db } from '#server/db/index.ts';
import { recordAudit } from '#server/audit/index.ts';
import type { AlertEmails } from '#shared/alerts/alerts.ts';
import type { StaffUser } from '#shared/staff/session.ts';

/**
 * Turns the member's own alert e-mails on or off (My Account), with its audit row in the same
 * transaction: an admin who stops hearing of alerts is on the record. Answers the stored choice.
 */
export async function setAlertEmails(db: Db, member: Pick<StaffUser, 'id' | 'email'>, { receive }: AlertEmails, ipAddress: string): Promise<{ alertEmails: boolean }> {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ alertEmails: receive, updatedAt: new Date() }).where(eq(user.id, member.id));
    await recordAudit(tx, { actor: { id: member.id, email: member.email }, action: 'alert_emails_changed', target: `user:${member.id}`, detail: { receive }, ipAddress });
  });
  return { alertEmails: receive };
}
