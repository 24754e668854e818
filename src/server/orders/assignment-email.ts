import { escapeHtml, htmlEmail, type MailMessage } from '../email';
import { orderPriorityLabels, type OrderPriority } from '#shared/orders/lifecycle.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { businessTimeZone } from '#shared/dates.ts';

export type AssignmentEmailDetails = {
  /** The staff member the order is now assigned to. */
  assigneeName: string;
  trackingNumber: string;
  priority: OrderPriority;
  dueDate: Date | null;
  /** Who assigned it; null when it was assigned automatically to a priority fulfiller. */
  assignedBy: string | null;
  /** The order's page in the staff panel. */
  orderUrl: string;
};

// Staff read due dates in the business calendar's zone (decision 033), named, as the panel shows them.
const unsubscribeNote = 'You get these e-mails because notifications are on for your account; an admin can turn them off on the Users page.';

/**
 * Tells a staff member an order is now theirs. It carries the order number and a link to the panel,
 * which asks them to sign in; nothing of the application itself travels by e-mail.
 */
export function assignmentEmail(details: AssignmentEmailDetails): Omit<MailMessage, 'to'> {
  const { assigneeName, trackingNumber, orderUrl, assignedBy } = details;
  const subject = `Order ${trackingNumber} has been assigned to you`;
  const how = assignedBy ? `${assignedBy} assigned it to you.` : 'It was assigned to you automatically as a priority fulfiller.';
  const priority = orderPriorityLabels[details.priority];
  const dueDate = details.dueDate ? formatCustomerTime(details.dueDate, businessTimeZone) : null;

  const text = [
    `Hello ${assigneeName},`,
    '',
    `Order ${trackingNumber} is now yours to work. ${how}`,
    '',
    `Order number: ${trackingNumber}`,
    `Priority: ${priority}`,
    ...(dueDate ? [`Due: ${dueDate}`] : []),
    '',
    `Open the order: ${orderUrl}`,
    '',
    unsubscribeNote,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service: Management Panel',
    heading: 'An order has been assigned to you',
    footer: unsubscribeNote,
    body: `<p style="margin:0 0 16px">Hello ${e(assigneeName)},</p>
<p style="margin:0 0 16px">Order <strong>${e(trackingNumber)}</strong> is now yours to work. ${e(how)}</p>
<p style="margin:0 0 4px">Order number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>
<p style="margin:0 0 ${dueDate ? '4px' : '16px'}">Priority: <strong>${e(priority)}</strong></p>
${dueDate ? `<p style="margin:0 0 16px">Due: <strong>${e(dueDate)}</strong></p>\n` : ''}<p style="margin:0 0 16px"><a href="${e(orderUrl)}" style="color:#1d4ed8">Open the order</a></p>`,
  });

  return { subject, text, html };
}
