// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { mailbox, staffInject, testOrigin, withStaffApp } from '#tests/support/staff-app.ts';
import { mailTo } from '#tests/support/orders-api.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { signWebhookPayload, type TestProcessor } from '../payments';
import { unstorableTextMessage } from '#shared/storable-text.ts';
import type { JsonSchema, OpenApiDocument } from '#tests/support/openapi-document.ts';
import { storedRowsSnapshot } from '#tests/support/stored-rows.ts';

// Every route of the API document, public, staff, signing and webhook, is sent a NUL byte and then a
// lone surrogate in each of its string fields, one field at a time, the rest of the request as its
// schema describes it (decision 055). No answer may be a 500, nothing may be stored, and a refusal
// that reads the input names the field with the storable-text rule's message.


/** The text no route may store: a NUL byte, and half of a surrogate pair (one of each half). */
const oddTexts = [
  { name: 'NUL', value: 'Acme\u0000LLC' },
  { name: 'lone high surrogate', value: 'Acme\uD800LLC' },
  { name: 'lone low surrogate', value: '\uDC00' },
] as const;

/** One value the schema describes, every optional property included, so that every string is reached. */
function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.$ref) return exampleOf(components[schema.$ref.split('/').at(-1) ?? ''] ?? {}, components, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== '') ?? schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) {
    const branch = branches.find((one) => one.type !== 'null') ?? branches[0]!;
    return exampleOf(branch, components, depth + 1);
  }
  if (schema.allOf?.length) return exampleOf(schema.allOf[0]!, components, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'walk@example.com';
      if (schema.format === 'uuid') return '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
      if (schema.format === 'date') return '2026-11-26';
      return 'Walked text'.padEnd(schema.minLength ?? 0, '.');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(schema.items ?? {}, components, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, exampleOf(property, components, depth + 1)]));
    default:
      return 'Walked text';
  }
}

