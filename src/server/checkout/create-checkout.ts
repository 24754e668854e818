import { and, eq, isNull } from 'drizzle-orm';
// The rules for phone numbers abroad, which the application's schema checks (phones.ts).
import '#shared/application/phone-rules-loaded.ts';
import type { FastifyBaseLogger } from 'fastify';
import { checkouts, type Db } from '../db';
import { AppError } from '../errors';
import type { PaymentIntent, PaymentProvider } from '../payments';
import type { Services } from '../contracts';
import { isDeepStrictEqual } from 'node:util';
import { openApplication, sealApplication, type FieldCipher, type StoredApplication } from '../encryption';
import { getStandardPriceCents } from '../settings';
import type { CheckoutRequest, CheckoutResponse } from '#shared/checkout/checkout.ts';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { createTrackingNumber } from '../orders';
import { getCheckoutByDraftId, type Checkout } from './get-checkout';
import { createOrderFromPayment } from './create-order-from-payment';
import { customerReviewGroups } from '#shared/application/answer-review.ts';
import { duplicateKeyOf, findPaidDuplicate } from './duplicate-applications';

export type CreateCheckoutOptions = {
  services: Pick<Services, 'database' | 'provider' | 'cipher' | 'outbox' | 'env'>;
  request: CheckoutRequest;
  /** The language of the page the customer checks out on: the order's e-mails and pages speak it. */
  locale: Locale;
  log: FastifyBaseLogger;
};

const currency = 'usd';
const description = 'EIN Application Service';

/** Intent states in which the money is taken or on its way: the draft may not be paid again. */
const settledStatuses: ReadonlySet<PaymentIntent['status']> = new Set(['succeeded', 'processing', 'requires_capture']);

const alreadyPaid = () => new AppError('conflict', checkoutMessages.alreadyPaid);
/** The retention window erased this checkout's answers and canceled its intent: it cannot be paid. */
export const checkoutExpired = () => new AppError('checkout_expired', checkoutMessages.expired);

type NewCheckout = Pick<Checkout, 'draftId' | 'email' | 'locale' | 'formData' | 'amountCents' | 'currency' | 'paymentProvider' | 'duplicateKey'>;

/**
 * Stores the checkout of a new draft. Concurrent calls for one draft meet on its unique draft id:
 * one inserts, the others read that row. A clash on the tracking number draws another.
 */
async function insertCheckout(db: Db, values: NewCheckout): Promise<{ checkout: Checkout; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [inserted] = await db
      .insert(checkouts)
      .values({ ...values, trackingNumber: createTrackingNumber() })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { checkout: inserted, created: true };
    const existing = await getCheckoutByDraftId(db, values.draftId);
    if (existing) return { checkout: existing, created: false };
  }
  throw new Error('Could not draw an unused tracking number');
}

/**
 * Creates the checkout's payment intent and stores its id. The idempotency key makes concurrent
 * creations return one intent; whichever id is stored first is the one every caller answers with.
 * `replacing` is the stored intent found canceled or unknown, never one another call just stored.
 */
async function attachPaymentIntent(db: Db, provider: PaymentProvider, checkout: Checkout, replacing: string | null): Promise<PaymentIntent> {
  const created = await provider.createPaymentIntent({
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    description,
    metadata: { trackingNumber: checkout.trackingNumber, checkoutId: checkout.id },
    idempotencyKey: replacing ? `checkout:${checkout.id}:replacing:${replacing}` : `checkout:${checkout.id}`,
  });
  await db
    .update(checkouts)
    .set({ paymentIntentId: created.id, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkout.id), replacing ? eq(checkouts.paymentIntentId, replacing) : isNull(checkouts.paymentIntentId)));
  const [stored] = await db.select({ paymentIntentId: checkouts.paymentIntentId }).from(checkouts).where(eq(checkouts.id, checkout.id));
  if (!stored?.paymentIntentId || stored.paymentIntentId === created.id) return created;
  const winner = await provider.retrievePaymentIntent(stored.paymentIntentId);
  if (!winner) throw new Error(`Payment intent ${stored.paymentIntentId} of checkout ${checkout.id} is unknown to the provider`);
  return winner;
}

