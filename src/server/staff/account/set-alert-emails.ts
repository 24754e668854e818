import { eq } from 'drizzle-orm';
import { user, type Db } from '#server/db/index.ts';
import type { AlertEmails } from '#shared/alerts/alerts.ts';

/** Turns the member's own alert e-mails on or off (My Account); answers the stored choice. */
export async function setAlertEmails(db: Db, memberId: string, { receive }: AlertEmails): Promise<{ alertEmails: boolean }> {
  await db.update(user).set({ alertEmails: receive, updatedAt: new Date() }).where(eq(user.id, memberId));
  return { alertEmails: receive };
}
