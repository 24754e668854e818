import type { Db } from '../db';
import { assignmentEmail } from './assignment-email';
import { enqueueEmail } from '../email';
import type { OrderPriority } from '#shared/orders/lifecycle.ts';
import { manageOrderUrl } from '../http';

export type QueueAssigneeNoticeOptions = {
  assignee: { name: string; email: string };
  order: { id: number; applicationId: string; priority: OrderPriority; dueDate: Date | null };
  /** The admin's name; null for auto-assignment. */
  assignedBy: string | null;
  /** `PUBLIC_URL` or the request's origin (see `siteOrigin`). */
  origin: string;
};

/**
 * Queues, in the assignment's transaction, the e-mail telling a staff member that an order is now
 * theirs. The assignment stands whether or not it goes out (spec 02 section 4); the outbox retries it.
 */
export function queueAssigneeNotice(tx: Pick<Db, 'insert'>, { assignee, order, assignedBy, origin }: QueueAssigneeNoticeOptions): Promise<number> {
  const message = assignmentEmail({
    assigneeName: assignee.name,
    trackingNumber: order.applicationId,
    priority: order.priority,
    dueDate: order.dueDate,
    assignedBy,
    orderUrl: manageOrderUrl(origin, order.id),
  });
  return enqueueEmail(tx, { kind: 'assignment', orderId: order.id, to: assignee.email, ...message });
}
