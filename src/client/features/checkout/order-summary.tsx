import { Info } from 'lucide-react';
import { formatUsd } from '#shared/money.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

type OrderSummaryProps = {
  /** The price in cents: the server's amount once the checkout is set up, the published price before. */
  amountCents: number;
  companyName?: string;
};

/** The one service line and the total, with the reminder that the IRS itself charges nothing. */
export function OrderSummary({ amountCents, companyName }: OrderSummaryProps) {
  const price = formatUsd(amountCents);
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="order-summary-heading" className="text-lg font-semibold text-slate-900">
        Order Summary
      </h2>
      <dl className="mt-4 divide-y divide-slate-200 text-sm">
        <div className="flex items-start justify-between gap-4 pb-3">
          <dt>
            <span className="font-medium text-slate-900">EIN Application Service</span>
            {companyName ? <span className="mt-0.5 block text-slate-600">For {companyName}</span> : null}
          </dt>
          <dd className="font-medium text-slate-900">{price}</dd>
        </div>
        <div className="flex items-center justify-between gap-4 pt-3">
          <dt className="text-base font-semibold text-slate-900">Total</dt>
          <dd className="text-base font-semibold text-slate-900" data-testid="order-total">
            {price}
          </dd>
        </div>
      </dl>
      <p className="mt-4 flex gap-2 rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span>
          The IRS issues EINs free of charge at{' '}
          <a href={irsWebsite} rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            IRS.gov
          </a>
          . EIN Filing Service is a private company, not the IRS: this is a paid service that prepares, reviews and files your
          application for you.
        </span>
      </p>
    </section>
  );
}