/** The path of every string in a JSON value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function withValueAt(value: unknown, path: (string | number)[], replacement: string): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const part of path.slice(0, -1)) parent = parent[part] as Record<string | number, unknown>;
  parent[path.at(-1)!] = replacement;
  return copy;
}

type Sent = { route: string; field: string; text: string; status: number; code?: string; fields?: Record<string, string[]> };

describe.each(testDatabaseKinds)('odd text sent to every string field of every route (%s)', (kind) => {
  const harness = withStaffApp(kind);
  let document: OpenApiDocument;
  let cookies: string;
  const known: Record<string, string> = {};
  let webhookSecret: string;

  beforeAll(async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    document = (await staffInject(harness.app, admin.cookie, 'GET', '/api/openapi.json')).json<OpenApiDocument>();
    webhookSecret = (harness.services.provider as TestProcessor).webhookSecret;
    const order = await createPaidOrder(harness.database.db, { assignedTo: admin.id, assignedAt: new Date() });
    known.id = String(order.id);
    known.number = order.applicationId;
    known.userId = admin.id;

    // A signing link whose SSN question this client has answered, so the signing routes read their input.
    const signed = await createPaidOrder(harness.database.db, { cipher: harness.services.cipher, billingEmail: 'walked-signer@example.com', assignedTo: admin.id, assignedAt: new Date() });
    const requested = await staffInject(harness.app, admin.cookie, 'POST', `/api/manage/orders/${signed.id}/signature-requests`);
    expect(requested.statusCode).toBe(200);
    const token = mailTo(mailbox(harness.env), signed.billingEmail)
      .flatMap((message) => [...message.matchAll(/\/sign\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!))
      .at(-1)!;
    const verified = await harness.app.inject({ method: 'POST', url: `/api/sign/${token}/verify`, remoteAddress: '198.51.100.200', payload: { ssnLast4: '6789' } });
    expect(verified.statusCode, verified.body).toBe(200);
    known.token = token;
    cookies = `${admin.cookie}; ${String(verified.headers['set-cookie']).split(';')[0]!}`;
  }, 60_000);

  /** What a request could have stored (`storedRowsSnapshot`). */
  const snapshot = () => storedRowsSnapshot(harness.database.db, { users: true });

  it('answers no 500, stores nothing, and names the field with the rule\'s message', async ({ annotate }) => {
    const sent: Sent[] = [];
    const failures: string[] = [];
    let address = 0;
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
    for (const { method, path, operation } of operations) {
      // Signing out would end the session the walk uses, and takes no input.
      if (method === 'DELETE' && path === '/api/manage/session') continue;
      const parameters = operation.parameters ?? [];
      const pathValues = Object.fromEntries(parameters.filter((one) => one.in === 'path').map((one) => [one.name, known[one.name] ?? known.id!]));
      const queryValues = Object.fromEntries(parameters.filter((one) => one.in === 'query').map((one) => [one.name, String(exampleOf(one.schema, document.components.schemas))]));
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const body = bodySchema ? exampleOf(bodySchema, document.components.schemas) : undefined;
      const fields = [
        ...Object.keys(pathValues).map((name) => ({ where: 'path' as const, path: [name] })),
        ...Object.keys(queryValues).map((name) => ({ where: 'query' as const, path: [name] })),
        ...stringPaths(body).map((fieldPath) => ({ where: 'body' as const, path: fieldPath })),
      ];
      for (const field of fields) {
        for (const odd of oddTexts) {
          // An address carries bytes, and a lone surrogate has none: `encodeURIComponent` refuses it.
          if (field.where !== 'body' && odd.name !== 'NUL') continue;
          const pathPart = (name: string) => encodeURIComponent(field.where === 'path' && field.path[0] === name ? odd.value : pathValues[name]!);
          const url = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => pathPart(name));
          const query = new URLSearchParams(Object.entries(queryValues).map(([name, value]) => [name, field.where === 'query' && field.path[0] === name ? odd.value : value])).toString();
          const payload = body === undefined ? undefined : JSON.stringify(field.where === 'body' ? withValueAt(body, field.path, odd.value) : body);
          address += 1;
          const before = await snapshot();
          const response = await harness.app.inject({
            method: method as 'GET',
            url: query ? `${url}?${query}` : url,
            headers: {
              cookie: cookies,
              origin: testOrigin,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
              ...(path === '/api/payments/webhook' && payload !== undefined ? { 'stripe-signature': signWebhookPayload(payload, webhookSecret) } : {}),
            },
            payload,
            remoteAddress: `198.18.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
          });
          const answer = String(response.headers['content-type'] ?? '').includes('json') ? (response.json() as { error?: { code?: string; fields?: Record<string, string[]> } }) : {};
          const record: Sent = { route: `${method} ${path}`, field: `${field.where}:${field.path.join('.')}`, text: odd.name, status: response.statusCode, code: answer.error?.code, fields: answer.error?.fields };
          sent.push(record);
          const where = `${record.route} ${record.field} (${odd.name}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (response.statusCode >= 500) failures.push(where);
          if ((await snapshot()) !== before) failures.push(`stored: ${where}`);
          // A refusal that read the input names this field with the rule's message.
          if (record.code === 'validation_failed' && field.where === 'body' && !record.fields?.[field.path.join('.')]?.includes(unstorableTextMessage)) {
            failures.push(`field not named: ${where}`);
          }
        }
      }
    }

    expect(failures).toEqual([]);
    expect(sent.filter((one) => one.status >= 500)).toEqual([]);
    // The routes that answered 500 before the rule was at the edge, each refused at its field.
    const namedAt = (route: string, field: string) => sent.filter((one) => one.route === route && one.field === field && one.status === 400 && one.code === 'validation_failed').map((one) => one.text);
    const everyOddText = oddTexts.map((odd) => odd.name);
    expect(namedAt('POST /api/payments/confirm', 'body:paymentIntentId')).toEqual(everyOddText);
    expect(namedAt('POST /api/test-payments/confirm', 'body:clientSecret')).toEqual(everyOddText);
    expect(namedAt('POST /api/test-payments/authenticate', 'body:clientSecret')).toEqual(everyOddText);
    expect(namedAt('POST /api/sign/{token}/sign', 'body:title')).toEqual(everyOddText);
    for (const field of ['body:id', 'body:type', 'body:data.object.id']) expect(namedAt('POST /api/payments/webhook', field), field).toEqual(everyOddText);
    expect(namedAt('POST /api/manage/orders/{id}/comments', 'body:text')).toEqual(everyOddText);
    expect(namedAt('GET /api/manage/orders', 'query:search')).toEqual(['NUL']);
    const routes = new Set(sent.map((one) => one.route));
    const refusedAtField = sent.filter((one) => one.code === 'validation_failed').length;
    await annotate(`routes with string fields: ${routes.size}, requests: ${sent.length}, refused at the field: ${refusedAtField}, statuses: ${JSON.stringify(Object.fromEntries([...new Set(sent.map((one) => one.status))].sort().map((status) => [status, sent.filter((one) => one.status === status).length])))}`);
    expect(routes.size).toBeGreaterThanOrEqual(40);
  }, 600_000);
});
