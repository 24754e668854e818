import { Info } from 'lucide-react';
import { formatUsd } from '#shared/money.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';
import { m } from '#shared/i18n/messages.ts';

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
        {m.checkout_summary_heading()}
      </h2>
      <dl className="mt-4 divide-y divide-slate-200 text-sm">
        <div className="flex items-start justify-between gap-4 pb-3">
          <dt>
            <span className="font-medium text-slate-900">{m.checkout_summary_service()}</span>
            {companyName ? <span className="mt-0.5 block text-slate-600">{m.checkout_summary_for({ companyName })}</span> : null}
          </dt>
          <dd className="font-medium text-slate-900">{price}</dd>
        </div>
        <div className="flex items-center justify-between gap-4 pt-3">
          <dt className="text-base font-semibold text-slate-900">{m.checkout_summary_total()}</dt>
          <dd className="text-base font-semibold text-slate-900" data-testid="order-total">
            {price}
          </dd>
        </div>
      </dl>
      <p className="mt-4 flex gap-2 rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span>
          {m.checkout_summary_irs_before_link()}{' '}
          <a href={irsWebsite} rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            IRS.gov
          </a>
          {m.checkout_summary_irs_after_link()}
        </span>
      </p>
    </section>
  );
}
