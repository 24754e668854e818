import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Services } from '../contracts';
import { AppError } from '../errors';
import { parseWith, refuseUnstorableJson, siteOrigin } from '../http';
import { FaxWebhookRefused } from '../fax';
import { auditActorOf, guardedOrderOf, staffOf } from '../staff';
import {
  createFilingSchema,
  filingMessages,
  matchFaxSchema,
  onlineFilingResultSchema,
  type FaxInboxResponse,
  type InboxFax,
  type OrderFiling,
} from '#shared/filing/filing.ts';
import { createFiling } from './create-filing';
import { recordOnlineResult } from './record-online-result';
import { sendEinLetterLink } from './send-ein-letter-link';
import { describeOrderFiling } from './describe-order-filing';
import { findInboxFax, listFaxInbox } from './list-fax-inbox';
import { readInboxFaxPage } from './read-inbox-fax-page';
import { readInboxFaxEinBox } from './read-inbox-fax-ein-box';
import { confirmFaxMatch } from './confirm-fax-match';
import { handleFaxWebhook } from './handle-fax-event';
import { readReceivedFaxes } from './read-received-faxes';
import { fetchFaxMedia } from './start-filing';
import type { FilingContext } from './filing-context';
import {
  createdFilingResponseSchema,
  faxIdParamsSchema,
  faxInboxResponseSchema,
  faxMediaParamsSchema,
  faxPageParamsSchema,
  faxWebhookAnswerSchema,
  faxWebhookEventSchema,
  inboxFaxResponseSchema,
  orderFilingParamsSchema,
  orderFilingResponseSchema,
} from '#shared/filing/answers.ts';
import { einLetterLinkResponseSchema, orderIdParamsSchema } from '#shared/fulfilment/answers.ts';
import type { EinLetterLinkResponse } from '#shared/fulfilment/orders.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

const idParam = (value: string | undefined, message: string) => {
  const id = /^\d{1,9}$/.test(value ?? '') ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('not_found', message);
  return id;
};

const pageParam = z.strictObject({ id: z.string(), page: z.string().regex(/^\d{1,3}$/) });

/**
 * The filing leg's routes: filing an order and recording an online filing's result
 * (`/api/manage/orders/:id/filings…`), a new link to the IRS's letter for the customer
 * (`/api/manage/orders/:id/ein-letter-link`), the Fax inbox (`/api/manage/fax-inbox…`), the provider's webhook
 * and the link it fetches a fax's document from (`/api/fax/…`).
 */
