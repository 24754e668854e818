import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppServices } from '../../services';
import { rateLimitedWith } from '../../plugins/rate-limit';
import { cancelOrderByLink, describeCancellation } from '../../refunds/cancellation-links';
import type { CancellationView } from '../../../shared/refunds';

// The customer's one-hour cancellation page's API (decision 026), `/api/cancellations/:token`. The
// token in the address is the only proof: it travels in the confirmation e-mail and page alone.

/** Calls per client and minute: a customer needs two, a guesser many. */
export const cancellationCallsPerMinute = 30;

const options = {
  config: { rateLimit: { max: cancellationCallsPerMinute, timeWindow: '1 minute', errorResponseBuilder: rateLimitedWith('Too many requests. Please wait a minute and try again.') } },
  // The answer names the customer's company: no cache may keep it.
  onSend: async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  },
};

const tokenOf = (params: unknown) => String((params as { token?: unknown }).token ?? '');

export function registerCancellationRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/cancellations/:token', options, async (request): Promise<CancellationView> =>
    describeCancellation({ db: services.database.db, token: tokenOf(request.params), supportEmail: services.env.SUPPORT_EMAIL }),
  );

  app.post('/api/cancellations/:token', options, async (request): Promise<CancellationView> =>
    cancelOrderByLink({ services, token: tokenOf(request.params), ipAddress: request.ip, log: request.log }),
  );
}
