import { CircleCheck } from 'lucide-react';
import { feeIncludes, irsWebsite, irsWebsiteName } from '#shared/site/service-fee.ts';
import { m } from '#shared/i18n/messages.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { formatPrice, withParts } from './message-parts';

/** "Applying directly with the IRS is free…", with IRS.gov linked. */
export function IrsIsFree({ className }: { className?: string }) {
  return (
    <p className={className}>
      {withParts(m.site_fee_irs_is_free, {
        irsLink: (
          <a href={irsWebsite} rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            {irsWebsiteName}
          </a>
        ),
      })}
    </p>
  );
}

/**
 * The price up front: the live fee (the price setting step 6 charges), what it buys, and that applying
 * directly with the IRS is free. On the landing page and the FAQ; the wizard's first step has a shorter
 * form of it (`FeeLine`, in fee-line.tsx: step 1 downloads only that).
 */
export function ServiceFee({ headingId, headingLevel: Heading = 'h2' }: { headingId: string; headingLevel?: 'h2' | 'h3' }) {
  const { priceCents } = usePublicConfig();
  return (
    <section aria-labelledby={headingId} data-testid="service-fee">
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {m.site_fee_title()}
      </Heading>
      <p className="mt-1 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="service-fee-amount">
          {formatPrice(priceCents)}
        </span>
        <span className="text-sm text-slate-600">{m.site_fee_once()}</span>
      </p>
      <p className="mt-4 text-sm font-medium text-slate-900">{m.site_fee_buys()}</p>
      <ul className="mt-2 space-y-2 text-sm text-slate-700">
        {feeIncludes().map((item) => (
          <li key={item} className="flex gap-2">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
      <IrsIsFree className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-slate-800" />
    </section>
  );
}
