import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { einEmail } from '../../email/ein-email';
import type { OrderDetailResponse } from '../../../shared/staff/orders';
import { trackingUrl } from '../../site-links';

export type EinEmailOutcome = NonNullable<OrderDetailResponse['einEmail']>;

export type SendEinEmailOptions = {
  services: Pick<AppServices, 'database' | 'mailer' | 'env'>;
  orderId: number;
  /** `PUBLIC_URL` or the request's origin (see `siteOrigin`). */
  origin: string;
  log: FastifyBaseLogger;
};

function companyNameOf(formData: unknown): string | null {
  const name = (formData as { company?: { companyName?: unknown } } | null)?.company?.companyName;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/**
 * Sends the customer their EIN once the order is completed with one and it has not been sent yet.
 * The claim is one conditional update, so two saves at once send it once; a failed send gives the
 * claim back, so the next save tries again. Changing the EIN clears the mark, so a new EIN is sent.
 */
export async function sendEinEmailIfDue({ services, orderId, origin, log }: SendEinEmailOptions): Promise<EinEmailOutcome> {
  const { db } = services.database;
  const [order] = await db
    .update(orders)
    .set({ einEmailedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.einEmailedAt), isNotNull(orders.ein), eq(orders.status, 'completed')))
    .returning();
  if (!order?.ein) return 'not_due';

  const message = einEmail({
    ein: order.ein,
    trackingNumber: order.applicationId,
    companyName: companyNameOf(order.formData),
    trackingUrl: trackingUrl(origin, order.applicationId),
    supportEmail: services.env.SUPPORT_EMAIL,
  });
  try {
    await services.mailer.send({ to: order.billingEmail, ...message });
    return 'sent';
  } catch (error) {
    await db.update(orders).set({ einEmailedAt: null }).where(eq(orders.id, orderId));
    log.error({ orderId, code: (error as { code?: unknown } | null)?.code }, 'EIN e-mail not sent; the next save retries it');
    return 'failed';
  }
}
