import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { ErrorMessage } from '#client/components/form/field.tsx';
import { baseLocale } from '#shared/i18n/locales.ts';
import { getLocale, m } from '#shared/i18n/messages.ts';
import { signingConsents, type SigningConsentKey } from '#shared/signing/signing.ts';
import type { SignFormValues } from './sign-form';

type ConsentFieldProps = { consentKey: SigningConsentKey; designeeName: string | null };

/** Each consent's words on the page, in the page's language. */
const consentWords: Record<SigningConsentKey, { label: () => string; text: () => string }> = {
  electronic: { label: m.signing_consent_electronic_label, text: m.signing_consent_electronic_text },
  perjury: { label: m.signing_consent_perjury_label, text: m.signing_consent_perjury_text },
  designee: { label: m.signing_consent_designee_label, text: m.signing_consent_designee_text },
};

/** One consent in full, ticked to agree; the box's value is the version of the text the signer saw. */
export function ConsentField({ consentKey, designeeName }: ConsentFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<SignFormValues>();
  const id = useId();
  const errorId = `${id}-error`;
  const consent = signingConsents[consentKey];
  const words = consentWords[consentKey];
  const error = errors.consents?.[consentKey]?.message;

  return (
    <div>
      <label
        htmlFor={id}
        className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-3 text-sm ${error ? 'border-red-600' : 'border-slate-300'} has-checked:border-brand-600 has-checked:bg-brand-50`}
      >
        <input
          id={id}
          type="checkbox"
          value={consent.version}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          {...register(`consents.${consentKey}`)}
        />
        <span>
          <span className="block font-semibold text-slate-900">{words.label()}</span>
          {consentKey === 'perjury' && getLocale() !== baseLocale ? (
            <PerjuryDeclaration />
          ) : (
            <span className="mt-1 block text-slate-700">
              {words.text()}
              {consentKey === 'designee' && designeeName ? m.signing_consent_designee_named({ name: designeeName }) : null}
            </span>
          )}
        </span>
      </label>
      <ErrorMessage id={errorId} message={error} />
    </div>
  );
}

/**
 * The declaration under penalties of perjury on a page in another language than English: what is
 * signed is the IRS's English form, so the statement it carries is shown as the form words it, with
 * its translation beside it to read by.
 */
function PerjuryDeclaration() {
  const locale = getLocale();
  return (
    <span className="mt-1 flex flex-col gap-1.5 text-slate-700">
      <span className="block">{m.signing_consent_perjury_original()}</span>
      <span lang="en" className="block border-l-2 border-slate-300 pl-3 text-slate-900 italic">
        {signingConsents.perjury.text}
      </span>
      <span lang={locale} className="block border-l-2 border-slate-200 pl-3">
        <span className="font-medium">{m.signing_consent_perjury_translation()}</span> {m.signing_consent_perjury_text()}
      </span>
    </span>
  );
}