/** Whether the request repeats what the checkout holds (the same e-mail and answers). */
function sameCheckout(stored: Checkout, request: CheckoutRequest, cipher: FieldCipher): boolean {
  if (stored.email !== request.email) return false;
  try {
    return isDeepStrictEqual(openApplication(stored.formData as StoredApplication, cipher), request.application);
  } catch {
    return false;
  }
}

/**
 * `POST /api/checkout`: stores the validated application (SSN encrypted) for the browser's draft
 * and returns the payment intent to pay it with, for the amount the price setting says now.
 * Repeating it for a draft reuses the checkout, its tracking number and its intent, with the latest
 * answers; a draft already paid is refused, and so is a change while its payment awaits the
 * bank's verification (the same answers again get the same intent).
 */
export async function createCheckout({ services, request, locale, log }: CreateCheckoutOptions): Promise<CheckoutResponse> {
  const { database, provider, cipher } = services;
  const { db } = database;
  const amountCents = await getStandardPriceCents(db);
  const formData = sealApplication(request.application, cipher);
  const duplicateKey = duplicateKeyOf(request.application, cipher);

  const found = await getCheckoutByDraftId(db, request.draftId);
  const { checkout: stored, created } = found
    ? { checkout: found, created: false }
    : await insertCheckout(db, { draftId: request.draftId, email: request.email, locale, formData, amountCents, currency, paymentProvider: provider.name, duplicateKey });
  if (stored.status === 'paid') throw alreadyPaid();
  if (stored.purgedAt) throw checkoutExpired();

  let checkout = stored;
  let intent: PaymentIntent | null = checkout.paymentIntentId ? await provider.retrievePaymentIntent(checkout.paymentIntentId) : null;
  if (intent && settledStatuses.has(intent.status)) {
    // Paid, but the order is not made yet (its confirmation and webhook are still to come): make it now.
    if (intent.status === 'succeeded') await createOrderFromPayment({ services, intent, checkout, log });
    throw alreadyPaid();
  }
  // A canceled intent cannot be paid any more; an unknown one cannot be paid at all. Both are replaced.
  if (intent?.status === 'canceled') intent = null;
  const replacing = intent ? null : stored.paymentIntentId;
  if (intent?.status === 'requires_action' && !created && !sameCheckout(stored, request, cipher)) {
    // The payment being verified will be filed under the application it was authorised for.
    throw new AppError('conflict', checkoutMessages.pendingAuthentication);
  }
  if (intent && intent.amountCents !== amountCents) intent = await provider.updatePaymentIntentAmount(intent.id, amountCents);

  if (!created) {
    const [updated] = await db
      .update(checkouts)
      // The language too: a customer who switched it before paying is written to in the one they paid in.
      .set({ formData, email: request.email, locale, amountCents, duplicateKey, updatedAt: new Date() })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'open'), isNull(checkouts.purgedAt)))
      .returning();
    // Paid, or purged, since it was read.
    if (!updated) throw (await getCheckoutByDraftId(db, request.draftId))?.purgedAt ? checkoutExpired() : alreadyPaid();
    checkout = updated;
  }
  if (!intent) intent = await attachPaymentIntent(db, provider, checkout, replacing);
  const duplicate = duplicateKey ? await findPaidDuplicate(db, duplicateKey, checkout.id) : null;

  return {
    trackingNumber: checkout.trackingNumber,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: intent.amountCents,
    currency: intent.currency,
    review: customerReviewGroups(request.application),
    duplicateWarning: duplicate ? { trackingLast4: duplicate.trackingNumber.slice(-4) } : null,
  };
}
