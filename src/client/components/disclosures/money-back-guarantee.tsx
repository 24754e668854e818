import { Link } from 'react-router';
import { refundsSectionId } from '#shared/delivery-promise.ts';
import { m } from '#shared/i18n/messages.ts';
import { paths } from '#client/paths.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';

/**
 * The money-back guarantee as every page must say it: its condition in the Terms' words, and a link to
 * the Terms' refund section.
 */
export function MoneyBackGuarantee({ label = true }: { label?: boolean }) {
  const localized = useLocalizedPath();
  const condition = m.site_money_back_condition({ condition: m.site_delivery_refund_condition() });
  return (
    <>
      {label ? <strong className="font-semibold">{m.site_money_back_label()}: </strong> : null}
      {label ? condition : capitalised(condition)} (
      <Link to={{ pathname: localized(paths.terms), hash: `#${refundsSectionId}` }} className="font-medium text-brand-700 underline">
        {m.site_money_back_refund_terms()}
      </Link>
      ).
    </>
  );
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
