import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import type { DuplicateWarning } from '#shared/checkout/checkout.ts';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { paths } from '#client/paths.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';

/**
 * The same company and responsible party were paid for in the last 30 days (decision 041): said before
 * the payment form, with the way to that order's progress. It does not stop the customer.
 */
export function DuplicateNotice({ warning }: { warning: DuplicateWarning }) {
  const localized = useLocalizedPath();
  return (
    <section role="status" aria-labelledby="duplicate-heading" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <h2 id="duplicate-heading" className="font-semibold">
          {checkoutMessages.duplicateTitle}
        </h2>
        <p>{checkoutMessages.duplicateText(warning.trackingLast4)}</p>
        <p>
          <Link to={localized(paths.track)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {checkoutMessages.duplicateLink}
          </Link>
        </p>
        <p>{checkoutMessages.duplicateGoOn}</p>
      </div>
    </section>
  );
}
