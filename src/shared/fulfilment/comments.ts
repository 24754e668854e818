import { z } from 'zod';
import { staffMessages } from '../staff/staff-messages';
import { refuseUnstorableText, writtenText } from '../storable-text';

export const maxCommentLength = 5000;

/** `POST /api/manage/orders/:id/comments`: the text is trimmed before it is checked and saved. */
export const newCommentSchema = refuseUnstorableText(
  z
    .object({
      text: writtenText(z.string().trim().min(1, staffMessages.commentRequired).max(maxCommentLength, staffMessages.commentTooLong)),
    })
    .strict(),
);
export type NewComment = z.infer<typeof newCommentSchema>;

export type OrderComment = {
  id: number;
  orderId: number;
  text: string;
  createdAt: string;
  /** null when the author's account was deleted ("Unknown User"). */
  author: { id: string; name: string; email: string } | null;
  /** Written for the customer's own action (signing the SS-4): shown as "Customer". */
  byCustomer?: boolean;
};

/** Newest first. */
export type CommentsResponse = { comments: OrderComment[] };
export type CommentResponse = { comment: OrderComment };

/** The server-sent event on `GET /api/manage/orders/:id/comments/events` when a comment is added. */
export const commentAddedEvent = 'comment-added';
export type CommentAddedEventData = { orderId: number; commentId: number };
