import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { session, type Db } from '#server/db/index.ts';
import type { AccountSession } from '#shared/staff/account.ts';

/** The member's live sessions, most recently active first, the current one marked. */
export async function findAccountSessions(db: Db, userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, ipAddress: session.ipAddress, updatedAt: session.updatedAt, createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt), desc(session.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    lastActiveAt: row.updatedAt.toISOString(),
    signedInAt: row.createdAt.toISOString(),
  }));
}
