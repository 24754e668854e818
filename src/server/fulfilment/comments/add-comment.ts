import { sql } from 'drizzle-orm';
import { orderComments, type Database } from '#server/db/index.ts';
import type { CommentAddedEventData, OrderComment } from '#shared/fulfilment/comments.ts';
import { commentEventsChannel } from './comment-events';

export type AddCommentOptions = {
  orderId: number;
  author: { id: string; name: string; email: string };
  /** Already trimmed and checked by `newCommentSchema`. */
  text: string;
};

/**
 * Saves the comment and announces it on the comments channel in the same transaction, so every app
 * instance hears of it exactly when it is committed (and never of one that was rolled back).
 */
export async function addComment(database: Database, { orderId, author, text }: AddCommentOptions): Promise<OrderComment> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx.insert(orderComments).values({ orderId, userId: author.id, commentText: text }).returning();
    if (!row) throw new Error('The comment was not stored');
    const event: CommentAddedEventData = { orderId, commentId: row.id };
    await tx.execute(sql`select pg_notify(${database.channel(commentEventsChannel)}, ${JSON.stringify(event)})`);
    return {
      id: row.id,
      orderId: row.orderId,
      text: row.commentText,
      createdAt: row.createdAt.toISOString(),
      author: { id: author.id, name: author.name, email: author.email },
    };
  });
}
