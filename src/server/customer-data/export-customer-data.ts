import { recordAudit, type AuditActor } from '../audit';
import type { Services as PlatformServices } from '../contracts';
import { AppError } from '../errors';
import { customerDataMessages } from '#shared/customer-data/customer-data.ts';
import { collectCustomerData } from './collectors';
import { findCustomer, holdsAnything } from './find-customer';

type Services = Pick<PlatformServices, 'database' | 'cipher'>;

export type CustomerExport = { fileName: string; body: string };

/**
 * Everything held about the address as one JSON document (SSNs masked), and its audit row. The row
 * names the orders by id and counts the rows; it never holds the address, a name or an SSN.
 */
export async function exportCustomerData({ services, email, actor, ipAddress }: { services: Services; email: string; actor: AuditActor; ipAddress: string }): Promise<CustomerExport> {
  const { db } = services.database;
  const customer = await findCustomer(db, email);
  if (!holdsAnything(customer)) throw new AppError('not_found', customerDataMessages.nothingHeld);
  const data = await collectCustomerData({ db, cipher: services.cipher, customer });
  const exportedAt = new Date();
  const document = {
    exportedAt: exportedAt.toISOString(),
    email: customer.email,
    note: 'Everything EIN Filing Service holds about this e-mail address. Social Security numbers are shown by their last four digits only.',
    data,
  };
  await recordAudit(db, {
    actor,
    action: 'customer_data_exported',
    detail: { orderIds: customer.orderIds, counts: Object.fromEntries(Object.entries(data).map(([name, list]) => [name, list.length])) },
    ipAddress,
  });
  return { fileName: `customer-data-${exportedAt.toISOString().slice(0, 10)}.json`, body: JSON.stringify(document, null, 2) };
}
