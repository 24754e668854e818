import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest, isFailedCall } from '#client/lib/api.ts';
import { customerErrorMessage } from '#client/lib/error-messages.ts';
import { trackingMessages, type TrackingResult } from '#shared/tracking/tracking.ts';

/** What the page shows when a lookup fails: a message in the page, a toast, or the field's error. */
export type TrackingLookupProblem =
  | { kind: 'not_found'; message: string }
  | { kind: 'rate_limited'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

/** The spec's error catalogue (02, section 8) for a failed lookup. */
export function trackingLookupProblem(error: unknown): TrackingLookupProblem {
  if (error instanceof ApiError) {
    if (isFailedCall(error)) return { kind: 'failed', message: trackingMessages.fetchFailed };
    switch (error.code) {
      case 'not_found':
        return { kind: 'not_found', message: trackingMessages.notFound };
      // One sentence for the lookups' limit: the page's own.
      case 'rate_limited':
        return { kind: 'rate_limited', message: trackingMessages.rateLimited };
      // What is wrong with the number, in the server's words (the page checks the same before asking).
      case 'bad_request':
      case 'validation_failed':
        return { kind: 'invalid', message: customerErrorMessage(error) };
    }
  }
  return { kind: 'failed', message: trackingMessages.unexpected };
}


/**
 * Looks up a tracking number (null: nothing to look up). A network or server failure is retried
 * once, then told in a toast; the other failures are for the page to show.
 */
export function useTrackingLookup(trackingNumber: string | null) {
  const query = useQuery({
    queryKey: ['tracking', trackingNumber],
    queryFn: () => apiRequest<TrackingResult>('GET', `/api/track/${encodeURIComponent(trackingNumber ?? '')}`),
    enabled: trackingNumber !== null,
    retry: (failureCount, error) => failureCount < 1 && isFailedCall(error),
    // The status changes as staff work the order: a result is not kept once nobody shows it.
    gcTime: 0,
  });

  const problem = query.error ? trackingLookupProblem(query.error) : null;
  const toastMessage = problem?.kind === 'failed' ? problem.message : null;
  useEffect(() => {
    // One toast per failure (the id keeps a re-render from stacking a second one).
    if (toastMessage) toast.error(toastMessage, { id: `tracking-lookup-${query.errorUpdatedAt}` });
  }, [toastMessage, query.errorUpdatedAt]);

  return {
    result: query.data ?? null,
    problem,
    looking: query.isFetching,
    lookUpAgain: () => void query.refetch(),
  };
}
