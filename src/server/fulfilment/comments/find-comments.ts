import { desc, eq } from 'drizzle-orm';
import { orderComments, user, type Db } from '#server/db/index.ts';
import type { OrderComment } from '#shared/fulfilment/comments.ts';

/** An order's comments, newest first, each with its author (null once the author's account is deleted). */
export async function findComments(db: Db, orderId: number): Promise<OrderComment[]> {
  const rows = await db
    .select({
      id: orderComments.id,
      orderId: orderComments.orderId,
      text: orderComments.commentText,
      createdAt: orderComments.createdAt,
      authorId: user.id,
      authorName: user.name,
      authorEmail: user.email,
      byCustomer: orderComments.byCustomer,
    })
    .from(orderComments)
    .leftJoin(user, eq(user.id, orderComments.userId))
    .where(eq(orderComments.orderId, orderId))
    // Comments added in one transaction share a timestamp; the id keeps their order stable.
    .orderBy(desc(orderComments.createdAt), desc(orderComments.id));

  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    author: row.authorId !== null && row.authorName !== null && row.authorEmail !== null ? { id: row.authorId, name: row.authorName, email: row.authorEmail } : null,
    ...(row.byCustomer ? { byCustomer: true } : {}),
  }));
}
