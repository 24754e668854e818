import { feeIncludes } from '#shared/site/service-fee.ts';
import { m } from '#shared/i18n/messages.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { formatPrice } from './message-parts';

/** The fee in a sentence, before the first question of the wizard. */
export function FeeLine({ className }: { className?: string }) {
  const { priceCents } = usePublicConfig();
  return (
    <p className={className} data-testid="service-fee">
      <strong className="font-semibold">{m.site_fee_line_amount({ price: formatPrice(priceCents) })}</strong>
      {m.site_fee_line_rest()}{' '}
      {feeIncludes()
        .map((item) => item.charAt(0).toLowerCase() + item.slice(1))
        .join('; ')}
      .
    </p>
  );
}
