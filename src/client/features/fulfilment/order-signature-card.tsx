import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StepUpDownloadLink } from '../../lib/staff/step-up';
import { toast } from 'sonner';
import { FileSignature } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Button, buttonClass } from '../../components/ui/button';
import { ApiError, apiRequest } from '../../lib/api';
import { isInStatusGroup } from '../../../shared/orders/lifecycle';
import type { OrderDetail } from '../../../shared/fulfilment/orders';
import type { SignatureRequestResponse, SigningState } from '../../../shared/signing/signing';
import { formatLongDateTime } from './order-formats';
import { orderQueryKey } from './use-order-detail';

const stateLabels: Record<SigningState['state'], string> = {
  not_requested: 'Not requested',
  sent: 'Sent',
  reminded: 'Sent and reminded',
  verified: 'Opened and verified',
  signed: 'Signed',
  expired: 'Expired',
  locked: 'Locked after five wrong answers',
};

/** The signing state's details as "what: when" rows. */
function detailsOf(signing: SigningState): [string, string][] {
  if (signing.state === 'not_requested') return [];
  const rows: [string, string][] = [['Sent', formatLongDateTime(signing.sentAt)]];
  if (signing.remindedAt) rows.push(['Reminded', formatLongDateTime(signing.remindedAt)]);
  if (signing.verifiedAt) rows.push(['Verified', formatLongDateTime(signing.verifiedAt)]);
  if (signing.signedAt) rows.push(['Signed', `${formatLongDateTime(signing.signedAt)} by ${signing.signerName ?? 'the customer'}`]);
  else rows.push([signing.state === 'expired' ? 'Expired' : 'Expires', formatLongDateTime(signing.expiresAt)]);
  return rows;
}

/**
 * The customer's signature of the SS-4 (decision 022): where the request stands, a button that
 * sends (or resends) the link, and the signed file once there is one.
 */
export function OrderSignatureCard({ order }: { order: OrderDetail }) {
  const queryClient = useQueryClient();
  const signing: SigningState = order.signing ?? { state: 'not_requested' };
  const closed = isInStatusGroup('closed', order.status);
  const send = useMutation({
    mutationFn: () => apiRequest<SignatureRequestResponse>('POST', `/api/manage/orders/${order.id}/signature-requests`),
    onSuccess: async () => {
      toast.success(`The signing link was sent to ${order.billingEmail}.`);
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
    },
    onError: (error) => toast.error(error instanceof ApiError && error.code !== 'internal_error' ? error.message : 'The signing link could not be sent. Please try again.'),
  });

  const resend = signing.state !== 'not_requested';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSignature className="size-5 text-brand-600" aria-hidden="true" />
          Customer Signature
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>
          <span className="text-slate-600">State: </span>
          <strong className="text-slate-900" data-testid="signing-state">
            {stateLabels[signing.state]}
          </strong>
        </p>
        {detailsOf(signing).length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {detailsOf(signing).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {signing.state === 'signed' ? (
            <StepUpDownloadLink className={buttonClass({ variant: 'primary' })} href={`/api/manage/orders/${order.id}/ss4-signed.pdf`}>
              Download signed SS-4
            </StepUpDownloadLink>
          ) : null}
          {!closed ? (
            <Button variant={signing.state === 'signed' ? 'secondary' : 'primary'} disabled={send.isPending} onClick={() => send.mutate()}>
              {send.isPending ? 'Sending...' : resend ? 'Send a new signing link' : 'Send for signature'}
            </Button>
          ) : null}
        </div>
        {resend && signing.state !== 'signed' && !closed ? (
          <p className="text-xs text-slate-600">A new link replaces the one sent before.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
