import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { logsRequests, type Env } from '../env';

/**
 * One line per request, written when it completes: its method and path (`req`), its status (`res`)
 * and how long it took. Fastify's own pair ("incoming request", then "request completed") wrote two
 * lines of every request, the first telling nothing the second could not.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Without request logging (`logsRequests`), only a request that fails is logged, as are every other
 * line Fastify writes (a route not found, a reply that could not be written).
 */
class ErrorsOnlyRequestLogs extends OneLinePerRequest {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

export function requestLogController(env: Pick<Env, 'LOG_REQUESTS' | 'NODE_ENV'>): LogController {
  return logsRequests(env) ? new OneLinePerRequest() : new ErrorsOnlyRequestLogs();
}
