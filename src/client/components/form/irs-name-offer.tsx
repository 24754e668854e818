import type { ReactNode, RefObject } from 'react';
import type { IrsNameKind } from '#shared/application/irs-names.ts';
import { suggestIrsName } from '#shared/application/irs-name-suggestions.ts';
import { m } from '#shared/i18n/messages.ts';

/** Puts text into an input as typing would, so the form's change handlers (copies, validation) run. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

type IrsNameOfferProps = {
  /** The name as typed, which the IRS refuses. */
  value: string;
  kind: IrsNameKind;
  input: RefObject<HTMLInputElement | null>;
  /** The field's own hint, shown when nothing of the name would remain to offer. */
  otherwise: ReactNode;
};

/**
 * What the IRS would receive for a name it refuses as typed ("Jose Nunez-Garcia" for "José
 * Núñez-García"), with a "Use this" button that puts it in the field. IrsNameField loads it once a
 * name needs it.
 */
export function IrsNameOffer({ value, kind, input, otherwise }: IrsNameOfferProps) {
  const suggestion = suggestIrsName(value, kind);
  if (!suggestion) return otherwise;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-slate-800">
      <span>
        {m.wizard_irs_name_offer_lead()} <span className="font-semibold">{suggestion}</span>
      </span>
      <button
        type="button"
        className="rounded px-1.5 py-0.5 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={m.wizard_irs_name_offer_use_label({ suggestion })}
        onClick={() => {
          if (!input.current) return;
          typeInto(input.current, suggestion);
          input.current.focus();
        }}
      >
        {m.wizard_irs_name_offer_use()}
      </button>
    </span>
  );
}
