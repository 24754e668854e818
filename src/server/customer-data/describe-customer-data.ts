import type { Services } from '../contracts';
import { AppError } from '../errors';
import { customerDataMessages, type CustomerDataSummary } from '#shared/customer-data/customer-data.ts';
import { customerDataCollectors } from './collectors';
import { deletionBlockedReason, findCustomer, holdsAnything } from './find-customer';

/** What the screen shows about an e-mail address: the orders and how many rows each collector holds. */
export async function describeCustomerData({ services, email }: { services: Pick<Services, 'database' | 'cipher'>; email: string }): Promise<CustomerDataSummary> {
  const { db } = services.database;
  const customer = await findCustomer(db, email);
  if (!holdsAnything(customer)) throw new AppError('not_found', customerDataMessages.nothingHeld);
  const counts: Record<string, number> = {};
  for (const collector of customerDataCollectors) counts[collector.name] = (await collector.collect({ db, cipher: services.cipher, customer })).length;
  const blockedReason = deletionBlockedReason(customer);
  return {
    email: customer.email,
    orders: customer.orders.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      createDate: order.createDate.toISOString(),
      open: order.open,
      erasedAt: order.erasedAt?.toISOString() ?? null,
    })),
    unpaidCheckouts: customer.unpaidCheckouts.filter((checkout) => !checkout.purged).length,
    counts,
    deletable: blockedReason === null,
    blockedReason,
  };
}
