import { asc, inArray } from 'drizzle-orm';
import { user, type Db } from '../db';
import { staffRoles, type StaffRole } from '#shared/staff/roles.ts';
import type { AssignableStaff } from '#shared/fulfilment/orders.ts';

/**
 * Everyone with a staff role, by name, for the Assign To select. Suspended members are included
 * (flagged) because an order may still be assigned to one and the select must show who. E-mails
 * only `withEmails` (for those who may manage users).
 */
export async function findAssignableStaff(db: Db, { withEmails }: { withEmails: boolean }): Promise<AssignableStaff[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned })
    .from(user)
    .where(inArray(user.role, [...staffRoles]))
    .orderBy(asc(user.name), asc(user.id));
  return rows.map((row) => ({ id: row.id, name: row.name, ...(withEmails ? { email: row.email } : {}), role: row.role as StaffRole, suspended: row.banned }));
}
