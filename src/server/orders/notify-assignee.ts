import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../email/mailer';
import { assignmentEmail } from '../email/assignment-email';
import type { OrderPriority } from '../../shared/orders/statuses';
import { manageOrderUrl } from '../site-links';

export type NotifyAssigneeOptions = {
  mailer: Mailer;
  assignee: { name: string; email: string };
  order: { id: number; applicationId: string; priority: OrderPriority; dueDate: Date | null };
  /** The admin's name; null for auto-assignment. */
  assignedBy: string | null;
  /** `PUBLIC_URL` or the request's origin (see `siteOrigin`). */
  origin: string;
  log: FastifyBaseLogger;
};

/**
 * E-mails a staff member that an order is now theirs. The assignment stands whether or not the
 * e-mail goes out, so a failure is only logged (spec 02 section 4).
 */
export async function notifyAssignee({ mailer, assignee, order, assignedBy, origin, log }: NotifyAssigneeOptions): Promise<boolean> {
  const message = assignmentEmail({
    assigneeName: assignee.name,
    trackingNumber: order.applicationId,
    priority: order.priority,
    dueDate: order.dueDate,
    assignedBy,
    orderUrl: manageOrderUrl(origin, order.id),
  });
  try {
    await mailer.send({ to: assignee.email, ...message });
    return true;
  } catch (error) {
    // A mail server's message may quote the address, so only the order id and the error code are logged.
    log.error({ orderId: order.id, code: (error as { code?: unknown } | null)?.code }, 'assignment e-mail not sent');
    return false;
  }
}
