import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { TextArea } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useStaffUser } from '#client/lib/staff/staff-session-context.tsx';
import { can } from '#shared/staff/permissions.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { maxCommentLength, newCommentSchema, type NewComment, type OrderComment } from '#shared/fulfilment/comments.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { formatShortDateTime } from './order-formats';
import { addCommentFailureMessage, useAddComment, useLiveComments, useOrderComments } from './use-order-comments';
import { EmailAddress } from '#client/components/ui/email-address.tsx';

/**
 * The Order Comments card: write a comment (for a member who may comment on the order, whose
 * `assignedTo` is its assignee), and read everyone's, kept live while the page is open.
 */
export function CommentsCard({ orderId, assignedTo }: { orderId: number; assignedTo: string | null }) {
  const user = useStaffUser();
  const mayComment = can(user, 'orders:comment', { assignedTo });
  const { comments, loading } = useOrderComments(orderId);
  const announcement = useLiveComments(orderId, user.id);
  const addComment = useAddComment(orderId);
  const handleApiError = useStaffApiErrorHandler();
  const textId = useId();

  const { register, handleSubmit, reset, control } = useForm<NewComment>({
    resolver: zodResolver(newCommentSchema),
    defaultValues: { text: '' },
  });
  const text = useWatch({ control, name: 'text' });
  const busy = addComment.isPending;
  const canSubmit = !busy && (text ?? '').trim() !== '';

  // The schema has trimmed the text by the time it gets here.
  const submit = handleSubmit(
    (comment) =>
      addComment.mutate(comment, {
        onSuccess: () => {
          toast.success(staffMessages.commentAdded);
          reset({ text: '' });
        },
        onError: (error) => {
          // An ended session is told here, then the login page takes over.
          toast.error(addCommentFailureMessage(error));
          handleApiError(error);
        },
      }),
    (errors) => toast.error(errors.text?.message ?? staffMessages.commentRequired),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Comments</CardTitle>
        <CardDescription>Add updates and communicate about this order</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {mayComment ? (
          <form noValidate onSubmit={submit} className="space-y-3">
            <label htmlFor={textId} className="sr-only">
              New comment
            </label>
            <TextArea
              id={textId}
              rows={3}
              placeholder="Add a comment about this order..."
              maxLength={maxCommentLength}
              readOnly={busy}
              {...register('text')}
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={!canSubmit}>
                {busy ? 'Adding...' : 'Add Comment'}
              </Button>
            </div>
          </form>
        ) : null}

        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>

        {loading ? (
          <p className="text-sm text-slate-600">Loading comments...</p>
        ) : comments.length === 0 ? (
          <p className="text-sm text-slate-600">No comments yet</p>
        ) : (
          <ul className="space-y-3" aria-label="Comments">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CommentItem({ comment }: { comment: OrderComment }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm">
          <span className="font-semibold text-slate-900">{comment.author?.name ?? (comment.byCustomer ? 'Customer' : 'Unknown User')}</span>
          {comment.author ? <EmailAddress address={comment.author.email} className="ml-2 text-slate-600" /> : null}
        </p>
        <time dateTime={comment.createdAt} className="text-xs text-slate-600">
          {formatShortDateTime(comment.createdAt)}
        </time>
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-800">{comment.text}</p>
    </li>
  );
}