export async function registerFilingRoutes(app: FastifyInstance, { database, env, filing }: Pick<Services, 'database' | 'env'> & { filing: FilingContext }): Promise<void> {
  // Faxes and filings carry customers' personal details: no browser or proxy may keep an answer.
  const noStore = {
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };

  const api = app.withTypeProvider<DocumentedRoutes>();
  const filingRoute = { tag: 'Orders', access: { kind: 'staff', permission: 'filings:create', order: true }, refusals: ['conflict', 'bad_request'] } as const;
  const inboxRoute = { tag: 'Fax inbox', access: { kind: 'staff', permission: 'fax-inbox:read' }, params: faxIdParamsSchema } as const;

  api.post(
    '/api/manage/orders/:id/filings',
    {
      ...noStore,
      schema: routeSchema({
        ...filingRoute,
        summary: 'File an order with the IRS',
        description: 'By fax (the filled SS-4 is faxed, with its retries and holds) or online (staff file on the IRS\'s site and record the result).',
        params: orderIdParamsSchema,
        body: createFilingSchema,
        answers: { 201: createdFilingResponseSchema },
      }),
    },
    async (request, reply): Promise<{ filing: OrderFiling; filingId: number }> => {
    const order = guardedOrderOf(request);
    const { method } = parseWith(createFilingSchema, request.body);
    const { filingId } = await createFiling(filing, { orderId: order.id, method, actor: auditActorOf(request), ipAddress: request.ip });
    reply.code(201);
    return { filingId, filing: await describeOrderFiling(database.db, order) };
  });

  api.post(
    '/api/manage/orders/:id/filings/:filingId/result',
    {
      ...noStore,
      bodyLimit: 8 * 1024 * 1024,
      schema: routeSchema({
        ...filingRoute,
        summary: 'Record an online filing\'s result',
        description: 'The EIN the IRS\'s site gave, and its CP 575 letter.',
        params: orderFilingParamsSchema,
        body: onlineFilingResultSchema,
        answers: { 200: orderFilingResponseSchema },
      }),
    },
    async (request): Promise<{ filing: OrderFiling }> => {
    const order = guardedOrderOf(request);
    const filingId = idParam((request.params as { filingId?: string }).filingId, 'No such filing on this order.');
    const result = parseWith(onlineFilingResultSchema, request.body);
    await recordOnlineResult(filing, { orderId: order.id, filingId, result, actor: auditActorOf(request), ipAddress: request.ip });
    return { filing: await describeOrderFiling(database.db, order) };
  });

  api.post(
    '/api/manage/orders/:id/ein-letter-link',
    {
      ...noStore,
      schema: routeSchema({
        tag: 'Orders',
        access: { kind: 'staff', permission: 'orders:resend-links', order: true },
        summary: 'Send the customer a new link to the EIN letter',
        description:
          'E-mails the order\'s address a new link to its latest IRS letter, valid 30 days; earlier links stay valid until they expire. Refused (`conflict`) while the order has no IRS letter, and once its personal data was erased. `emailed` is false when the message could not go out at once: the outbox tries it again.',
        params: orderIdParamsSchema,
        answers: { 200: einLetterLinkResponseSchema },
        refusals: ['conflict'],
      }),
    },
    async (request): Promise<EinLetterLinkResponse> => {
      const order = guardedOrderOf(request);
      return sendEinLetterLink(filing, { orderId: order.id, actor: auditActorOf(request), ipAddress: request.ip, origin: siteOrigin(env, request) });
    },
  );

  api.get(
    '/api/manage/fax-inbox',
    { ...noStore, schema: routeSchema({ tag: 'Fax inbox', access: { kind: 'staff', permission: 'fax-inbox:read' }, summary: 'Faxes received from the IRS', answers: { 200: faxInboxResponseSchema } }) },
    async (request): Promise<FaxInboxResponse> => ({
    faxes: await listFaxInbox(filing, staffOf(request).user),
  }));

  api.get('/api/manage/fax-inbox/:id', { ...noStore, schema: routeSchema({ ...inboxRoute, summary: 'A received fax', answers: { 200: inboxFaxResponseSchema } }) }, async (request): Promise<{ fax: InboxFax }> => {
    const id = idParam((request.params as { id?: string }).id, filingMessages.faxNotFound);
    const found = await findInboxFax(filing, staffOf(request).user, id);
    if (!found) throw new AppError('not_found', filingMessages.faxNotFound);
    return { fax: found.fax };
  });

  api.get(
    '/api/manage/fax-inbox/:id/pages/:page',
    { ...noStore, schema: routeSchema({ ...inboxRoute, params: faxPageParamsSchema, summary: 'A page of a received fax', answers: { 200: { file: 'image/png', description: 'The page (audited).' } } }) },
    async (request, reply) => {
    const params = pageParam.safeParse(request.params);
    const page = params.success ? Number(params.data.page) : 0;
    const id = idParam((request.params as { id?: string }).id, filingMessages.faxNotFound);
    const png = page >= 1 ? await readInboxFaxPage(filing, staffOf(request).user, { id, page, actor: auditActorOf(request), ipAddress: request.ip }) : null;
    if (!png) throw new AppError('not_found', 'No such page.');
    return reply.header('content-type', 'image/png').send(png);
  });

  api.get(
    '/api/manage/fax-inbox/:id/ein-box',
    {
      ...noStore,
      schema: routeSchema({
        ...inboxRoute,
        summary: 'The EIN box of a received fax',
        description: 'The SS-4\'s EIN box on the fax\'s first page, straightened and cut out, to compare with the EIN read from it.',
        answers: { 200: { file: 'image/png', description: 'The EIN box (audited).' } },
      }),
    },
    async (request, reply) => {
      const id = idParam((request.params as { id?: string }).id, filingMessages.faxNotFound);
      const png = await readInboxFaxEinBox(filing, staffOf(request).user, { id, actor: auditActorOf(request), ipAddress: request.ip });
      if (!png) throw new AppError('not_found', filingMessages.faxNotFound);
      return reply.header('content-type', 'image/png').send(png);
    },
  );

  api.post(
    '/api/manage/fax-inbox/:id/match',
    {
      ...noStore,
      schema: routeSchema({
        ...inboxRoute,
        access: { kind: 'staff', permission: 'fax-inbox:match' },
        summary: 'Match a received fax to its order',
        description: 'Or set it aside; a match with an EIN completes the order once confirmed.',
        body: matchFaxSchema,
        answers: { 200: inboxFaxResponseSchema },
        refusals: ['conflict', 'permission_denied', 'bad_request'],
      }),
    },
    async (request): Promise<{ fax: InboxFax }> => {
    const id = idParam((request.params as { id?: string }).id, filingMessages.faxNotFound);
    const viewer = staffOf(request).user;
    if (!(await findInboxFax(filing, viewer, id))) throw new AppError('not_found', filingMessages.faxNotFound);
    const match = parseWith(matchFaxSchema, request.body);
    await confirmFaxMatch(filing, { inboundFaxId: id, match, actor: viewer, ipAddress: request.ip });
    const found = await findInboxFax(filing, viewer, id);
    if (!found) throw new AppError('not_found', filingMessages.faxNotFound);
    return { fax: found.fax };
  });

  // Telnyx fetches the fax's document from here, by the link's token (no session: the token is the key).
  api.get(
    '/api/fax/media/:file',
    {
      schema: routeSchema({
        tag: 'Webhooks',
        access: { kind: 'public' },
        summary: 'The document a fax sends',
        description: 'The fax provider fetches the filled SS-4 from here by the link\'s token, for a short while.',
        params: faxMediaParamsSchema,
        answers: { 200: { file: 'application/pdf', description: 'The document to fax.' } },
      }),
    },
    async (request, reply) => {
    const file = (request.params as { file?: string }).file ?? '';
    const token = /^([A-Za-z0-9_-]{43})\.pdf$/.exec(file)?.[1];
    const pdf = token ? await fetchFaxMedia(filing, token) : null;
    if (!pdf) throw new AppError('not_found', 'This link has expired.');
    return reply.header('content-type', 'application/pdf').header('cache-control', 'no-store').send(pdf);
  });

  // The signature covers the exact bytes sent, so this route keeps the body raw.
  await app.register(async (webhookScope) => {
    webhookScope.removeContentTypeParser('application/json');
    webhookScope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const schema = routeSchema({
      tag: 'Webhooks',
      access: { kind: 'fax-webhook' },
      body: faxWebhookEventSchema,
      summary: 'The fax provider\'s events',
      description: 'Faxes sent, failed and received. The body is the provider\'s event, read only once its signature checks out.',
      answers: { 200: faxWebhookAnswerSchema },
    });
    webhookScope.withTypeProvider<DocumentedRoutes>().post('/api/fax/webhook', { schema }, async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      let event;
      try {
        event = await filing.provider.verifyWebhook(rawBody, request.headers as Record<string, string | undefined>);
      } catch (error) {
        if (error instanceof FaxWebhookRefused) throw new AppError(error.status === 401 ? 'unauthorized' : 'bad_request', error.message);
        throw error;
      }
      // Signed, so JSON: any of its text, read or not, meets the storable-text rule.
      refuseUnstorableJson(rawBody, 'The event holds text that cannot be stored.');
      const answer = await handleFaxWebhook(filing, event);
      // Reading a fax takes seconds: the provider is answered first, the reader goes on alone.
      if (answer.faxReceived) {
        void readReceivedFaxes(filing).catch((error: unknown) => request.log.error({ err: error }, 'reading received faxes failed'));
      }
      return { received: true as const, ...(answer.duplicate ? { duplicate: true as const } : {}) };
    });
  });
}
