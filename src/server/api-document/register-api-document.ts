import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes, statusByErrorCode } from '#shared/errors.ts';
import { apiErrorBodySchema } from '#shared/api-error.ts';
import { apiTags, routeSchema, type DocumentedRoutes } from './route-schema';
import { checkAnswers, type UndocumentedAnswer } from './check-answers';

/** Where the document is served. */
export const apiDocumentPath = '/api/openapi.json';

const staffApiPrefix = '/api/manage/';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Request schemas describe the input; the handler parses it with `parseWith` after its guard (see
 * `DocumentedRoutes`), so Fastify's own validation step passes the input through unchanged.
 */
const describedOnly: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/**
 * Answers are written as the handler returns them, as Fastify does without a schema: a schema never
 * strips a field a client reads. Under test, `checkAnswers` holds every answer to its schema instead.
 */
const asReturned = () => (data: unknown) => JSON.stringify(data);

const errorCodeTable = errorCodes.map((code) => `| \`${code}\` | ${statusByErrorCode[code]} |`).join('\n');

const documentDescription = `The EIN filing service's HTTP API: the public checkout, tracking, signing, cancellation and customer document links, the payment and fax providers' webhooks, the staff API under \`/api/manage\`, and the operator's \`/metrics\` and \`/api/ready\`.

Every refusal answers the same envelope, the \`ApiError\` component: \`{ "error": { "code", "message", "fields"? } }\`. Clients decide on the \`code\`, never on the message; \`fields\` holds the messages by field path when the code is \`validation_failed\`. A client's mistake is never a 500.

| code | status |
|---|---|
${errorCodeTable}

Staff calls carry the session cookie set by \`POST /api/manage/session\` (then \`POST /api/manage/session/two-factor\` for an enrolled member). Every state-changing call under \`/api/manage\` must also come from the site's own origin (an \`Origin\` header), or it answers 403 \`cross_origin\`. Revealing an SSN and downloading an SS-4 need a second-factor code given in the last 15 minutes (step-up).`;

/** The compilers of routes that declare their schemas with `routeSchema`, on an app of their own too. */
export function useRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(describedOnly);
  app.setSerializerCompiler(asReturned);
}

export type ApiDocumentOptions = {
  /** Under test: every answer is checked against its route's schema, and a mismatch reported here. */
  onUndocumentedAnswer?: (problem: UndocumentedAnswer) => void;
};

/**
 * The API described (decision 044): the routes' schemas are the shared zod schemas; `@fastify/swagger`
 * collects them into an OpenAPI 3.1 document served at `/api/openapi.json`. Registered before any
 * route, so it sees every one.
 */
export async function registerApiDocument(app: FastifyInstance, { onUndocumentedAnswer }: ApiDocumentOptions): Promise<void> {
  useRouteSchemas(app);

  // A staff write may also be refused by the same-origin check, before its route runs.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || !route.url.startsWith(staffApiPrefix) || !methods.some((method) => unsafeMethods.has(method))) return;
    const forbidden = response['403'] as { description?: string } | undefined;
    response['403'] = {
      description: forbidden?.description ? forbidden.description.replace(/\.$/, ', `cross_origin`.') : 'Refused: `cross_origin`.',
      content: { 'application/json': { schema: apiErrorBodySchema } },
    };
  });

  const zodToJsonConfig = { unrepresentable: 'any' as const };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'EIN filing service API', version: '1', description: documentDescription },
      tags: apiTags.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'ein_staff.session_token',
            description:
              'The staff session (`__Secure-ein_staff.session_token` over HTTPS), set by signing in. 30 minutes idle and 12 hours at most. State-changing calls also need the site\'s own `Origin`. Some calls need a step-up: a second-factor code given in the last 15 minutes.',
          },
          signingBrowser: {
            type: 'apiKey',
            in: 'cookie',
            name: 'ein_signing',
            description: 'Set when the signer answers the SSN question (`POST /api/sign/{token}/verify`); the token in the address finds the request.',
          },
          documentBrowser: {
            type: 'apiKey',
            in: 'cookie',
            name: 'ein_document',
            description: 'Set when the customer answers the SSN question on a document link; the token in the address finds the link.',
          },
          paymentWebhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'stripe-signature',
            description: 'Stripe\'s signature of the exact body bytes, with the webhook secret (or the built-in test processor\'s, with its own).',
          },
          faxWebhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'telnyx-signature-ed25519',
            description: 'Telnyx\'s Ed25519 signature of `telnyx-timestamp|body`, checked with the account\'s public key.',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The operator\'s `METRICS_TOKEN`, for a Prometheus scraper (`authorization.credentials` in its scrape configuration).',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig }),
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });

  if (onUndocumentedAnswer) checkAnswers(app, onUndocumentedAnswer);

  app.withTypeProvider<DocumentedRoutes>().get(
    apiDocumentPath,
    {
      schema: routeSchema({
        summary: 'This document',
        description: 'The OpenAPI 3.1 description of every route this server answers.',
        tag: 'API',
        access: { kind: 'staff' },
        answers: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document.') },
      }),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.swagger() as unknown as Record<string, unknown>;
    },
  );
}
