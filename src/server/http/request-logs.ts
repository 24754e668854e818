import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { logsRequests, type Env } from '../env';

/**
 * Fastify's own log lines. Without request logging (`logsRequests`), the "incoming request" and
 * "request completed" pair is left out; a request that fails is still logged, as are every other
 * line Fastify writes (a route not found, a reply that could not be written).
 */
class ErrorsOnlyRequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}

export function requestLogController(env: Pick<Env, 'LOG_REQUESTS' | 'NODE_ENV'>): LogController {
  return logsRequests(env) ? new LogController() : new ErrorsOnlyRequestLogs();
}
