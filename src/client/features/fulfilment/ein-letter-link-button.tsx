import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError, apiRequest, isFailedCall } from '#client/lib/api.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import type { EinLetterLinkResponse, OrderDetail } from '#shared/fulfilment/orders.ts';
import { orderQueryKey } from './use-order-detail';

/**
 * "Send a new EIN-letter link": e-mails the customer a new link to the IRS's letter on their completed
 * order (the last one may have expired or been lost). An e-mail that could not go out now is queued,
 * and the outbox tries it again.
 */
export function EinLetterLinkButton({ order }: { order: Pick<OrderDetail, 'id' | 'billingEmail'> }) {
  const queryClient = useQueryClient();
  const handleApiError = useStaffApiErrorHandler();
  const recipient = order.billingEmail || 'the customer';
  const send = useMutation({
    mutationFn: () => apiRequest<EinLetterLinkResponse>('POST', `/api/manage/orders/${order.id}/ein-letter-link`),
    onSuccess: async ({ emailed }) => {
      if (emailed) toast.success(`A new EIN-letter link was sent to ${recipient}.`);
      else toast.warning(`A new EIN-letter link for ${recipient} is queued: the e-mail could not be sent now and will be retried.`);
      // The order's E-mails card lists the new e-mail.
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
    },
    onError: (error) => {
      if (handleApiError(error)) return;
      toast.error(error instanceof ApiError && !isFailedCall(error) && error.message ? error.message : 'The EIN-letter link could not be sent. Please try again.');
    },
  });

  return (
    <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate()}>
      {send.isPending ? 'Sending...' : 'Send a new EIN-letter link'}
    </Button>
  );
}
