import { z } from 'zod';
import { applicationSections } from '../application/sections';
import type { CheckoutResponse, ConfirmPaymentResponse } from './checkout';
import type { TestPaymentResult } from '../payments/test-card';

// The checkout's and payment routes' answers as schemas, for the API document (decision 044).

export const checkoutResponseSchema = z
  .strictObject({
    trackingNumber: z.string(),
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    review: z.array(z.strictObject({ section: z.enum(applicationSections), heading: z.string(), answers: z.array(z.strictObject({ label: z.string(), value: z.string() })) })),
    duplicateWarning: z
      .strictObject({ trackingLast4: z.string().regex(/^[A-Z0-9]{4}$/) })
      .nullable()
      .describe('Set when a paid order of the last 30 days has the same company name and responsible party (decision 041): its tracking number\'s last four characters.'),
  })
  .meta({
    examples: [
      {
        trackingNumber: 'HFE12W87EQ23',
        paymentIntentId: 'pi_3Q',
        clientSecret: 'pi_3Q_secret_x',
        amountCents: 14900,
        currency: 'usd',
        review: [{ section: 'company', heading: 'Company', answers: [{ label: 'Company name', value: 'Acme LLC' }] }],
        duplicateWarning: null,
      },
    ],
  }) satisfies z.ZodType<CheckoutResponse>;

export const confirmPaymentResponseSchema = z.strictObject({
  success: z.boolean(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paymentIntentId: z.string(),
  trackingNumber: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  error: z.string().optional(),
  cancelPath: z.string().nullable().optional(),
  filingRoute: z.enum(['online_or_fax', 'fax_only']).optional(),
}) satisfies z.ZodType<ConfirmPaymentResponse>;

/** The payment webhook's answer to the provider. */
/**
 * The payment provider's signed event (Stripe's `Event` object), as the webhook receives it. Only its
 * id (each event is applied once), its type and the id of the object it is about are read; the object
 * itself is asked of the provider again.
 */
export const paymentWebhookEventSchema = z
  .looseObject({
    id: z.string().meta({ description: 'The event\'s id (`evt_…`).' }),
    object: z.literal('event'),
    type: z.string().meta({
      description: 'Applied: `payment_intent.*`, `charge.refunded`, `charge.refund.updated`, `refund.*` and `charge.dispute.*`; any other type is acknowledged and left alone.',
    }),
    created: z.number().int().meta({ description: 'When the event happened, in seconds since 1970 (UTC).' }),
    livemode: z.boolean().optional(),
    data: z.looseObject({
      object: z.looseObject({
        id: z.string().meta({ description: 'The payment intent, charge, refund or dispute the event is about.' }),
        object: z.string(),
      }),
    }),
  })
  .meta({ id: 'PaymentWebhookEvent' });

export const paymentWebhookAnswerSchema = z.strictObject({ received: z.literal(true), duplicate: z.literal(true).optional() });

/** The built-in test processor's answer, shaped like Stripe.js's `confirmPayment` result. */
export const testPaymentResultSchema = z.union([
  z.strictObject({ paymentIntent: z.strictObject({ id: z.string(), status: z.string() }), nextAction: z.strictObject({ redirectUrl: z.string() }).optional() }),
  z.strictObject({
    error: z.strictObject({ type: z.enum(['card_error', 'validation_error', 'invalid_request_error']), code: z.string(), declineCode: z.string().optional(), message: z.string() }),
  }),
]) satisfies z.ZodType<TestPaymentResult>;

/** The test processor's answer to its challenge page: where the browser goes next (the confirmation page). */
export const testAuthenticationAnswerSchema = z.strictObject({ redirectUrl: z.string() });
