import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { statusByErrorCode, type ErrorCode } from '#shared/errors.ts';

/** An answer its route's schema does not describe: an undocumented status, or a shape the schema does not match. */
export type UndocumentedAnswer = { method: string; url: string; route: string; status: number; problem: string };

type ResponseSchemas = Record<string, unknown>;

function responseSchemasOf(request: FastifyRequest): ResponseSchemas | undefined {
  return (request.routeOptions.schema as { response?: ResponseSchemas } | undefined)?.response;
}

/** The status's own entry, else its class's (`4xx`), else `default`. */
function entryFor(responses: ResponseSchemas, status: number): unknown {
  return responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

/** The JSON schema of an entry: the zod schema itself, or its `application/json` content's. */
function jsonSchemaOf(entry: unknown): z.ZodType | null {
  if (entry instanceof z.ZodType) return entry;
  const content = (entry as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  const schema = content?.['application/json']?.schema;
  return schema instanceof z.ZodType ? schema : null;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(statusByErrorCode, value);
}

/**
 * Holds every answer of a route with schemas to them (enabled under test): its status must be
 * documented, and its JSON must parse with the status's schema and come out unchanged, so a field the
 * schema does not name fails too. A refusal's code must be one answered with that status (any 4xx may
 * be `bad_request`, which Fastify's own refusals such as 415 map to).
 */
export function checkAnswers(app: FastifyInstance, report: (problem: UndocumentedAnswer) => void): void {
  const problemOf = (request: FastifyRequest, reply: FastifyReply, problem: string): UndocumentedAnswer => ({
    method: request.method,
    url: request.url,
    route: request.routeOptions.url ?? '',
    status: reply.statusCode,
    problem,
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = responseSchemasOf(request);
    if (!responses) return payload;
    const entry = entryFor(responses, reply.statusCode);
    if (entry === undefined) return payload;
    const schema = jsonSchemaOf(entry);
    if (!schema) {
      report(problemOf(request, reply, 'a JSON answer where the document describes another media type'));
      return payload;
    }
    const sent: unknown = JSON.parse(JSON.stringify(payload) ?? 'null');
    const parsed = schema.safeParse(sent);
    if (!parsed.success) report(problemOf(request, reply, `does not match its schema: ${z.prettifyError(parsed.error)}`));
    else if (!isDeepStrictEqual(parsed.data, sent)) report(problemOf(request, reply, 'has fields its schema does not describe'));
    const code = (sent as { error?: { code?: unknown } } | null)?.error?.code;
    if (reply.statusCode >= 400 && isErrorCode(code) && statusByErrorCode[code] !== reply.statusCode && !(code === 'bad_request' && reply.statusCode < 500)) {
      report(problemOf(request, reply, `answers \`${code}\` with another status than the code's`));
    }
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const responses = responseSchemasOf(request);
    if (responses && entryFor(responses, reply.statusCode) === undefined) report(problemOf(request, reply, 'answers a status its route does not document'));
    return payload;
  });
}
