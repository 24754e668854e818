import { desc, eq, inArray, or } from 'drizzle-orm';
import { inboundFaxes, orders } from '../db';
import { companyNameOf } from '../orders';
import { can } from '#shared/staff/permissions.ts';
import type { InboundFaxStatus, InboxFax } from '#shared/filing/filing.ts';
import { findSuggestedOrders, type Suggestion } from './find-suggested-orders';
import type { FilingContext } from './filing-context';

type Viewer = { id: string; role: string | null };
type InboundRow = typeof inboundFaxes.$inferSelect;

/** The inbox keeps every fax still to be handled, and the last confirmed or set aside ones. */
const handledShown = 100;

function mayOpen(viewer: Viewer, fax: Pick<InboundRow, 'orderId'>, order: { assignedTo: string | null } | undefined, suggestions: Suggestion[]): boolean {
  if (can(viewer, 'fax-inbox:read-all')) return true;
  if (fax.orderId !== null) return order !== undefined && can(viewer, 'orders:read', order);
  return suggestions.some((suggestion) => suggestion.assignedTo === viewer.id);
}

/**
 * The Fax inbox: faxes received, newest first: those to match or confirm, then the last handled ones.
 * An admin sees them all; a fulfiller sees the faxes matched to their own orders and the unmatched
 * ones that may answer one of their orders.
 */
export async function listFaxInbox(context: Pick<FilingContext, 'db'>, viewer: Viewer): Promise<InboxFax[]> {
  const { db } = context;
  const open = await db
    .select()
    .from(inboundFaxes)
    .where(inArray(inboundFaxes.status, ['received', 'unmatched', 'matched']))
    .orderBy(desc(inboundFaxes.receivedAt), desc(inboundFaxes.id))
    .limit(500);
  const handled = await db
    .select()
    .from(inboundFaxes)
    .where(or(eq(inboundFaxes.status, 'confirmed'), eq(inboundFaxes.status, 'dismissed')))
    .orderBy(desc(inboundFaxes.receivedAt), desc(inboundFaxes.id))
    .limit(handledShown);
  const rows = [...open, ...handled];
  const orderIds = [...new Set(rows.map((row) => row.orderId).filter((id): id is number => id !== null))];
  const orderRows = orderIds.length
    ? await db.select({ id: orders.id, applicationId: orders.applicationId, formData: orders.formData, assignedTo: orders.assignedTo }).from(orders).where(inArray(orders.id, orderIds))
    : [];
  const ordersById = new Map(orderRows.map((row) => [row.id, row]));
  const suggestions = await findSuggestedOrders(context);
  return rows
    .filter((row) => mayOpen(viewer, row, row.orderId === null ? undefined : ordersById.get(row.orderId), suggestions))
    .map((row) => toInboxFax(row, row.orderId === null ? undefined : ordersById.get(row.orderId), suggestions, viewer));
}

function toInboxFax(
  row: InboundRow,
  order: { id: number; applicationId: string; formData: unknown } | undefined,
  suggestions: Suggestion[],
  viewer: Viewer,
): InboxFax {
  const open = row.status === 'unmatched' || row.status === 'matched' || row.status === 'received';
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    from: row.fromNumber,
    pages: row.pages,
    status: row.status as InboundFaxStatus,
    matchMethod: (row.matchMethod as InboxFax['matchMethod']) ?? null,
    order: order ? { id: order.id, applicationId: order.applicationId, companyName: companyNameOf(order.formData) } : null,
    ein: row.readEin,
    suggestions: open
      ? suggestions
          .filter((suggestion) => can(viewer, 'fax-inbox:read-all') || suggestion.assignedTo === viewer.id)
          .map(({ orderId, applicationId, companyName, sentAt }) => ({ orderId, applicationId, companyName, sentAt }))
      : [],
  };
}

/** One received fax, if `viewer` may open it (as the inbox lists it). */
export async function findInboxFax(context: Pick<FilingContext, 'db'>, viewer: Viewer, id: number): Promise<{ fax: InboxFax; row: InboundRow } | null> {
  const [row] = await context.db.select().from(inboundFaxes).where(eq(inboundFaxes.id, id));
  if (!row) return null;
  const [order] = row.orderId === null ? [] : await context.db.select({ id: orders.id, applicationId: orders.applicationId, formData: orders.formData, assignedTo: orders.assignedTo }).from(orders).where(eq(orders.id, row.orderId));
  const suggestions = await findSuggestedOrders(context);
  if (!mayOpen(viewer, row, order, suggestions)) return null;
  return { fax: toInboxFax(row, order, suggestions, viewer), row };
}
