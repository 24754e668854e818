import { z } from 'zod';
import { filingMethods, filingStatuses, inboundFaxStatuses, irsFaxNumbers, type FaxInboxResponse, type InboxFax, type IrsFaxLine, type OrderFiling } from './filing';

// The filing routes' answers as schemas, for the API document (decision 044).

const irsFaxLines = Object.keys(irsFaxNumbers) as [IrsFaxLine, ...IrsFaxLine[]];
const memberSchema = z.strictObject({ id: z.string(), name: z.string() });

export const orderFilingSchema = z
  .strictObject({
    filings: z.array(
      z.strictObject({
        id: z.number().int(),
        method: z.enum(filingMethods),
        status: z.enum(filingStatuses),
        to: z.string().nullable(),
        line: z.enum(irsFaxLines).nullable(),
        attempts: z.number().int(),
        pages: z.number().int().nullable(),
        sentAt: z.string().nullable(),
        deliveredAt: z.string().nullable(),
        failureReason: z.string().nullable(),
        heldUntil: z.string().nullable(),
        holdReason: z.string().nullable(),
        createdAt: z.string(),
        requestedBy: memberSchema.nullable(),
      }),
    ),
    faxTo: z.strictObject({ number: z.string(), line: z.enum(irsFaxLines) }),
    onlineRefusal: z.string().nullable(),
    pendingAnswer: z.strictObject({ inboundFaxId: z.number().int(), ein: z.string().nullable(), receivedAt: z.string() }).nullable(),
    letters: z.array(z.strictObject({ id: z.number().int(), source: z.enum(['fax', 'upload']), pages: z.number().int().nullable(), createdAt: z.string() })),
  })
  .meta({ id: 'OrderFiling' }) satisfies z.ZodType<OrderFiling>;

export const inboxFaxSchema = z
  .strictObject({
    id: z.number().int(),
    receivedAt: z.string(),
    from: z.string().nullable(),
    pages: z.number().int().nullable(),
    status: z.enum(inboundFaxStatuses),
    matchMethod: z.enum(['code', 'text', 'staff']).nullable(),
    order: z.strictObject({ id: z.number().int(), applicationId: z.string(), companyName: z.string().nullable() }).nullable(),
    ein: z.string().nullable(),
    suggestions: z.array(z.strictObject({ orderId: z.number().int(), applicationId: z.string(), companyName: z.string().nullable(), sentAt: z.string().nullable() })),
  })
  .meta({ id: 'InboxFax' }) satisfies z.ZodType<InboxFax>;

export const faxInboxResponseSchema = z.strictObject({ faxes: z.array(inboxFaxSchema) }) satisfies z.ZodType<FaxInboxResponse>;
export const inboxFaxResponseSchema = z.strictObject({ fax: inboxFaxSchema });
export const orderFilingResponseSchema = z.strictObject({ filing: orderFilingSchema });
export const createdFilingResponseSchema = z.strictObject({ filingId: z.number().int(), filing: orderFilingSchema });

/**
 * The fax provider's signed event (Telnyx's webhook body), as the webhook receives it. Only the event's
 * id (each is applied once) and the fax's id are read; the fax itself is asked of the provider again.
 */
export const faxWebhookEventSchema = z
  .looseObject({
    data: z.looseObject({
      id: z.string().meta({ description: 'The event\'s id.' }),
      event_type: z.string().meta({ description: '`fax.queued`, `fax.sending.started`, `fax.delivered`, `fax.failed`, `fax.received`, …' }),
      occurred_at: z.string().optional(),
      payload: z.looseObject({
        fax_id: z.string().optional().meta({ description: 'The fax the event is about (or `id`).' }),
        id: z.string().optional(),
      }),
    }),
  })
  .meta({ id: 'FaxWebhookEvent' });

/** The fax provider's webhook answer. */
export const faxWebhookAnswerSchema = z.strictObject({ received: z.literal(true), duplicate: z.literal(true).optional() });

export const faxIdParamsSchema = z.strictObject({ id: z.string() });
export const faxPageParamsSchema = z.strictObject({ id: z.string(), page: z.string() });
export const orderFilingParamsSchema = z.strictObject({ id: z.string(), filingId: z.string() });
export const faxMediaParamsSchema = z.strictObject({ file: z.string().meta({ description: 'The link\'s token and `.pdf`.' }) });
