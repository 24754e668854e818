import { m } from '#shared/i18n/messages.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimitedWith } from '../http';

/** Calls per client and minute on each route of a link: a customer needs a handful, a guesser many. */
export const linkCallsPerMinute = 30;
/** Answers to a link's question (and codes asked for) per client and minute, on top of the link's own lock after five wrong answers. */
export const linkAnswersPerMinute = 10;

/** What a client that called a link's route too often is told. */
export const linkRateLimitedMessage = (): string => m.errors_rate_limited();

/** Nothing a customer link answers may be kept by a browser or a proxy: it is personal and short-lived. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex');
}

/**
 * The options of a customer link's route: its limit per client and minute (`answer` for the routes
 * that answer the question or send a code, tighter), and answers no one keeps or indexes. The headers
 * are set just before the handler runs, so its refusals (an unavailable link) carry them too.
 */
export function linkRoute(limit: 'call' | 'answer' = 'call') {
  return {
    config: { rateLimit: { max: limit === 'answer' ? linkAnswersPerMinute : linkCallsPerMinute, timeWindow: '1 minute', errorResponseBuilder: rateLimitedWith(linkRateLimitedMessage) } },
    preHandler: noStore,
  };
}

/** The token in the route's address (`/:token…`). */
export function linkTokenOf(request: FastifyRequest): string {
  return (request.params as { token?: string }).token ?? '';
}
