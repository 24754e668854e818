import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit, type AuditActor } from '../audit';
import { mailFolder, removeMailCopies } from '../email';
import { AppError } from '../errors';
import { eraseOrderPersonalData } from '../retention';
import type { Services } from '../contracts';
import { customerDataMessages, type CustomerDataDeletion } from '#shared/customer-data/customer-data.ts';
import { isInStatusGroup, normalizeOrderStatus } from '#shared/orders/lifecycle.ts';
import { checkoutIdSet, deletionBlockedReason, findCustomer, holdsAnything, orderIdSet } from './find-customer';

export type DeleteCustomerDataOptions = {
  services: Pick<Services, 'database' | 'provider' | 'env'>;
  email: string;
  actor: AuditActor;
  ipAddress: string;
  log: FastifyBaseLogger;
};

/**
 * Deletes what is held about an e-mail address (decision 027). Refused while one of its orders is
 * open. Unpaid checkouts are removed, their payment intents canceled first (a payment that already
 * went through refuses the deletion: its order is being made). Paid orders keep their bookkeeping
 * fields and lose the rest (eraseOrderPersonalData). The change and its audit row commit together;
 * the `.eml` copies addressed to it are removed after.
 */
export async function deleteCustomerData({ services, email, actor, ipAddress, log }: DeleteCustomerDataOptions): Promise<CustomerDataDeletion> {
  const { db } = services.database;
  const customer = await findCustomer(db, email);
  if (!holdsAnything(customer)) throw new AppError('not_found', customerDataMessages.nothingHeld);
  const blocked = deletionBlockedReason(customer);
  if (blocked) throw new AppError('customer_data_in_use', blocked);

  const intents = customer.unpaidCheckouts.flatMap((checkout) => (checkout.paymentIntentId ? [checkout.paymentIntentId] : []));
  const statuses = await services.provider.cancelPaymentIntents(intents);
  if ([...statuses.values()].some((status) => status !== 'canceled')) throw new AppError('customer_data_in_use', customerDataMessages.paymentInProgress);

  const deletion = await db.transaction(async (tx) => {
    // Read again under lock: an order reopened (or a checkout paid) since the check refuses.
    if (customer.orderIds.length > 0) {
      const locked = await tx.execute<{ status: string }>(sql`select status from orders where id in ${orderIdSet(customer.orderIds)} for update`);
      if (locked.rows.some((row) => isInStatusGroup('open', normalizeOrderStatus(row.status)))) throw new AppError('customer_data_in_use', customerDataMessages.openOrders);
    }
    const unpaid = customer.unpaidCheckouts.map((checkout) => checkout.id);
    const checkouts =
      unpaid.length === 0
        ? 0
        : (await tx.execute(sql`delete from checkouts where id in ${checkoutIdSet(unpaid)} and status <> 'paid' and id not in (select checkout_id from orders) returning 1`)).rows.length;
    if (checkouts !== unpaid.length) throw new AppError('customer_data_in_use', customerDataMessages.paymentInProgress);
    const erased = await eraseOrderPersonalData(tx, customer.orderIds);
    const result = { orders: erased.orders, checkouts, emails: erased.emails, signingRequests: erased.signingRequests, documentLinks: erased.documentLinks, comments: erased.comments };
    await recordAudit(tx, { actor, action: 'customer_data_deleted', detail: { orderIds: customer.orderIds, ...result }, ipAddress });
    return result;
  });
  const mailFiles = await removeMailCopies(mailFolder(services.env), async (copy) => (await copy.recipients()).includes(customer.email), log);
  return { ...deletion, mailFiles };
}
