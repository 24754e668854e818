import { asc, eq } from 'drizzle-orm';
import { baseLocale, isLocale } from '#shared/i18n/locales.ts';
import type { FastifyBaseLogger } from 'fastify';
import { orders, orderStatusHistory, user, type Db } from '../db';
import { readOrderSsn, type FieldCipher } from '../encryption';
import { asksForReason, normalizeOrderPriority, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { isSystemChanger } from '#shared/orders/status-changers.ts';
import { maskSsn, type Ss4Designee } from '#shared/ss4/ss4-mapping.ts';
import type { OrderDetail, StatusHistoryEntry } from '#shared/fulfilment/orders.ts';
import { ssnFields } from '#shared/application/contact.ts';
import { describeSigning } from '../signing';
import { findOrderPayments } from '../refunds';
import { findPossibleDuplicates } from '../orders';
import { describeOrderFiling } from '../filing';

export type GetOrderDetailOptions = { db: Db; cipher: FieldCipher; orderId: number; log: FastifyBaseLogger; designee?: Ss4Designee | null };

/** The stored application with each SSN (`ssnFields`) replaced by its masked form, or null when none can be read. */
function withMaskedSsns(formData: unknown, cipher: FieldCipher, orderId: number, log: FastifyBaseLogger): Record<string, unknown> {
  const application = formData !== null && typeof formData === 'object' ? (formData as Record<string, unknown>) : {};
  const contact = application.contact;
  if (contact === null || typeof contact !== 'object') return application;

  const masked: Record<string, unknown> = { ...contact };
  for (const field of ssnFields) {
    if (!(field in contact)) continue;
    const ssn = readOrderSsn(application, cipher, field);
    if (ssn.kind === 'unreadable') log.warn({ orderId, field }, 'an SSN of the order could not be decrypted; shown as missing');
    masked[field] = ssn.kind === 'readable' ? maskSsn(ssn.plain) || null : null;
  }
  return { ...application, contact: masked };
}

/**
 * The order as the detail page shows it, the caller having checked that the viewer may see it:
 * statuses read through the legacy mapping, the SSN masked, the history oldest first with names.
 */
export async function getOrderDetail({ db, cipher, orderId, log, designee = null }: GetOrderDetailOptions): Promise<OrderDetail | null> {
  const [row] = await db
    .select({ order: orders, assignee: { id: user.id, name: user.name, email: user.email } })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.assignedTo))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { order, assignee } = row;

  const history = await db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      changedAt: orderStatusHistory.changedAt,
      changerId: user.id,
      changerName: user.name,
      changedByCustomer: orderStatusHistory.changedByCustomer,
      changedBySystem: orderStatusHistory.changedBySystem,
    })
    .from(orderStatusHistory)
    .leftJoin(user, eq(user.id, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));

  const statusHistory: StatusHistoryEntry[] = history.map((entry) => ({
    fromStatus: entry.fromStatus === null ? null : normalizeOrderStatus(entry.fromStatus),
    toStatus: normalizeOrderStatus(entry.toStatus),
    changedAt: entry.changedAt.toISOString(),
    changedBy: entry.changerId && entry.changerName !== null ? { id: entry.changerId, name: entry.changerName } : null,
    ...(entry.changedByCustomer ? { changedByCustomer: true } : {}),
    ...(entry.changedBySystem === null ? {} : { changedBySystem: isSystemChanger(entry.changedBySystem) ? entry.changedBySystem : 'system' }),
  }));

  return {
    id: order.id,
    applicationId: order.applicationId,
    billingEmail: order.billingEmail,
    // Written by the checkout from the page's language; anything else would be an English order of old.
    locale: isLocale(order.locale) ? order.locale : baseLocale,
    amountCents: order.amount,
    currency: order.currency,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    status: normalizeOrderStatus(order.status),
    priority: normalizeOrderPriority(order.priority),
    assignee: assignee && assignee.id ? { id: assignee.id, name: assignee.name, email: assignee.email } : null,
    assignedAt: order.assignedAt?.toISOString() ?? null,
    completedAt: order.completedAt?.toISOString() ?? null,
    dueDate: order.dueDate?.toISOString() ?? null,
    ein: order.ein,
    einLastFour: order.einLastFour,
    personalDataErasedAt: order.personalDataErasedAt?.toISOString() ?? null,
    notes: order.notes,
    holdReason: asksForReason(normalizeOrderStatus(order.status)) ? order.holdReason : null,
    createDate: order.createDate.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    version: order.version,
    formData: withMaskedSsns(order.formData, cipher, order.id, log),
    statusHistory,
    ss4Designee: designee,
    signing: await describeSigning(db, order.id),
    payments: await findOrderPayments(db, order),
    filing: await describeOrderFiling(db, order),
    possibleDuplicates: await findPossibleDuplicates(db, order.id),
  };
}
