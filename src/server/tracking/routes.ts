import type { FastifyInstance } from 'fastify';
import type { Services } from '../contracts';
import { AppError } from '../errors';
import { rateLimitedWith } from '../http';
import {
  signingLinkResendAnswerSchema,
  signingLinkResendMessages,
  trackingMessages,
  trackingNumberSchema,
  type SigningLinkResendAnswer,
  type TrackingResult,
} from '#shared/tracking/tracking.ts';
import { createTrackingLookup } from './find-tracking-result';
import { trackingNumberParamsSchema, trackingResultSchema } from '#shared/tracking/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';
import { resendSigningLink } from './resend-signing-link';
import { signingLinkResendsPerWindow, trackingLookupsPerMinute } from './limits';

function parseTrackingNumber(value: string): string {
  const parsed = trackingNumberSchema.safeParse(value);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => issue.message);
    throw new AppError('validation_failed', messages[0] ?? trackingMessages.length, { number: messages });
  }
  return parsed.data;
}

export function registerTrackingRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'cipher' | 'outbox' | 'env'>): void {
  const findTrackingResult = createTrackingLookup(services.database.db);
  const api = app.withTypeProvider<DocumentedRoutes>();
  api.get<{ Params: { number: string } }>(
    '/api/track/:number',
    {
      schema: routeSchema({
        summary: 'An order\'s progress',
        description: 'The customer-facing status and stage, and what the customer must do now; nothing else of the order.',
        tag: 'Tracking',
        access: { kind: 'public' },
        params: trackingNumberParamsSchema,
        answers: { 200: trackingResultSchema },
        rateLimited: true,
      }),
      config: {
        rateLimit: {
          max: trackingLookupsPerMinute,
          timeWindow: '1 minute',
          errorResponseBuilder: rateLimitedWith(() => trackingMessages.rateLimited),
        },
      },
    },
    async (request, reply): Promise<TrackingResult> => {
      // The status changes as staff work the order, and the number is all it takes to ask.
      reply.header('Cache-Control', 'no-store');
      const result = await findTrackingResult(parseTrackingNumber(request.params.number));
      if (!result) throw new AppError('not_found', trackingMessages.notFound);
      return result;
    },
  );

  // The same answer whether or not a link went out, so the endpoint tells nothing tracking does not:
  // only whether the number was asked for within ten minutes, and when it can be asked for again.
  api.post<{ Params: { number: string } }>(
    '/api/track/:number/signing-link',
    {
      schema: routeSchema({
        summary: 'Ask for a new signing link',
        description: 'The same answer whether or not a link went out, so it tells nothing tracking does not.',
        tag: 'Tracking',
        access: { kind: 'public' },
        params: trackingNumberParamsSchema,
        answers: { 202: signingLinkResendAnswerSchema },
        rateLimited: true,
      }),
      config: {
        rateLimit: { max: signingLinkResendsPerWindow, timeWindow: '10 minutes', errorResponseBuilder: rateLimitedWith(() => signingLinkResendMessages.rateLimited) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const trackingNumber = parseTrackingNumber(request.params.number);
      const { outcome, nextRequestAt } = await resendSigningLink({ services, trackingNumber, ipAddress: request.ip });
      const answer: SigningLinkResendAnswer = {
        outcome,
        message: outcome === 'requested' ? signingLinkResendMessages.sent : signingLinkResendMessages.heldBack,
        nextRequestAt: nextRequestAt.toISOString(),
      };
      return reply.code(202).send(answer);
    },
  );
}
