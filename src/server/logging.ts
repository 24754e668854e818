import type { FastifyServerOptions } from 'fastify';
import type { Env } from './env';

// What the server's log may hold (spec: no personal data in logs). Requests are logged by method,
// path and status only: no query string (a payment's client secret rides in one), no body, no
// cookie or authorization header. Errors keep their type, code and stack frames; their messages
// lose what identifies a person, and a failed query keeps its SQL but never its parameters.

/** Header and field paths pino replaces with `[Redacted]` wherever they are logged. */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.email',
  '*.billingEmail',
  '*.clientSecret',
  '*.client_secret',
  '*.token',
  '*.ssn',
  '*.params',
  '*.body',
  'params',
  'body',
];

/** Patterns of personal data or secrets that may appear in an error's message. */
const scrubbed: [RegExp, string][] = [
  [/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[a-z]{2,}/gi, '[email]'],
  [/\bpi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g, '[client secret]'],
  [/\b(?:sk|rk|whsec)_[A-Za-z0-9_]+/g, '[secret]'],
  // SSNs and phone numbers in any layout: runs of digits with spaces, dots or dashes.
  [/\d(?:[\s().-]*\d){6,}/g, '[number]'],
];

/** `text` with e-mail addresses, secrets and long numbers replaced. */
export function scrubText(text: string): string {
  return scrubbed.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** The first line of a failed query's message is its SQL; the parameters that follow are dropped. */
function messageOf(error: Error & { query?: unknown; params?: unknown }): string {
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`;
  return scrubText(error.message);
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string; code?: string; cause?: SerializedError };

/** An error as the log holds it: type, safe message, code, stack frames (not the message they repeat), cause. */
export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) return serializeThrownValue(value, depth);
  const error = value as Error & { code?: unknown; query?: unknown; params?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const serialized: SerializedError = { type: error.name || error.constructor.name, message: messageOf(error), stack: frames };
  if (typeof error.code === 'string' || typeof error.code === 'number') serialized.code = String(error.code);
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * Something thrown that is not an `Error` (a library's plain object, another realm's error): its own
 * message, code and stack when it has them, else its JSON, never "[object Object]".
 */
function serializeThrownValue(value: unknown, depth: number): SerializedError {
  if (value === null || typeof value !== 'object') return { type: typeof value, message: scrubText(String(value)), stack: '' };
  const thrown = value as { name?: unknown; message?: unknown; stack?: unknown; code?: unknown; cause?: unknown };
  if (typeof thrown.message === 'string') {
    const like = Object.assign(new Error(thrown.message), { name: typeof thrown.name === 'string' ? thrown.name : value.constructor?.name || 'Object', stack: typeof thrown.stack === 'string' ? thrown.stack : '', code: thrown.code, cause: thrown.cause });
    return serializeError(like, depth);
  }
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    // A circular value: its keys at least.
    json = `{ ${Object.keys(value).join(', ')} }`;
  }
  return { type: value.constructor?.name || 'object', message: scrubText(json.slice(0, 1_000)), stack: '' };
}

type LoggedRequest = { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } };

/** A request as the log holds it: the method and the path, without its query string. */
export function serializeRequest(request: LoggedRequest) {
  return { method: request.method, url: (request.url ?? '').split('?')[0], remoteAddress: request.ip ?? request.socket?.remoteAddress };
}

/** Fastify's logger options for the server. */
export function loggerOptions(env: Env): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: env.NODE_ENV === 'production' ? 'info' : 'debug',
    redact: { paths: redactedPaths },
    serializers: {
      req: serializeRequest,
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
    },
  };
}
