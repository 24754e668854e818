import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatCustomerClockTime, formatCustomerTime } from '#shared/customer-time.ts';
import { signingLinkResendMessages, trackingMessages, type SigningLinkResendAnswer } from '#shared/tracking/tracking.ts';
import { m } from '#shared/i18n/messages.ts';

// The answer and the refusal have one sentence each: said in the page's language by their outcome and code.
function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.code === 'rate_limited') return signingLinkResendMessages.rateLimited;
  return trackingMessages.unexpected;
}

function answerText(answer: SigningLinkResendAnswer): string {
  return answer.outcome === 'requested' ? signingLinkResendMessages.sent : signingLinkResendMessages.heldBack;
}

/** When the next request counts, in the browser's zone: the time alone today, the date too otherwise. */
function nextRequestTime(iso: string): string {
  const at = new Date(iso);
  const sameDay = new Date().toDateString() === at.toDateString();
  return sameDay ? formatCustomerClockTime(at) : formatCustomerTime(at);
}

/**
 * "Send me a new link": asks the server to e-mail a new signing link to the address on the order.
 * The answer depends only on the number's earlier requests, never on the order, and the link never
 * appears here. When a link was asked for within ten minutes, the page says so and when to ask again.
 */
export function SigningLinkRequest({ trackingNumber }: { trackingNumber: string }) {
  const request = useMutation({
    mutationFn: () => apiRequest<SigningLinkResendAnswer>('POST', `/api/track/${encodeURIComponent(trackingNumber)}/signing-link`),
  });
  const answer = request.data;
  return (
    <div className="mt-3 space-y-2">
      <Button type="button" variant="secondary" disabled={request.isPending || request.isSuccess} onClick={() => request.mutate()}>
        <Send className="size-4" aria-hidden="true" />
        {request.isPending ? m.tracking_signing_link_sending() : m.tracking_signing_link_request()}
      </Button>
      <p role="status" className="text-sm font-normal text-amber-900" data-testid="signing-link-status">
        {answer ? (
          <>
            {answerText(answer)}{' '}
            <span data-testid="signing-link-next">
              {signingLinkResendMessages.nextRequestLead} <time dateTime={answer.nextRequestAt}>{nextRequestTime(answer.nextRequestAt)}</time>.
            </span>
          </>
        ) : request.isError ? (
          problemOf(request.error)
        ) : (
          ''
        )}
      </p>
    </div>
  );
}
