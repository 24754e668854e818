import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppServices } from '../services';
import { AppError } from '../errors';
import { parseWith, siteOrigin } from '../http';
import { auditActorOf, staffOf, requireOrderAccess } from '../staff';
import {
  orderListRequestSchema,
  orderUpdateSchema,
  revealSsnRequestSchema,
  type OrderDetailResponse,
  type OrderListResponse,
  type RevealSsnResponse,
  type StaffListResponse,
} from '../../shared/fulfilment/orders';
import { staffMessages } from '../../shared/staff/staff-messages';
import { can } from '../../shared/staff/permissions';
import { findOrders } from './find-orders';
import { findAssignableStaff } from './find-assignable-staff';
import { getOrderDetail } from './get-order-detail';
import { updateOrder } from './update-order';
import { revealSsn } from './reveal-ssn';
import { downloadSs4 } from './download-ss4';
import { ss4DesigneeOf } from '../env';
import { findOrderEmails } from '../email';
import { registerOrderCommentRoutes } from './comments/routes';

/** `/api/manage/orders…` and `/api/manage/staff`. */
export async function registerFulfilmentRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { database, cipher, guards } = services;
  const { db } = database;
  const designee = ss4DesigneeOf(services.env);
  const staffOnly = {
    preHandler: guards.requireStaff,
    // Orders carry customers' personal details, so no browser or proxy cache may keep an answer.
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };

  app.get('/api/manage/orders', staffOnly, async (request): Promise<OrderListResponse> => {
    const query = parseWith(orderListRequestSchema, request.query);
    return findOrders({ db, viewer: staffOf(request).user, query });
  });

  app.get('/api/manage/staff', staffOnly, async (request): Promise<StaffListResponse> => ({
    staff: await findAssignableStaff(db, { withEmails: can(staffOf(request).user, 'users:manage') }),
  }));

  app.get('/api/manage/orders/:id', staffOnly, async (request): Promise<OrderDetailResponse> => {
    const { id } = await requireOrderAccess(database, request);
    const order = await getOrderDetail({ db, cipher, orderId: id, log: request.log, designee });
    if (!order) throw new AppError('not_found', staffMessages.orderNotFound);
    return { order, emails: await findOrderEmails(db, id) };
  });

  app.patch('/api/manage/orders/:id', staffOnly, async (request): Promise<OrderDetailResponse> => {
    const { id } = await requireOrderAccess(database, request);
    const update = parseWith(orderUpdateSchema, request.body);
    const { einEmail } = await updateOrder({
      services,
      orderId: id,
      actor: staffOf(request).user,
      update,
      ipAddress: request.ip,
      origin: siteOrigin(services.env, request),
      log: request.log,
    });
    const order = await getOrderDetail({ db, cipher, orderId: id, log: request.log, designee });
    if (!order) throw new AppError('not_found', staffMessages.orderNotFound);
    return { order, emails: await findOrderEmails(db, id), einEmail };
  });

  app.get('/api/manage/orders/:id/ss4.pdf', staffOnly, async (request, reply) => {
    const order = await requireOrderAccess(database, request);
    guards.requireRecentCode(request);
    const { pdf, fileName } = await downloadSs4({ db, cipher, order, designee, actor: auditActorOf(request), ipAddress: request.ip, log: request.log });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(pdf));
  });

  app.post('/api/manage/orders/:id/ssn', staffOnly, async (request): Promise<RevealSsnResponse> => {
    const order = await requireOrderAccess(database, request);
    const { field } = parseWith(revealSsnRequestSchema, request.body ?? {});
    guards.requireRecentCode(request);
    return revealSsn({ db, cipher, order, field, actor: auditActorOf(request), ipAddress: request.ip, log: request.log });
  });

  await registerOrderCommentRoutes(app, services);
}
