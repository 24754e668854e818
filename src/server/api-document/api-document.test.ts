// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { errorCodes } from '#shared/errors.ts';

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  tags?: string[];
  requestBody?: unknown;
};
type OpenApiDocument = {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path/{param}` of every operation in the document. */
function operationsOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).filter((key) => methods.includes(key)).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** A Fastify route's address as the document writes it: `:id` becomes `{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The routes the server answers that are pages and site files, not the API. */
const pageRoutes = ['GET /*', 'GET /robots.txt', 'GET /sitemap.xml'];

describe.each(testDatabaseKinds)('the API document on %s', (kind) => {
  const registered: string[] = [];
  const harness = withStaffApp(kind, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${documentPath(route.url)}`);
    },
  });
  let admin: SignedInMember;
  let document: OpenApiDocument;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    const response = await staffInject(harness.app, admin.cookie, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });

  it('is refused to anyone not signed in', async () => {
    const response = await staffInject(harness.app, null, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the server registers, and nothing else', () => {
    const api = registered.filter((route) => !pageRoutes.includes(route)).sort();
    expect(api.length).toBeGreaterThan(50);
    expect(operationsOf(document)).toEqual(api);
    expect(registered).toEqual(expect.arrayContaining(pageRoutes));
  });

  it('leaves out the browser tests\' set-up API and names no test route', () => {
    expect(operationsOf(document).filter((operation) => operation.includes('/api/test-support'))).toEqual([]);
  });

  it('describes every answer of every route, the refusals by the one error envelope', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.tags, where).toHaveLength(1);
        const statuses = Object.keys(operation.responses);
        expect(statuses.some((status) => status.startsWith('2')), where).toBe(true);
        expect(statuses, where).toContain('500');
        // Readiness answers 503 with its own small body: not a refusal of the call, the answer to it.
        const readinessAnswer = (status: string) => path === '/api/ready' && status === '503';
        for (const status of statuses.filter((code) => Number(code) >= 400 && !readinessAnswer(code))) {
          expect(operation.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' });
        }
      }
    }
    expect(document.components.schemas.ApiError).toMatchObject({ type: 'object', required: ['error'] });
  });

  it('names the security of each route: the staff session, the signing and document cookies, the webhook signatures, the metrics token', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['documentBrowser', 'faxWebhookSignature', 'metricsToken', 'paymentWebhookSignature', 'signingBrowser', 'staffSession']);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(document.paths['/metrics']?.get?.responses ?? {}).sort()).toEqual(['200', '401', '404', '500']);
    expect(Object.keys(document.paths['/api/ready']?.get?.responses ?? {}).sort()).toEqual(['200', '500', '503']);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        // Every operation says what it needs, if only nothing (an empty list).
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
        // Signing in is the way to a session; signing out ends one.
        const signingIn = (path === '/api/manage/session' && method === 'post') || path === '/api/manage/session/two-factor';
        const staffOnly = path.startsWith('/api/manage/') && !signingIn;
        if (staffOnly || path === '/api/openapi.json') expect(operation.security, `${method} ${path}`).toEqual([{ staffSession: [] }]);
      }
    }
    expect(document.paths['/api/payments/webhook']?.post?.security).toEqual([{ paymentWebhookSignature: [] }]);
    expect(document.paths['/api/manage/session']?.delete?.security).toEqual([{ staffSession: [] }]);
    expect(document.paths['/api/manage/orders/{id}/ssn']?.post?.responses['403']).toBeDefined();
    expect(JSON.stringify(document.paths['/api/manage/orders/{id}/ssn'])).toContain('step_up_required');
  });

  it('answers the router\'s own refusals in the one envelope too, with a documented status', async () => {
    // A POST: a GET falls through to the pages' catch-all, which answers an unknown /api address 404.
    const tooLong = await harness.app.inject({ method: 'POST', url: `/api/track/${'x'.repeat(200)}/signing-link` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: { code: 'bad_request', message: 'A part of this address is too long.' } });
    expect(document.paths['/api/track/{number}/signing-link']?.post?.responses['414']).toBeDefined();
    const badUrl = await harness.app.inject({ method: 'POST', url: '/api/track/%E0%A4%A/signing-link' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('lists every error code with its status', () => {
    for (const code of errorCodes) expect(document.info.description).toContain(`| \`${code}\` |`);
  });

  it('describes the bodies with the shared schemas, messages and limits included', () => {
    const checkout = document.paths['/api/checkout']?.post;
    expect(JSON.stringify(checkout?.requestBody)).toContain('draftId');
    expect(JSON.stringify(document.paths['/api/manage/orders/{id}']?.patch?.requestBody)).toContain('"version"');
    // The providers' signed events, as they send them.
    expect(JSON.stringify(document.paths['/api/payments/webhook']?.post?.requestBody)).toContain('#/components/schemas/PaymentWebhookEvent');
    expect(JSON.stringify(document.components.schemas.PaymentWebhookEvent)).toContain('data');
    expect(JSON.stringify(document.paths['/api/fax/webhook']?.post?.requestBody)).toContain('#/components/schemas/FaxWebhookEvent');
    // A signed event holding text that cannot be stored is refused at its field.
    expect(JSON.stringify(document.paths['/api/payments/webhook']?.post?.responses['400'])).toContain('validation_failed');
  });
});

describe.each(testDatabaseKinds)('the API document with the browser tests\' set-up API on %s', (kind) => {
  const harness = withStaffApp(kind, { testApi: true });

  it('lists the set-up routes too', async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    const document = (await staffInject(harness.app, admin.cookie, 'GET', '/api/openapi.json')).json<OpenApiDocument>();
    expect(operationsOf(document).filter((operation) => operation.includes('/api/test-support/')).length).toBeGreaterThan(0);
  });
});
