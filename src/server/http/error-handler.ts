import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statusByErrorCode as statusByCode, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';
import { AppError } from '../errors';

function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(statusByCode) as [ErrorCode, number][]).find(([, value]) => value === status);
  return found ? found[0] : 'bad_request';
}

/**
 * The router's own refusals (an address that does not decode, a path part over Fastify's length
 * limit), answered before any route or hook runs: in the one envelope too, with their status.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ApiErrorBody = { error: { code: 'bad_request', message: tooLong ? 'A part of this address is too long.' : 'This address is not valid.' } };
  void reply.status(tooLong ? 414 : 400).send(body);
}

/** Maps every error to a JSON body with a code; a client's mistake is never a 500, and no stack leaves. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: { code: error.code, message: error.message, fields: error.fields } };
      return reply.status(error.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = { error: { code: codeForStatus(status), message: error.message } };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = { error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } };
    return reply.status(500).send(body);
  });
}
