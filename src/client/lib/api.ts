import type { ApiErrorBody, ErrorCode } from '#shared/errors.ts';
import { getLocale } from '#shared/i18n/messages.ts';

/** A failed API call: the server's code and message, and per-field messages for a 400. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network_error';
  readonly fields?: Record<string, string[]>;

  constructor(status: number, code: ApiError['code'], message: string, fields?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Whether `error` is the server's answer with this code. */
export function hasErrorCode(error: unknown, code: ApiError['code']): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/**
 * The call never got a considered answer: no connection, or the server failed. Retrying may help, and
 * the server's message (if any) is not one for the user.
 */
export function isFailedCall(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'network_error' || error.code === 'internal_error');
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/** The answer as the caller gets it: the payload of a success, an `ApiError` for anything else. */
export function answerOf<T>(status: number, payload: unknown): T {
  if (status < 200 || status > 299) {
    if (isApiErrorBody(payload)) throw new ApiError(status, payload.error.code, payload.error.message, payload.error.fields);
    throw new ApiError(status, 'internal_error', `The server answered ${status}`);
  }
  return payload as T;
}

/** The one way the browser calls the server: JSON in, JSON out, an `ApiError` for anything else. */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      // The page's language, in which the server writes its messages (a customer page's; the codes stay the same).
      headers: {
        accept: 'application/json',
        'accept-language': getLocale(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }
  const payload: unknown = await response.json().catch(() => null);
  return answerOf<T>(response.status, payload);
}
