import type { FastifyInstance } from 'fastify';
import type { Services } from '#server/contracts/index.ts';
import { parseWith } from '#server/http/index.ts';
import { guardedOrderOf, staffOf } from '#server/staff/index.ts';
import { newCommentSchema, type CommentResponse, type CommentsResponse } from '#shared/fulfilment/comments.ts';
import { addComment } from './add-comment';
import { createCommentEventHub } from './comment-events';
import { commentStreamTimings, streamCommentEvents, type CommentStreamTimings } from './stream-comment-events';
import { findComments } from './find-comments';
import { commentResponseSchema, commentsResponseSchema, orderIdParamsSchema } from '#shared/fulfilment/answers.ts';
import { routeSchema, type DocumentedRoutes } from '#server/api-document/index.ts';

/** `/api/manage/orders/:id/comments` and its live events. */
export async function registerOrderCommentRoutes(
  app: FastifyInstance,
  { database }: Pick<Services, 'database'>,
  timings: CommentStreamTimings = commentStreamTimings,
): Promise<void> {
  const hub = createCommentEventHub(database);
  // Open streams would keep the server from closing: they end first, then the subscription stops.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());

  const api = app.withTypeProvider<DocumentedRoutes>();
  const commentsRoute = { tag: 'Orders', access: { kind: 'staff', permission: 'orders:read', order: true }, params: orderIdParamsSchema } as const;

  api.get('/api/manage/orders/:id/comments', { schema: routeSchema({ ...commentsRoute, summary: 'An order\'s comments, newest first', answers: { 200: commentsResponseSchema } }) }, async (request, reply) => {
    const order = guardedOrderOf(request);
    reply.header('cache-control', 'no-store');
    const body: CommentsResponse = { comments: await findComments(database.db, order.id) };
    return body;
  });

  api.post(
    '/api/manage/orders/:id/comments',
    { schema: routeSchema({ ...commentsRoute, access: { kind: 'staff', permission: 'orders:comment', order: true }, summary: 'Add a comment', body: newCommentSchema, answers: { 201: commentResponseSchema } }) },
    async (request, reply) => {
    const order = guardedOrderOf(request);
    const { text } = parseWith(newCommentSchema, request.body);
    const { user } = staffOf(request);
    const body: CommentResponse = { comment: await addComment(database, { orderId: order.id, author: user, text }) };
    return reply.status(201).send(body);
  });

  api.get(
    '/api/manage/orders/:id/comments/events',
    {
      compress: false,
      schema: routeSchema({
        ...commentsRoute,
        summary: 'New comments as they are added',
        description: 'Server-sent events: a `comment-added` event with `{ orderId, commentId }` for each comment, and a comment line now and then to keep the stream open.',
        answers: { 200: { file: 'text/event-stream', description: 'The event stream.' } },
      }),
    },
    async (request, reply) => {
    const order = guardedOrderOf(request);
    await streamCommentEvents(request, reply, { hub, orderId: order.id, timings });
  });
}
