import { sql } from 'drizzle-orm';
import {
  auditLog,
  cancellationLinks,
  checkouts,
  customerDocumentLinks,
  emailOutbox,
  filings,
  orderComments,
  orderStatusHistory,
  orders,
  refunds,
  session,
  signingRequests,
  user,
  webhookEvents,
  type Db,
} from '#server/db/index.ts';

/**
 * What a request could have stored, in one string to compare before and after it: the main tables' row
 * counts and their last changes. Rate-limit hits and the audit rows of refused sign-ins are left out:
 * a refused call is meant to write them. `users` adds the staff accounts' last change.
 */
export async function storedRowsSnapshot(db: Db, { users = false }: { users?: boolean } = {}): Promise<string> {
  const counted = { checkouts, orders, orderStatusHistory, orderComments, refunds, signingRequests, cancellationLinks, customerDocumentLinks, filings, emailOutbox, user, session, webhookEvents };
  const counts: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(counted)) counts[name] = (await db.$count(table)) as unknown;
  const result = await db.execute(sql`
    select (select count(*) from ${auditLog} where action not like 'sign_in%') as audits,
           (select max(updated_at)::text from ${orders}) as orders_updated,
           (select max(updated_at)::text from ${checkouts}) as checkouts_updated,
           ${users ? sql`(select max(updated_at)::text from ${user})` : sql`null`} as users_updated`);
  return JSON.stringify({ counts, rest: 'rows' in result ? result.rows : result });
}
