import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { isUnauthenticated } from '#client/lib/staff/staff-api.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import {
  commentAddedEvent,
  type CommentAddedEventData,
  type CommentResponse,
  type CommentsResponse,
  type NewComment,
} from '#shared/fulfilment/comments.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';

export const commentsQueryKey = (orderId: number) => ['manage-order-comments', orderId] as const;
const commentsPath = (orderId: number) => `/api/manage/orders/${orderId}/comments`;

/** The order's comments, newest first; a failure to load is told once. */
export function useOrderComments(orderId: number) {
  const query = useManageQuery({
    queryKey: commentsQueryKey(orderId),
    queryFn: () => apiRequest<CommentsResponse>('GET', commentsPath(orderId)),
  });
  const failed = query.isError && !isUnauthenticated(query.error);
  useEffect(() => {
    if (failed) toast.error(staffMessages.loadCommentsFailed, { id: `comments-load-${query.errorUpdatedAt}` });
  }, [failed, query.errorUpdatedAt]);
  return { comments: query.data?.comments ?? [], loading: query.isPending };
}

export function useAddComment(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: NewComment) => apiRequest<CommentResponse>('POST', commentsPath(orderId), comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(orderId) }),
  });
}

/** The spec's message for a comment that was not saved. */
export function addCommentFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (isUnauthenticated(error)) return staffMessages.loginToComment;
    if ((error.code === 'bad_request' || error.code === 'validation_failed') && error.message) return error.message;
  }
  return staffMessages.addCommentFailed;
}

function parseEventData(data: unknown): CommentAddedEventData | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as Partial<CommentAddedEventData>;
    return typeof parsed.commentId === 'number' ? (parsed as CommentAddedEventData) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the comments current while the page is open: the server tells of each new comment on the
 * order and the list is loaded again. After a dropped connection comes back, the list is reloaded too,
 * as a comment may have been missed meanwhile. Returns a sentence about the latest comment someone
 * else added, for a polite live region.
 */
export function useLiveComments(orderId: number, currentUserId: string): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const currentUser = useRef(currentUserId);
  useEffect(() => {
    currentUser.current = currentUserId;
  }, [currentUserId]);

  useEffect(() => {
    // Browsers without server-sent events still get the list on load and after their own comments.
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${commentsPath(orderId)}/events`);
    let openedBefore = false;
    const reload = () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(orderId) });

    const onCommentAdded = async (event: Event) => {
      const data = parseEventData((event as MessageEvent).data);
      await reload();
      if (!data) return;
      const comment = queryClient.getQueryData<CommentsResponse>(commentsQueryKey(orderId))?.comments.find((item) => item.id === data.commentId);
      if (comment && comment.author?.id !== currentUser.current) {
        setAnnouncement(`New comment from ${comment.author?.name ?? 'Unknown User'}`);
      }
    };
    const onOpen = () => {
      if (openedBefore) void reload();
      openedBefore = true;
    };

    source.addEventListener(commentAddedEvent, onCommentAdded);
    source.addEventListener('open', onOpen);
    return () => {
      source.removeEventListener(commentAddedEvent, onCommentAdded);
      source.removeEventListener('open', onOpen);
      source.close();
    };
  }, [orderId, queryClient]);

  return announcement;
}
