import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../contracts';
import { parseWith } from '../http';
import { auditActorOf } from '../staff';
import { customerDataLookupSchema, customerDataRequestSchema, type CustomerDataDeletion, type CustomerDataSummary } from '#shared/customer-data/customer-data.ts';
import { describeCustomerData } from './describe-customer-data';
import { exportCustomerData } from './export-customer-data';
import { deleteCustomerData } from './delete-customer-data';
import { findOrderEmail } from './find-customer';
import { customerDataDeletionSchema, customerDataSummarySchema } from '#shared/customer-data/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

/**
 * `/api/manage/customer-data/…` (admins only): a customer's data request. Every call is a POST, so
 * the e-mail address travels in the body, never in an address that logs or history would keep.
 */
export function registerCustomerDataRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'cipher' | 'provider' | 'env'>): void {
  const { db } = services.database;
  const admins = {
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };

  const api = app.withTypeProvider<DocumentedRoutes>();
  const dataRoute = { tag: 'Customer data', access: { kind: 'staff', permission: 'customers:data-requests' }, body: customerDataRequestSchema } as const;

  api.post(
    '/api/manage/customer-data/lookup',
    {
      ...admins,
      schema: routeSchema({ ...dataRoute, summary: 'What is held on a customer', description: 'By e-mail address or by an order.', body: customerDataLookupSchema, answers: { 200: customerDataSummarySchema }, refusals: ['not_found'] }),
    },
    async (request): Promise<CustomerDataSummary> => {
    const lookup = parseWith(customerDataLookupSchema, request.body ?? {});
    const email = lookup.email ?? (await findOrderEmail(db, lookup.orderId!));
    return describeCustomerData({ services, email });
  });

  api.post(
    '/api/manage/customer-data/export',
    { ...admins, schema: routeSchema({ ...dataRoute, summary: 'Export a customer\'s data', answers: { 200: { file: 'application/json', description: 'Every row held on the customer, as a JSON file (audited).' } }, refusals: ['not_found'] }) },
    async (request, reply) => {
    const { email } = parseWith(customerDataRequestSchema, request.body ?? {});
    const { fileName, body } = await exportCustomerData({ services, email, actor: auditActorOf(request), ipAddress: request.ip });
    return reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
  });

  api.post(
    '/api/manage/customer-data/delete',
    { ...admins, schema: routeSchema({ ...dataRoute, summary: 'Delete a customer\'s data', answers: { 200: customerDataDeletionSchema }, refusals: ['not_found', 'customer_data_in_use'] }) },
    async (request): Promise<CustomerDataDeletion> => {
    const { email } = parseWith(customerDataRequestSchema, request.body ?? {});
    return deleteCustomerData({ services, email, actor: auditActorOf(request), ipAddress: request.ip, log: request.log });
  });
}
