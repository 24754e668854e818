import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { formatSsn } from '#shared/ss4/ss4-mapping.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { isStepUpRequired, useStepUp } from '#client/lib/staff/step-up.tsx';
import { useRevealSsn } from './use-order-detail';
import type { SsnField } from '#shared/application/contact.ts';
import { revealedNumberKinds } from '#shared/fulfilment/orders.ts';

const revealFailed = 'The number could not be revealed. Please try again.';

/**
 * One taxpayer number of the order (the responsible party's SSN or ITIN, the decedent's or the
 * grantor's SSN): masked as the order came, the full number only after Reveal, which asks the server
 * (and so leaves an audit record) each time. The row's label names the kind (SSN, ITIN); a responsible
 * party found to have neither reads "None (foreign)".
 */
export function OrderSsn({ orderId, field, masked, label }: { orderId: number; field: SsnField; masked: string; label: string }) {
  const reveal = useRevealSsn(orderId, field);
  const [revealed, setRevealed] = useState<string | null>(null);
  const handleApiError = useStaffApiErrorHandler();
  const { ensureStepUp } = useStepUp();

  // A code from the last 15 minutes first (asked in a dialog when older); asked again if the server
  // still wants one (the window closed in between).
  async function show(retry = true) {
    if (!(await ensureStepUp())) return;
    reveal.mutate(undefined, {
      onSuccess: ({ ssn, kind }) => {
        if (ssn) setRevealed(formatSsn(ssn));
        else if (kind === 'none') setRevealed(revealedNumberKinds.none);
        else toast.error(revealFailed);
      },
      onError: (error) => {
        if (retry && isStepUpRequired(error)) void show(false);
        else if (!handleApiError(error)) toast.error(revealFailed);
      },
    });
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-mono tabular-nums" aria-live="polite">
        {revealed ?? masked}
      </span>
      {revealed ? (
        <Button variant="ghost" className="px-2! py-1!" onClick={() => setRevealed(null)} aria-label={`Hide ${label}`}>
          <EyeOff className="size-4" aria-hidden="true" />
          Hide
        </Button>
      ) : (
        <Button variant="ghost" className="px-2! py-1!" onClick={() => void show()} disabled={reveal.isPending} aria-label={`Reveal ${label}`}>
          <Eye className="size-4" aria-hidden="true" />
          {reveal.isPending ? 'Revealing...' : 'Reveal'}
        </Button>
      )}
    </span>
  );
}
