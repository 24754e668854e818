import { sql } from 'drizzle-orm';
import { orders, user, type Db, storedValuesOfGroup } from '../db';
import { recordAudit } from '../audit';
import { orderWorkingRoles } from '#shared/staff/permissions.ts';

export type AutoAssignee = { id: string; name: string; email: string; notificationEnabled: boolean };

/** Any fixed number: it names the lock that lines up concurrent auto-assignments. */
const autoAssignLockKey = 4_710_301;

/**
 * Gives a newly paid order to the active priority fulfiller with the fewest active orders (ties by
 * name, then id), inside the transaction that creates the order; none, and it stays unassigned
 * (DESIGN 8). A transaction-scoped lock lines up orders paid at the same moment, so each one counts
 * the orders the previous one just assigned and the work is spread rather than piled on one person.
 */
export async function autoAssignOrder(tx: Pick<Db, 'execute' | 'insert'>, orderId: number): Promise<AutoAssignee | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${autoAssignLockKey})`);
  const finished = sql.join(
    storedValuesOfGroup('closed').map((status) => sql`${status}`),
    sql`, `,
  );
  const roles = sql.join(
    orderWorkingRoles.map((role) => sql`${role}`),
    sql`, `,
  );
  const result = await tx.execute<{ id: string; name: string; email: string; notification_enabled: boolean }>(sql`
    with chosen as (
      select u.id, u.name, u.email, u.notification_enabled
      from ${user} u
      where u.priority_fulfiller and not u.banned and u.role in (${roles})
      order by
        (select count(*) from ${orders} o where o.assigned_to = u.id and o.status not in (${finished})),
        u.name,
        u.id
      limit 1
    )
    update ${orders} set assigned_to = chosen.id, assigned_at = now()
    from chosen
    where ${orders}.id = ${orderId}
    returning chosen.id, chosen.name, chosen.email, chosen.notification_enabled
  `);
  const chosen = result.rows[0];
  if (!chosen) return null;
  await recordAudit(tx, { actor: null, action: 'order_auto_assigned', target: `order:${orderId}`, detail: { assignedTo: chosen.id } });
  return { id: chosen.id, name: chosen.name, email: chosen.email, notificationEnabled: chosen.notification_enabled };
}
