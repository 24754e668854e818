import { and, asc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { orderCounters, user, type Db, storedValuesOfGroup } from '#server/db/index.ts';
import { listedRole } from '#shared/staff/roles.ts';
import type { StaffUserRow } from '#shared/staff/users.ts';
import { signInThrottle, twoFactorThrottle } from '../sign-in/sign-in-throttle';

/** Whether strangers' guesses hold the account's sign-in back now (see `isSignInLocked`). */
const signInLocked = sql<boolean>`exists (
  select 1 from rate_limit_hits hits
  where hits.reset_at > now()
    and ((hits.key = 'sign-in|account|' || lower(${user.email}) and hits.count > ${signInThrottle.maxChecksPerAccount})
      or (starts_with(hits.key, 'sign-in|pair|' || lower(${user.email}) || '|') and hits.count > ${signInThrottle.maxChecksPerAccountAndAddress})
      or (hits.key = 'two-factor|account|' || lower(${user.email}) and hits.count > ${twoFactorThrottle.maxChecksPerAccount})))`;

/** Every account, by name, with its open assigned orders read from the maintained counters in the same query. */
export async function findUsers(db: Db, where?: SQL): Promise<StaffUserRow[]> {
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      banned: user.banned,
      notificationEnabled: user.notificationEnabled,
      priorityFulfiller: user.priorityFulfiller,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      // A few counter rows per member (one per open status and priority), whatever the number of orders.
      activeOrders: sql<number>`(select coalesce(sum(${orderCounters.orders}), 0)::int from ${orderCounters} where ${and(
        eq(orderCounters.assignee, user.id),
        notInArray(orderCounters.status, storedValuesOfGroup('closed')),
      )})`,
      signInLocked,
    })
    .from(user)
    .where(where)
    // Case-insensitive, so the order is the same under any database collation.
    .orderBy(asc(sql`lower(${user.name})`), asc(user.email));

  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: listedRole(row.role),
    suspended: row.banned,
    notificationEnabled: row.notificationEnabled,
    priorityFulfiller: row.priorityFulfiller,
    activeOrders: Number(row.activeOrders),
    signInLocked: Boolean(row.signInLocked),
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One account as the users table shows it, or null. */
export async function getUserRow(db: Db, id: string): Promise<StaffUserRow | null> {
  const [row] = await findUsers(db, eq(user.id, id));
  return row ?? null;
}
