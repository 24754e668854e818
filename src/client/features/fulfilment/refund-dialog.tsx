import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LoaderCircle } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { Select, TextArea, TextInput } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { formatUsd } from '#shared/money.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import {
  parseDollarsToCents,
  refundMessages,
  refundReasonLabels,
  refundRequestSchema,
  staffRefundReasons,
  type RefundRequest,
  type RefundResponse,
} from '#shared/refunds/refunds.ts';
import { ordersListKey } from './orders-list-query';
import { orderQueryKey } from './use-order-detail';

type RefundForm = { amount: string; reason: string; note: string };

/** The typed dollars as cents, then the same schema the server parses with, then what remains. */
function refundResolver(refundableCents: number): Resolver<RefundForm, unknown, RefundRequest> {
  return async (values) => {
    const amountCents = values.amount.trim() === '' ? Number.NaN : parseDollarsToCents(values.amount);
    const errors: Record<string, { type: string; message: string }> = {};
    if (values.amount.trim() === '') errors.amount = { type: 'required', message: refundMessages.amountRequired };
    else if (amountCents === null) errors.amount = { type: 'format', message: refundMessages.amountFormat };
    const parsed = refundRequestSchema.safeParse({ amountCents: amountCents ?? Number.NaN, reason: values.reason, note: values.note });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amountCents' ? 'amount' : String(issue.path[0]);
        errors[field] ??= { type: issue.code, message: issue.message };
      }
    }
    if (parsed.success && parsed.data.amountCents > refundableCents) errors.amount ??= { type: 'max', message: refundMessages.amountTooLarge(refundableCents) };
    if (Object.keys(errors).length > 0 || !parsed.success) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };
}

function useCreateRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RefundRequest) => apiRequest<RefundResponse>('POST', `/api/manage/orders/${orderId}/refunds`, request),
    onSettled: async () => {
      // A refund may cancel the order (a new status and history row), and a refused one may still show as failed.
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) }), queryClient.invalidateQueries({ queryKey: ordersListKey })]);
    },
  });
}

/**
 * Refund (admins only): a full or partial amount, a reason and a note, then a confirmation that
 * names the amount. The server checks the amount again under the order's lock.
 */
export function RefundDialog({ order, preset, triggerLabel = 'Refund' }: { order: OrderDetail; preset?: RefundRequest; triggerLabel?: string }) {
  const { refundableCents } = order.payments;
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<RefundRequest | null>(null);
  const create = useCreateRefund(order.id);
  const handleStaffApiError = useStaffApiErrorHandler();
  const blank: RefundForm = preset
    ? { amount: (preset.amountCents / 100).toFixed(2), reason: preset.reason, note: preset.note }
    : { amount: (refundableCents / 100).toFixed(2), reason: '', note: '' };
  const form = useForm<RefundForm, unknown, RefundRequest>({ resolver: refundResolver(refundableCents), defaultValues: blank });
  const { errors } = form.formState;

  // A preset refund (the duplicate's full refund) opens on its confirmation: one click, then the amount named.
  function reset(nextOpen: boolean) {
    if (create.isPending) return;
    setOpen(nextOpen);
    setConfirming(nextOpen && preset ? preset : null);
    form.reset(blank);
  }

  function refund() {
    if (!confirming) return;
    create.mutate(confirming, {
      onSuccess: (answer) => {
        toast.success(`Refunded ${formatUsd(answer.refund.amountCents)}.`);
        reset(false);
      },
      onError: (error) => {
        if (handleStaffApiError(error)) return;
        setConfirming(null);
        const message = error instanceof ApiError ? error.message : refundMessages.providerFailed;
        if (error instanceof ApiError && error.code === 'refund_exceeds_payment') form.setError('amount', { message });
        else toast.error(message);
      },
    });
  }

  const full = confirming?.amountCents === refundableCents;
  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      title={confirming ? 'Confirm refund' : 'Refund payment'}
      description={confirming ? undefined : `Up to ${formatUsd(refundableCents)} can be refunded to the customer's card.`}
      trigger={
        <Button variant="secondary" disabled={refundableCents <= 0}>
          {triggerLabel}
        </Button>
      }
    >
      {confirming ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-800">
            Refund <strong className="tabular-nums">{formatUsd(confirming.amountCents)}</strong> to the customer's card? This cannot be undone.
            {full ? ' The order will be cancelled.' : ''}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={create.isPending}>
              Back
            </Button>
            <Button onClick={refund} disabled={create.isPending} aria-busy={create.isPending} className="bg-red-600 hover:bg-red-700">
              {create.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
              {create.isPending ? 'Refunding...' : `Refund ${formatUsd(confirming.amountCents)}`}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((request) => setConfirming(request))} className="space-y-4">
          <Field label="Amount (USD)" required error={errors.amount?.message} hint={`Full refund: ${formatUsd(refundableCents)}`}>
            {(control) => <TextInput {...control} {...form.register('amount')} inputMode="decimal" autoComplete="off" />}
          </Field>
          <Field label="Reason" required error={errors.reason?.message}>
            {(control) => (
              <Select {...control} {...form.register('reason')}>
                <option value="">Choose a reason</option>
                {staffRefundReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {refundReasonLabels[reason]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Note" error={errors.note?.message}>
            {(control) => <TextArea {...control} {...form.register('note')} rows={3} maxLength={500} />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit">Continue</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
