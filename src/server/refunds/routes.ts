import { m } from '#shared/i18n/messages.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../contracts';
import { parseWith, rateLimitedWith } from '../http';
import { guardedOrderOf, staffOf } from '../staff';
import { cancelOrderByLink } from './cancel-order-by-link';
import { describeCancellation } from './describe-cancellation';
import { refundOrder } from './refund-order';
import { findOrderPayments } from './order-payments';
import { refundRequestSchema, type CancellationView, type RefundResponse } from '#shared/refunds/refunds.ts';
import { cancellationTokenParamsSchema, cancellationViewSchema, refundResponseSchema } from '#shared/refunds/answers.ts';
import { orderIdParamsSchema } from '#shared/fulfilment/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

/** Calls per client and minute on the cancellation page's API: a customer needs two, a guesser many. */
export const cancellationCallsPerMinute = 30;

const noStore = async (_request: unknown, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

const tokenOf = (params: unknown) => String((params as { token?: unknown }).token ?? '');

/**
 * Staff refunds (`POST /api/manage/orders/:id/refunds`, admins only) and the customer's one-hour
 * cancellation page's API (`/api/cancellations/:token`, decision 026), whose token in the address is
 * the only proof: it travels in the confirmation e-mail and page alone.
 */
export function registerRefundRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'provider' | 'outbox' | 'env' | 'faults'>): void {
  const { database } = services;

  // Admins only (`refunds:create`); the amount is checked against what remains under the order's lock.
  const api = app.withTypeProvider<DocumentedRoutes>();
  const refundSchema = routeSchema({
    summary: 'Refund an order',
    description: 'All or part of what remains of the payment, through the payment provider.',
    tag: 'Orders',
    access: { kind: 'staff', permission: 'refunds:create', order: true },
    params: orderIdParamsSchema,
    body: refundRequestSchema,
    answers: { 200: refundResponseSchema },
    refusals: ['refund_exceeds_payment', 'order_not_refundable', 'payment_provider_error', 'conflict'],
  });
  api.post('/api/manage/orders/:id/refunds', { onSend: noStore, schema: refundSchema }, async (request): Promise<RefundResponse> => {
    const order = guardedOrderOf(request);
    const body = parseWith(refundRequestSchema, request.body);
    const { refund, order: refunded } = await refundOrder({
      services,
      orderId: order.id,
      amountCents: body.amountCents,
      reason: body.reason,
      note: body.note,
      source: 'staff',
      actor: staffOf(request).user,
      ipAddress: request.ip,
      log: request.log,
    });
    const payments = await findOrderPayments(database.db, refunded);
    const entry = payments.refunds.find((item) => item.id === refund.id);
    if (!entry) throw new Error(`Refund ${refund.id} missing from its order`);
    return { refund: entry, payments };
  });

  const cancellation = {
    config: { rateLimit: { max: cancellationCallsPerMinute, timeWindow: '1 minute', errorResponseBuilder: rateLimitedWith(m.errors_rate_limited) } },
    // The answer names the customer's company: no cache may keep it.
    onSend: noStore,
  };

  const cancellationRoute = {
    tag: 'Cancellation',
    access: { kind: 'public' },
    description: 'The token in the address is the only proof: it travels in the confirmation e-mail and page alone.',
    params: cancellationTokenParamsSchema,
    answers: { 200: cancellationViewSchema },
    rateLimited: true,
  } as const;
  api.get('/api/cancellations/:token', { ...cancellation, schema: routeSchema({ ...cancellationRoute, summary: 'Whether the order can still be cancelled', refusals: ['cancellation_link_unavailable'] }) }, async (request): Promise<CancellationView> =>
    describeCancellation({ db: database.db, token: tokenOf(request.params), supportEmail: services.env.SUPPORT_EMAIL }),
  );

  api.post(
    '/api/cancellations/:token',
    {
      ...cancellation,
      schema: routeSchema({
        ...cancellationRoute,
        summary: 'Cancel the order and refund it in full',
        refusals: ['cancellation_link_unavailable', 'cancellation_window_closed', 'payment_provider_error', 'conflict'],
      }),
    },
    async (request): Promise<CancellationView> =>
    cancelOrderByLink({ services, token: tokenOf(request.params), ipAddress: request.ip, log: request.log }),
  );
}
