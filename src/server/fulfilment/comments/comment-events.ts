import type { Database } from '#server/db/index.ts';
import type { CommentAddedEventData } from '#shared/fulfilment/comments.ts';

// Live comments across app instances (DESIGN 4): whoever adds a comment notifies the database's
// comments channel; each instance holds one subscription to it and hands every notification to the
// browsers that instance is streaming to for that order.

/** The channel's name before `database.channel` scopes it. */
export const commentEventsChannel = 'order_comments';

/** One open event stream, watching one order. */
export type CommentSubscriber = {
  orderId: number;
  send: (event: CommentAddedEventData) => void;
  /** Ends the stream: the instance is shutting down. */
  end: () => void;
};

export type CommentEventHub = {
  /** Resolves once the instance is listening, so nothing committed after it is missed; answers the unsubscribe. */
  subscribe: (subscriber: CommentSubscriber) => Promise<() => void>;
  /** How many streams are open on this instance. */
  subscriberCount: () => number;
  /** Ends every open stream and refuses new ones (the instance is shutting down). */
  endStreams: () => void;
  /** Ends every stream and stops listening. */
  close: () => Promise<void>;
};

/** The notification's payload, or null for anything that is not a comment event. */
export function parseCommentAddedEvent(payload: string): CommentAddedEventData | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { orderId, commentId } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(orderId) || !Number.isSafeInteger(commentId)) return null;
    return { orderId: orderId as number, commentId: commentId as number };
  } catch {
    return null;
  }
}

/**
 * The instance's subscription to the comments channel, opened with the first stream (an instance
 * nobody watches holds no listening connection) and kept until `close`.
 */
export function createCommentEventHub(database: Database): CommentEventHub {
  const byOrder = new Map<number, Set<CommentSubscriber>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  function deliver(payload: string) {
    const event = parseCommentAddedEvent(payload);
    if (!event) return;
    for (const subscriber of byOrder.get(event.orderId) ?? []) subscriber.send(event);
  }

  function startListening(): Promise<() => Promise<void>> {
    listening ??= database.listen(database.channel(commentEventsChannel), deliver).catch((error: unknown) => {
      // The next stream tries again.
      listening = null;
      throw error;
    });
    return listening;
  }

  function remove(subscriber: CommentSubscriber) {
    const set = byOrder.get(subscriber.orderId);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) byOrder.delete(subscriber.orderId);
  }

  function endStreams() {
    closed = true;
    const open = [...byOrder.values()].flatMap((set) => [...set]);
    byOrder.clear();
    for (const subscriber of open) subscriber.end();
  }

  return {
    async subscribe(subscriber) {
      if (closed) throw new Error('The comment events have stopped');
      await startListening();
      if (closed) throw new Error('The comment events have stopped');
      let set = byOrder.get(subscriber.orderId);
      if (!set) {
        set = new Set();
        byOrder.set(subscriber.orderId, set);
      }
      set.add(subscriber);
      return () => remove(subscriber);
    },
    subscriberCount() {
      let total = 0;
      for (const set of byOrder.values()) total += set.size;
      return total;
    },
    endStreams,
    async close() {
      endStreams();
      if (listening) {
        const stop = await listening.catch(() => null);
        listening = null;
        await stop?.();
      }
    },
  };
}
