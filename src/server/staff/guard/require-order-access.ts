import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, type Database } from '#server/db/index.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/audit/index.ts';
import { auditActorOf, staffOf } from './staff-request';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { canSeeOrder } from '#shared/staff/permissions.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The route's `:id` as a whole number; anything else is an order that does not exist. */
export function orderIdOf(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('not_found', staffMessages.orderNotFound);
  return id;
}

/** Records a fulfiller's attempt on an order that is not theirs, which they are told does not exist. */
async function auditHiddenOrder(database: Database, request: FastifyRequest, orderId: number): Promise<void> {
  await recordAudit(database.db, {
    actor: auditActorOf(request),
    action: 'access_denied',
    target: `order:${orderId}`,
    detail: { reason: 'not_assigned', route: `${request.method} ${request.routeOptions.url ?? request.url}` },
    ipAddress: request.ip,
  });
}

/**
 * The order the signed-in staff member may see: admins any, fulfillers only those assigned to them.
 * Anything else is the same 404 as a missing order, with no order data, and is audited.
 */
export async function requireOrderAccess(database: Database, request: FastifyRequest, id = orderIdOf(request)): Promise<OrderRow> {
  const { user } = staffOf(request);
  const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new AppError('not_found', staffMessages.orderNotFound);
  if (!canSeeOrder(user, order)) {
    await auditHiddenOrder(database, request, id);
    throw new AppError('not_found', staffMessages.orderNotFound);
  }
  return order;
}
