import * as DialogPrimitive from '@radix-ui/react-dialog';
import { CircleCheck, CircleX } from 'lucide-react';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { m } from '#shared/i18n/messages.ts';
import type { PaymentResult } from './use-checkout';

type ResultDialogProps = {
  result: PaymentResult | null;
  onContinue: () => void;
  onTryAgain: () => void;
  /** Where focus goes once a failure dialog closes (there is no trigger to return to). */
  onClosed: () => void;
};

/**
 * "Payment Successful!" with Continue, or "Payment Failed" with Try Again. A paid order can only go
 * on to the confirmation page, so the success dialog has no close button and ignores Escape and
 * outside clicks; a failure closes like any dialog, which is the same as Try Again.
 */
export function ResultDialog({ result, onContinue, onTryAgain, onClosed }: ResultDialogProps) {
  const succeeded = result?.status === 'succeeded';
  return (
    <DialogPrimitive.Root
      open={result !== null}
      onOpenChange={(open) => {
        if (!open && !succeeded) onTryAgain();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-center shadow-xl focus:outline-none"
          onEscapeKeyDown={(event) => {
            if (succeeded) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (succeeded) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          {result?.status === 'succeeded' ? (
            <>
              <CircleCheck className="mx-auto size-12 text-green-600" aria-hidden="true" />
              <DialogPrimitive.Title className="mt-3 text-xl font-semibold text-slate-900">{m.checkout_result_success_title()}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-2 text-slate-700">{checkoutMessages.success}</DialogPrimitive.Description>
              <Button className="mt-6 w-full" size="lg" onClick={onContinue}>
                {m.checkout_result_continue()}
              </Button>
            </>
          ) : result?.status === 'failed' ? (
            <>
              <CircleX className="mx-auto size-12 text-red-600" aria-hidden="true" />
              <DialogPrimitive.Title className="mt-3 text-xl font-semibold text-slate-900">{m.checkout_result_failed_title()}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-2 text-slate-700">{result.message}</DialogPrimitive.Description>
              <p className="mt-2 text-sm text-slate-600">{m.checkout_result_answers_saved()}</p>
              <Button className="mt-6 w-full" size="lg" onClick={onTryAgain}>
                {m.checkout_result_try_again()}
              </Button>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
