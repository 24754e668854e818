import { Link } from 'react-router';
import { moneyBackGuarantee, refundsSectionId } from '#shared/delivery-promise.ts';
import { paths } from '#client/paths.ts';

/**
 * The money-back guarantee as every page must say it: its condition in the Terms' words, and a link to
 * the Terms' refund section.
 */
export function MoneyBackGuarantee({ label = true }: { label?: boolean }) {
  return (
    <>
      {label ? <strong className="font-semibold">{moneyBackGuarantee.label}: </strong> : null}
      {label ? moneyBackGuarantee.condition : capitalised(moneyBackGuarantee.condition)} (
      <Link to={{ pathname: paths.terms, hash: `#${refundsSectionId}` }} className="font-medium text-brand-700 underline">
        refund terms
      </Link>
      ).
    </>
  );
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
