// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { staffInject, withStaffApp } from '#tests/support/staff-app.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import type { JsonSchema, OpenApiDocument, Operation } from '#tests/support/openapi-document.ts';
import { storedRowsSnapshot } from '#tests/support/stored-rows.ts';

// Every public route of the API document (no staff session), driven with requests generated from
// the document's own schemas (fixed seed, 50 runs a route, a time limit): inputs the schema
// describes (their text with NUL bytes and lone surrogates now and then), the same with one part made hostile, and junk. No answer may be a 500, every answer's
// status must be one the document lists (its shape is checked by the test app against the route's
// schema, decision 044), and a refused request must leave the main tables as they were.

const seed = 20261126;
const runsPerRoute = 50;
const timeLimitPerRouteMs = 20_000;


/** Values that have broken servers: NUL, lone surrogates, prototype names, huge numbers, wrong types. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'a\uD800b', '__proto__', 'constructor', '', '   ', 'x'.repeat(5_000), "' OR 1=1 --", '<script>', '%00', '9'.repeat(40), Number.MAX_SAFE_INTEGER + 2, -1, 0, null, true, [], {}),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A character of generated text: mostly any, now and then a NUL byte or one half of a surrogate pair. */
const textUnit = fc.oneof({ weight: 12, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDFFF') });

/** A value the JSON schema describes (roughly: formats and patterns are not followed, so some are refused). */
function arbitraryOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryOf(components[schema.$ref.split('/').at(-1) ?? ''] ?? {}, components, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => arbitraryOf(branch, components, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0] ?? {}, components, depth);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((one) => arbitraryOf({ ...schema, type: one }, components, depth)));
  if (depth > 6) return fc.constant(null);
  switch (type[0]) {
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date') return fc.constantFrom('2026-11-26', '2000-01-01', '1999-02-30');
      return fc.string({ unit: textUnit, minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 60) });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000, -1_000_000_000), max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, components, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, arbitraryOf(property, components, depth + 1)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid-looking value with one property replaced by something hostile. */
function withOneHostilePart(value: unknown): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostileValue;
  const keys = Object.keys(value);
  return fc.tuple(fc.nat(), hostileValue).map(([pick, hostile]) => {
    const copy = { ...(value as Record<string, unknown>) };
    Object.defineProperty(copy, keys.length ? (keys[pick % keys.length] ?? '__proto__') : '__proto__', { value: hostile, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}

/** An address cannot carry half of a surrogate pair: `encodeURIComponent` throws on one. */
const withoutLoneSurrogates = (text: string) => text.replace(/[\uD800-\uDFFF]/g, '');

type Request = { url: string; payload?: string; contentType?: string };

/** Requests to one operation: path parameters and a body from its schemas, sometimes hostile, sometimes junk. */
function requestsTo(path: string, operation: Operation, components: Record<string, JsonSchema>, known: Record<string, string[]>): fc.Arbitrary<Request> {
  const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const parameterValue = (name: string, schema: JsonSchema) =>
    fc.oneof(
      { weight: 2, arbitrary: known[name]?.length ? fc.constantFrom(...known[name]) : arbitraryOf(schema, components).map(String) },
      { weight: 2, arbitrary: fc.string({ maxLength: 50 }) },
      { weight: 1, arbitrary: hostileValue.map((value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')) },
    );
  const url = fc.record(Object.fromEntries(pathParameters.map((parameter) => [parameter.name, parameterValue(parameter.name, parameter.schema)]))).map((values) =>
    path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(withoutLoneSurrogates(String(values[name] ?? ''))).replace(/%2F/gi, '%252F')),
  );
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = bodySchema
    ? fc.oneof(
        { weight: 4, arbitrary: arbitraryOf(bodySchema, components).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })) },
        { weight: 3, arbitrary: arbitraryOf(bodySchema, components).chain(withOneHostilePart).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }).map((payload) => ({ payload, contentType: 'application/json' })) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((payload) => ({ payload, contentType: 'text/plain' })) },
      )
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })) },
      );
  return fc.tuple(url, body).map(([address, sent]) => ({ url: address, ...sent }));
}

const isPublic = (operation: Operation) => !(operation.security ?? []).some((requirement) => 'staffSession' in requirement);

describe.each(testDatabaseKinds)('fuzzing every public route of the API document (%s)', (kind) => {
  const harness = withStaffApp(kind);
  let document: OpenApiDocument;
  const known: Record<string, string[]> = {};

  beforeAll(async () => {
    const admin = await harness.signedIn({ role: 'admin' });
    document = (await staffInject(harness.app, admin.cookie, 'GET', '/api/openapi.json')).json<OpenApiDocument>();
    const order = await createPaidOrder(harness.database.db);
    known.number = [order.applicationId];
  });

  /** What a request could have stored (`storedRowsSnapshot`). */
  const snapshot = () => storedRowsSnapshot(harness.database.db);

  it('answers every request without a 500, with a documented status, and a refused one changes nothing', async ({ annotate }) => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => isPublic(operation))
        .map(([method, operation]) => ({ method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE', path, operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(25);

    let address = 0;
    let sent = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (const { method, path, operation } of operations) {
      const documented = new Set(Object.keys(operation.responses ?? {}));
      await fc.assert(
        fc.asyncProperty(requestsTo(path, operation, document.components.schemas, known), async (request) => {
          address += 1;
          const before = await snapshot();
          const response = await harness.app.inject({
            method,
            url: request.url,
            headers: request.contentType ? { 'content-type': request.contentType } : {},
            payload: request.payload,
            remoteAddress: `198.19.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
          });
          sent += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const where = `${method} ${request.url} ${request.payload?.slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) failures.push(where);
          if (!documented.has(String(response.statusCode))) failures.push(`undocumented status: ${where}`);
          if (response.statusCode >= 400 && (await snapshot()) !== before) failures.push(`a refusal changed the database: ${where}`);
        }),
        { seed, numRuns: runsPerRoute, interruptAfterTimeLimit: timeLimitPerRouteMs, markInterruptAsFailure: false },
      );
    }

    expect(failures).toEqual([]);
    expect(harness.undocumentedAnswers).toEqual([]);
    // Some requests got through validation: the fuzz reached the handlers, not only the parsers.
    expect([...statuses].filter(([status]) => status < 300).length).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(operations.length * 10);
    await annotate(`public routes fuzzed: ${operations.length}, requests: ${sent}, statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
  }, 600_000);
});
