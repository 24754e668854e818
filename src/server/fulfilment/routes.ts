import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../contracts';
import { AppError } from '../errors';
import { parseWith, siteOrigin } from '../http';
import { auditActorOf, guardedOrderOf, staffOf } from '../staff';
import {
  orderListRequestSchema,
  orderUpdateSchema,
  revealSsnRequestSchema,
  type OrderDetailResponse,
  type OrderListResponse,
  type RevealSsnResponse,
  type StaffListResponse,
} from '#shared/fulfilment/orders.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { can } from '#shared/staff/permissions.ts';
import { findOrders } from './find-orders';
import { findAssignableStaff } from './find-assignable-staff';
import { getOrderDetail } from './get-order-detail';
import { updateOrder } from './update-order';
import { revealSsn } from './reveal-ssn';
import { downloadSs4 } from './download-ss4';
import { ss4DesigneeOf } from '../env';
import { findOrderEmails } from '../email';
import { registerOrderCommentRoutes } from './comments/routes';
import { orderDetailResponseSchema, orderIdParamsSchema, orderListResponseSchema, revealSsnResponseSchema, staffListResponseSchema } from '#shared/fulfilment/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

/** `/api/manage/orders…` and `/api/manage/staff`. */
export async function registerFulfilmentRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'cipher' | 'outbox' | 'env'>): Promise<void> {
  const { database, cipher } = services;
  const { db } = database;
  const designee = ss4DesigneeOf(services.env);
  const staffOnly = {
    // Orders carry customers' personal details, so no browser or proxy cache may keep an answer.
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };

  const api = app.withTypeProvider<DocumentedRoutes>();
  const ordersRoute = { tag: 'Orders', access: { kind: 'staff', permission: 'orders:read' } } as const;
  const oneOrder = { ...ordersRoute, access: { kind: 'staff', permission: 'orders:read', order: true }, params: orderIdParamsSchema } as const;

  api.get(
    '/api/manage/orders',
    {
      ...staffOnly,
      schema: routeSchema({
        ...ordersRoute,
        summary: 'The orders the member may see',
        description: 'Filtered, searched and paged (by `page`, or by the `after`/`before` cursors), with the counters over every order the member may see.',
        querystring: orderListRequestSchema,
        answers: { 200: orderListResponseSchema },
      }),
    },
    async (request): Promise<OrderListResponse> => {
    const query = parseWith(orderListRequestSchema, request.query);
    return findOrders({ db, viewer: staffOf(request).user, query });
  });

  api.get(
    '/api/manage/staff',
    { ...staffOnly, schema: routeSchema({ ...ordersRoute, summary: 'Who orders can be assigned to', description: 'E-mail addresses only for members who manage users.', answers: { 200: staffListResponseSchema } }) },
    async (request): Promise<StaffListResponse> => ({
    staff: await findAssignableStaff(db, { withEmails: can(staffOf(request).user, 'users:manage') }),
  }));

  api.get('/api/manage/orders/:id', { ...staffOnly, schema: routeSchema({ ...oneOrder, summary: 'An order, with its e-mails', answers: { 200: orderDetailResponseSchema } }) }, async (request): Promise<OrderDetailResponse> => {
    const { id } = guardedOrderOf(request);
    const order = await getOrderDetail({ db, cipher, orderId: id, log: request.log, designee });
    if (!order) throw new AppError('not_found', staffMessages.orderNotFound);
    return { order, emails: await findOrderEmails(db, id) };
  });

  api.patch(
    '/api/manage/orders/:id',
    {
      ...staffOnly,
      schema: routeSchema({
        ...oneOrder,
        access: { kind: 'staff', permission: 'orders:update', order: true },
        summary: 'Change an order\'s status, priority, assignee, notes or EIN',
        description:
          'Names the `version` it was made on: a save on an older one answers 409 `order_changed`. Each field changed needs its own permission too: the status `orders:change-status`, the EIN `orders:record-ein`, the assignee `orders:assign` (else 403 `permission_denied`).',
        body: orderUpdateSchema,
        answers: { 200: orderDetailResponseSchema },
        refusals: ['order_changed', 'permission_denied', 'conflict'],
      }),
    },
    async (request): Promise<OrderDetailResponse> => {
    const { id } = guardedOrderOf(request);
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

  api.get(
    '/api/manage/orders/:id/ss4.pdf',
    { ...staffOnly, schema: routeSchema({ ...oneOrder, access: { kind: 'staff', permission: 'ss4:download', order: true, stepUp: true }, summary: 'Download the filled SS-4', answers: { 200: { file: 'application/pdf', description: 'The filled SS-4 (audited).' } } }) },
    async (request, reply) => {
    const order = guardedOrderOf(request);
    const { pdf, fileName } = await downloadSs4({ db, cipher, order, designee, actor: auditActorOf(request), ipAddress: request.ip, log: request.log });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(pdf));
  });

  api.post(
    '/api/manage/orders/:id/ssn',
    {
      ...staffOnly,
      schema: routeSchema({
        ...oneOrder,
        access: { kind: 'staff', permission: 'tax-id:reveal', order: true, stepUp: true },
        summary: 'Reveal an SSN in full',
        description: 'The responsible party\'s unless the body names another; audited.',
        body: revealSsnRequestSchema,
        answers: { 200: revealSsnResponseSchema },
      }),
    },
    async (request): Promise<RevealSsnResponse> => {
    const order = guardedOrderOf(request);
    const { field } = parseWith(revealSsnRequestSchema, request.body ?? {});
    return revealSsn({ db, cipher, order, field, actor: auditActorOf(request), ipAddress: request.ip, log: request.log });
  });

  await registerOrderCommentRoutes(app, services);
}
