import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { StepUpDownloadLink } from '#client/lib/staff/step-up.tsx';
import { toast } from 'sonner';
import { FileSignature, LoaderCircle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/form/field.tsx';
import { TextArea } from '#client/components/form/controls.tsx';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { isInStatusGroup, orderStatusLabels } from '#shared/orders/lifecycle.ts';
import { activeFilingStatuses, type FilingStatus } from '#shared/filing/filing.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import {
  maxVoidReasonLength,
  signingMessages,
  voidSignatureSchema,
  type SignatureRequestResponse,
  type SigningState,
  type VoidSignatureInput,
} from '#shared/signing/signing.ts';
import { formatLongDateTime } from './order-formats';
import { ordersListKey } from './orders-list-query';
import { orderQueryKey } from './use-order-detail';
import { useOrderPermissions } from './use-order-permissions';

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
 * sends (or resends) the link, and the signed file once there is one. A signed form is never undone
 * by a new link (decision 048): only "Void the signature and ask again", with its reason, asks the
 * customer to sign again, and not once a filing is under way.
 */
export function OrderSignatureCard({ order }: { order: OrderDetail }) {
  const queryClient = useQueryClient();
  const may = useOrderPermissions(order);
  const signing: SigningState = order.signing ?? { state: 'not_requested' };
  const closed = isInStatusGroup('closed', order.status);
  const signed = signing.state === 'signed';
  // A link for an order already awaiting the signature is only a new link; any other moves the order
  // to "Awaiting User Signature", a change of status.
  const maySend = may('orders:resend-links') && (order.status === 'awaiting_user_signature' || may('orders:change-status'));
  const filingUnderWay = (order.filing?.filings ?? []).some((entry) => (activeFilingStatuses as readonly FilingStatus[]).includes(entry.status));
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
          {signing.state === 'signed' && may('ss4:download') ? (
            <StepUpDownloadLink className={buttonClass({ variant: 'primary' })} href={`/api/manage/orders/${order.id}/ss4-signed.pdf`}>
              Download signed SS-4
            </StepUpDownloadLink>
          ) : null}
          {!closed && !signed && maySend ? (
            <Button variant="primary" disabled={send.isPending} onClick={() => send.mutate()}>
              {send.isPending ? 'Sending...' : resend ? 'Send a new signing link' : 'Send for signature'}
            </Button>
          ) : null}
          {signing.state === 'signed' && !closed && may('signatures:void') && !filingUnderWay ? <VoidSignatureDialog order={order} signing={signing} /> : null}
        </div>
        {resend && !signed && !closed && maySend ? <p className="text-xs text-slate-600">A new link replaces the one sent before.</p> : null}
        {signed && !closed && filingUnderWay && may('signatures:void') ? (
          <p className="text-xs text-slate-600" data-testid="signature-void-unavailable">
            {signingMessages.voidAfterFiling}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

type SignedState = Exclude<SigningState, { state: 'not_requested' }>;

/**
 * "Void the signature and ask again" (decision 048): a dialog that says what it does, asks why (the
 * customer's e-mail quotes it), and does it. The server checks everything again under the order's lock.
 */
function VoidSignatureDialog({ order, signing }: { order: OrderDetail; signing: SignedState }) {
  const queryClient = useQueryClient();
  const handleStaffApiError = useStaffApiErrorHandler();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<VoidSignatureInput>({ resolver: zodResolver(voidSignatureSchema), defaultValues: { reason: '' } });
  const voiding = useMutation({
    mutationFn: (input: VoidSignatureInput) => apiRequest<SignatureRequestResponse>('POST', `/api/manage/orders/${order.id}/signature/void`, input),
    onSuccess: async () => {
      setOpen(false);
      toast.success(`The signature was voided, and ${order.billingEmail} was asked to sign again.`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) }), queryClient.invalidateQueries({ queryKey: ordersListKey })]);
    },
    onError: (error) => {
      if (handleStaffApiError(error)) return;
      if (error instanceof ApiError && showServerFieldErrors(error, ['reason'], form.setError)) return;
      setProblem(error instanceof ApiError && error.code !== 'internal_error' && error.code !== 'network_error' ? error.message : 'The signature could not be voided. Please try again.');
    },
  });

  function change(nextOpen: boolean) {
    if (voiding.isPending) return;
    setOpen(nextOpen);
    setProblem(null);
    form.reset({ reason: '' });
  }

  const signedOn = signing.signedAt ? formatLongDateTime(signing.signedAt) : null;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Void the signature and ask again?"
      description="Only when the customer must sign again, for example after their answers were corrected."
      trigger={<Button variant="secondary">Void the signature and ask again</Button>}
    >
      <form noValidate onSubmit={form.handleSubmit((input) => { setProblem(null); voiding.mutate(input); })} className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800" aria-label="What happens">
          <li>
            The SS-4 {signing.signerName ?? 'the customer'} signed{signedOn ? ` on ${signedOn}` : ''} is set aside: kept on the order for the record, never filed.
          </li>
          <li>The order goes back to {orderStatusLabels.awaiting_user_signature}.</li>
          <li>
            {order.billingEmail ?? 'The customer'} gets an e-mail asking to sign again, with your reason as you write it and a new link.
          </li>
        </ul>
        <fieldset disabled={voiding.isPending} className="space-y-4">
          <Field label="Why must the customer sign again?" required hint="The customer reads this in the e-mail." error={form.formState.errors.reason?.message}>
            {(control) => <TextArea {...control} {...form.register('reason')} rows={4} maxLength={maxVoidReasonLength} />}
          </Field>
          {problem ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" aria-busy={voiding.isPending} className="bg-red-700 hover:bg-red-800">
              {voiding.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
              {voiding.isPending ? 'Voiding...' : 'Void and ask again'}
            </Button>
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
