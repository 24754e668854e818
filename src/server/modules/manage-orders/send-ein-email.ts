import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { einEmail } from '../../email/ein-email';
import { sendOnce } from '../../email/send-once';
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
  const outcome = await sendOnce({
    db: services.database.db,
    mailer: services.mailer,
    orderId,
    stamp: 'einEmailedAt',
    due: and(isNotNull(orders.ein), eq(orders.status, 'completed')),
    name: 'EIN',
    log,
    compose: (order) => ({
      to: order.billingEmail,
      ...einEmail({
        ein: order.ein ?? '',
        trackingNumber: order.applicationId,
        companyName: companyNameOf(order.formData),
        trackingUrl: trackingUrl(origin, order.applicationId),
        supportEmail: services.env.SUPPORT_EMAIL,
      }),
    }),
  });
  return outcome === 'claimed' ? 'not_due' : outcome;
}
