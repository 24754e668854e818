import { z } from 'zod';
import type { PublicConfig } from './public-config';

// The site routes' answers as schemas, for the API document (decision 044); apart from the types the
// pages read, so no page bundle carries them.

/** `GET /api/health`. */
export const healthAnswerSchema = z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }).meta({ examples: [{ status: 'ok', database: 'pglite' }] });

/** `GET /api/ready` while the server takes work. */
export const readyAnswerSchema = z.strictObject({ ready: z.literal(true) }).meta({ examples: [{ ready: true }] });

/** `GET /api/ready` (503) while the server starts, or from its stop signal on. */
export const notReadyAnswerSchema = z
  .strictObject({ ready: z.literal(false), reason: z.enum(['starting', 'stopping']) })
  .describe('Not ready: still starting, or stopping (send no new work).')
  .meta({ examples: [{ ready: false, reason: 'stopping' }] });

/** `GET /api/config`: the public configuration, also embedded in every page. */
export const publicConfigSchema = z
  .strictObject({
    supportEmail: z.string(),
    siteUrl: z.string(),
    gtmId: z.string().nullable(),
    growthbook: z.strictObject({ clientKey: z.string(), apiHost: z.string() }).nullable(),
    priceCents: z.number().int(),
    payments: z.discriminatedUnion('provider', [z.strictObject({ provider: z.literal('stripe'), publishableKey: z.string() }), z.strictObject({ provider: z.literal('test') })]),
    retention: z.strictObject({ unpaidCheckoutHours: z.number(), orderDays: z.number(), mailDays: z.number() }),
    claims: z.strictObject({
      businessesServed: z.number().nullable(),
      rating: z.strictObject({ value: z.number(), reviewCount: z.number(), sourceUrl: z.string() }).nullable(),
      successRatePercent: z.number().nullable(),
      testimonials: z.array(
        z.strictObject({
          quote: z.string(),
          name: z.string(),
          business: z.string().nullable(),
          date: z.string(),
          rating: z.number().nullable(),
          sourceUrl: z.string().nullable(),
          disclosure: z.string().nullable(),
        }),
      ),
    }),
  })
  .meta({ id: 'PublicConfig' }) satisfies z.ZodType<PublicConfig>;
