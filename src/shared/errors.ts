/** Error codes the API answers with, in `{ error: { code, message } }`. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string[]> };
};
