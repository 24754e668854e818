import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { ApiError, apiRequest } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { signingLinkResendMessage, signingLinkResendRateLimited, trackingMessages } from '../../../shared/tracking/tracking';

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.code === 'rate_limited') return error.message || signingLinkResendRateLimited;
  return trackingMessages.unexpected;
}

/**
 * "Send me a new link": asks the server to e-mail a new signing link to the address on the order.
 * The answer is the same whatever the order, and the link never appears here.
 */
export function SigningLinkRequest({ trackingNumber }: { trackingNumber: string }) {
  const request = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', `/api/track/${encodeURIComponent(trackingNumber)}/signing-link`),
  });
  return (
    <div className="mt-3 space-y-2">
      <Button type="button" variant="secondary" disabled={request.isPending || request.isSuccess} onClick={() => request.mutate()}>
        <Send className="size-4" aria-hidden="true" />
        {request.isPending ? 'Sending...' : 'E-mail me a new signing link'}
      </Button>
      <p role="status" className="text-sm font-normal text-amber-900" data-testid="signing-link-status">
        {request.isSuccess ? signingLinkResendMessage : request.isError ? problemOf(request.error) : ''}
      </p>
    </div>
  );
}
