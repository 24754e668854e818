import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppServices } from '../../services';
import { AppError } from '../../plugins/errors';
import { parseWith } from '../../plugins/validation';
import { auditActorOf, staffOf } from '../../plugins/staff-guard';
import {
  orderListRequestSchema,
  orderUpdateSchema,
  revealSsnRequestSchema,
  type OrderDetailResponse,
  type OrderListResponse,
  type RevealSsnResponse,
  type StaffListResponse,
} from '../../../shared/staff/orders';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { can } from '../../../shared/staff/permissions';
import { requireOrderAccess } from '../../plugins/order-access';
import { findOrders } from './find-orders';
import { findAssignableStaff } from './find-assignable-staff';
import { getOrderDetail } from './get-order-detail';
import { updateOrder } from './update-order';
import { revealSsn } from './reveal-ssn';
import { downloadSs4 } from './download-ss4';
import { ss4DesigneeOf } from '../../env';
import { siteOrigin } from '../../site-links';
import { findOrderEmails } from '../../email/outbox';
import { createSigningRequest, describeSigning, downloadSignedSs4 } from '../../signing/signing-requests';
import type { SignatureRequestResponse } from '../../../shared/signing';
import { refundRequestSchema, type RefundResponse } from '../../../shared/refunds';
import { refundOrder } from '../../refunds/refund-order';
import { findOrderPayments } from '../../refunds/order-payments';

/** `/api/manage/orders…` and `/api/manage/staff`. */
export function registerManageOrderRoutes(app: FastifyInstance, services: AppServices): void {
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

  app.post('/api/manage/orders/:id/signature-requests', staffOnly, async (request): Promise<SignatureRequestResponse> => {
    const order = await requireOrderAccess(database, request);
    const { user } = staffOf(request);
    await createSigningRequest({
      db,
      cipher,
      outbox: services.outbox,
      env: services.env,
      orderId: order.id,
      actor: { id: user.id, email: user.email },
      ipAddress: request.ip,
      origin: siteOrigin(services.env, request),
    });
    return { signing: await describeSigning(db, order.id) };
  });

  app.get('/api/manage/orders/:id/ss4-signed.pdf', staffOnly, async (request, reply) => {
    const order = await requireOrderAccess(database, request);
    guards.requireRecentCode(request);
    const signed = await downloadSignedSs4(db, cipher, order, auditActorOf(request), request.ip);
    if (!signed) throw new AppError('not_found', 'This order has no signed SS-4 yet.');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${signed.fileName}"`)
      .send(signed.pdf);
  });

  // Admins only (`refunds:create`); the amount is checked against what remains under the order's lock.
  app.post('/api/manage/orders/:id/refunds', { ...staffOnly, preHandler: guards.requirePermission('refunds:create') }, async (request): Promise<RefundResponse> => {
    const order = await requireOrderAccess(database, request);
    const body = parseWith(refundRequestSchema, request.body);
    const { refund, order: refunded } = await refundOrder({
      services,
      orderId: order.id,
      amountCents: body.amountCents,
      reason: body.reason,
      note: body.note,
      source: 'staff',
      actor: auditActorOf(request),
      ipAddress: request.ip,
      log: request.log,
    });
    const payments = await findOrderPayments(db, refunded);
    const entry = payments.refunds.find((item) => item.id === refund.id);
    if (!entry) throw new Error(`Refund ${refund.id} missing from its order`);
    return { refund: entry, payments };
  });

  app.post('/api/manage/orders/:id/ssn', staffOnly, async (request): Promise<RevealSsnResponse> => {
    const order = await requireOrderAccess(database, request);
    const { field } = parseWith(revealSsnRequestSchema, request.body ?? {});
    guards.requireRecentCode(request);
    return revealSsn({ db, cipher, order, field, actor: auditActorOf(request), ipAddress: request.ip, log: request.log });
  });
}
