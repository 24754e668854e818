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
  // One statement, not one a table: the fuzz tests take this before and after each of thousands of requests.
  const counts = sql.join(
    Object.entries(counted).map(([name, table]) => sql`(select count(*) from ${table})::int as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select ${counts},
           (select count(*) from ${auditLog} where action not like 'sign_in%') as audits,
           (select max(updated_at)::text from ${orders}) as orders_updated,
           (select max(updated_at)::text from ${checkouts}) as checkouts_updated,
           ${users ? sql`(select max(updated_at)::text from ${user})` : sql`null`} as users_updated`);
  return JSON.stringify('rows' in result ? result.rows : result);
}
