import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppServices } from '../services';
import { parseWith } from '../http';
import { auditActorOf } from '../staff';
import { customerDataLookupSchema, customerDataRequestSchema, type CustomerDataDeletion, type CustomerDataSummary } from '../../shared/customer-data/customer-data';
import { describeCustomerData } from './describe-customer-data';
import { exportCustomerData } from './export-customer-data';
import { deleteCustomerData } from './delete-customer-data';
import { findOrderEmail } from './find-customer';

/**
 * `/api/manage/customer-data/…` (admins only): a customer's data request. Every call is a POST, so
 * the e-mail address travels in the body, never in an address that logs or history would keep.
 */
export function registerCustomerDataRoutes(app: FastifyInstance, services: AppServices): void {
  const { db } = services.database;
  const admins = {
    preHandler: services.guards.requirePermission('customers:data-requests'),
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };

  app.post('/api/manage/customer-data/lookup', admins, async (request): Promise<CustomerDataSummary> => {
    const lookup = parseWith(customerDataLookupSchema, request.body ?? {});
    const email = lookup.email ?? (await findOrderEmail(db, lookup.orderId!));
    return describeCustomerData({ services, email });
  });

  app.post('/api/manage/customer-data/export', admins, async (request, reply) => {
    const { email } = parseWith(customerDataRequestSchema, request.body ?? {});
    const { fileName, body } = await exportCustomerData({ services, email, actor: auditActorOf(request), ipAddress: request.ip });
    return reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
  });

  app.post('/api/manage/customer-data/delete', admins, async (request): Promise<CustomerDataDeletion> => {
    const { email } = parseWith(customerDataRequestSchema, request.body ?? {});
    return deleteCustomerData({ services, email, actor: auditActorOf(request), ipAddress: request.ip, log: request.log });
  });
}
