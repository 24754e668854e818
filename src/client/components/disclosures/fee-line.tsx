import { formatUsd } from '#shared/money.ts';
import { feeIncludes } from '#shared/site/service-fee.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';

/** The fee in a sentence, before the first question of the wizard. */
export function FeeLine({ className }: { className?: string }) {
  const { priceCents } = usePublicConfig();
  return (
    <p className={className} data-testid="service-fee">
      <strong className="font-semibold">Our fee: {formatUsd(priceCents)}</strong>, paid once at the last step. It buys:{' '}
      {feeIncludes.map((item) => item.charAt(0).toLowerCase() + item.slice(1)).join('; ')}.
    </p>
  );
}
