import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../plugins/errors';
import { rateLimitedWith } from '../../plugins/rate-limit';
import { trackingMessages, trackingNumberSchema } from '../../../shared/tracking';
import type { TrackingResult } from '../../../shared/tracking';
import { findTrackingResult } from './find-tracking-result';

/** Lookups per client and minute: plenty for a person, too few to guess tracking numbers. */
export const trackingLookupsPerMinute = 20;

export function registerTrackingRoutes(app: FastifyInstance, database: Database): void {
  app.get<{ Params: { number: string } }>(
    '/api/track/:number',
    {
      config: {
        rateLimit: {
          max: trackingLookupsPerMinute,
          timeWindow: '1 minute',
          errorResponseBuilder: rateLimitedWith(trackingMessages.rateLimited),
        },
      },
    },
    async (request, reply): Promise<TrackingResult> => {
      // The status changes as staff work the order, and the number is all it takes to ask.
      reply.header('Cache-Control', 'no-store');
      const parsed = trackingNumberSchema.safeParse(request.params.number);
      if (!parsed.success) {
        const messages = parsed.error.issues.map((issue) => issue.message);
        throw new AppError('validation_failed', messages[0] ?? trackingMessages.length, { number: messages });
      }
      const result = await findTrackingResult({ db: database.db, trackingNumber: parsed.data });
      if (!result) throw new AppError('not_found', trackingMessages.notFound);
      return result;
    },
  );
}
