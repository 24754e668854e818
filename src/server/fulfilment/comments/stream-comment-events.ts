import type { FastifyReply, FastifyRequest } from 'fastify';
import { commentAddedEvent, type CommentAddedEventData } from '#shared/fulfilment/comments.ts';
import { sessionLimits } from '#shared/staff/session.ts';
import type { CommentEventHub, CommentSubscriber } from './comment-events';

export type CommentStreamTimings = {
  /** A comment line this often keeps proxies from closing a quiet stream. */
  pingMs: number;
  /**
   * The stream ends after this long. The session is checked only when a stream opens; the browser
   * reconnects on its own and is checked again, so a suspended or signed-out user is cut off in time.
   */
  maxAgeMs: number;
};

export const commentStreamTimings: CommentStreamTimings = { pingMs: 25_000, maxAgeMs: sessionLimits.idleMs };

/** How long the browser waits before reconnecting after a stream ends. */
const reconnectMs = 3000;

/**
 * Answers the request with a server-sent event stream of the order's new comments. The reply is
 * hijacked (Fastify's serialisation, compression and `onSend` hooks are skipped), so the headers
 * Fastify holds (a refreshed session cookie) are passed on here; helmet's are already on the socket.
 */
export async function streamCommentEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  { hub, orderId, timings = commentStreamTimings }: { hub: CommentEventHub; orderId: number; timings?: CommentStreamTimings },
): Promise<void> {
  const raw = reply.raw;
  let open = false;
  let ping: NodeJS.Timeout | undefined = undefined;
  let maxAge: NodeJS.Timeout | undefined = undefined;
  let unsubscribe = () => {};

  const write = (chunk: string) => {
    if (open && !raw.writableEnded && !raw.destroyed) raw.write(chunk);
  };
  const cleanUp = () => {
    clearInterval(ping);
    clearTimeout(maxAge);
    unsubscribe();
  };
  const end = () => {
    cleanUp();
    if (open && !raw.writableEnded) raw.end();
  };

  const subscriber: CommentSubscriber = {
    orderId,
    send: (event: CommentAddedEventData) => write(`event: ${commentAddedEvent}\ndata: ${JSON.stringify(event)}\n\n`),
    end,
  };
  // Listening first: an error here is still an ordinary JSON answer, and nothing committed after the
  // browser sees `connected` can be missed.
  unsubscribe = await hub.subscribe(subscriber);
  if (request.raw.destroyed || raw.destroyed) {
    unsubscribe();
    return;
  }

  reply.hijack();
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== 'content-length') headers[name] = typeof value === 'number' ? String(value) : value;
  }
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  open = true;
  write(`retry: ${reconnectMs}\n: connected\n\n`);

  ping = setInterval(() => write(': ping\n\n'), timings.pingMs);
  maxAge = setTimeout(end, timings.maxAgeMs);
  raw.on('close', cleanUp);
}
