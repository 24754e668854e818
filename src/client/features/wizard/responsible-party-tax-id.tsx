import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  asksRpUsPerson,
  contactMessages,
  contactPageLabels,
  requiresOwnTaxId,
  rpTaxIdTypeOf,
  rpTaxIdTypeOptions,
  type Contact,
  type RpTaxIdType,
} from '#shared/application/contact.ts';
import { MaskedField, masks, RadioGroupField, useFieldError, YesNoField } from '#client/components/form/fields.tsx';
import { m } from '#shared/i18n/messages.ts';

/** What step 1 said that step 3's taxpayer-number questions depend on. */
export type TaxIdContext = { entityType: string; llcMemberCount: string };

/** The answers the responsible party's taxpayer number asks, for each kind of number. */
function asked(type: RpTaxIdType, { entityType, llcMemberCount }: TaxIdContext) {
  return { rpSSN: type === 'ssn', rpItin: type === 'itin', rpUsPerson: asksRpUsPerson(type, entityType, llcMemberCount) };
}

/**
 * Step 3's answers as stored: the number not asked for the chosen kind is '' (the schema refuses an
 * SSN beside an ITIN, decision 046), and so is the US-person question when it is not asked.
 */
export function taxIdAsAsked(values: Contact, context: TaxIdContext): Contact {
  const type = rpTaxIdTypeOf(values);
  const asks = asked(type, context);
  return {
    ...values,
    rpTaxIdType: type,
    rpSSN: asks.rpSSN ? (values.rpSSN ?? '') : '',
    rpItin: asks.rpItin ? (values.rpItin ?? '') : '',
    rpUsPerson: asks.rpUsPerson ? (values.rpUsPerson ?? '') : '',
  };
}

/**
 * The responsible party's taxpayer number (SS-4 line 7b): which kind they have, then that number; an
 * ITIN holder owning a single-member LLC is asked whether they are a US person (line 9a). Choosing
 * another kind clears the answers it does not ask, so a number typed by mistake is not kept.
 */
export function ResponsiblePartyTaxId({ context, ssnField }: { context: TaxIdContext; ssnField: ReactNode }) {
  const { resetField } = useFormContext<Contact>();
  const type = rpTaxIdTypeOf({ rpTaxIdType: useWatch<Contact, 'rpTaxIdType'>({ name: 'rpTaxIdType' }) });
  const asks = asked(type, context);
  const typeError = useFieldError('rpTaxIdType');
  const onChoose = (value: string) => {
    const next = asked(rpTaxIdTypeOf({ rpTaxIdType: value }), context);
    for (const field of ['rpSSN', 'rpItin', 'rpUsPerson'] as const) {
      if (!next[field]) resetField(field, { defaultValue: '' });
    }
  };
  return (
    <>
      <RadioGroupField
        name="rpTaxIdType"
        label={contactPageLabels.rpTaxIdType}
        required
        options={rpTaxIdTypeOptions}
        onChoose={onChoose}
        className="sm:col-span-2"
        help={m.wizard_contact_tax_id_type_help()}
      />
      {type === 'none' && requiresOwnTaxId(context.entityType) && !typeError ? (
        <p role="note" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800 sm:col-span-2">
          {contactMessages.rpTaxIdSoleProprietor}
        </p>
      ) : null}
      {asks.rpSSN ? ssnField : null}
      {asks.rpItin ? (
        <MaskedField
          name="rpItin"
          mask={masks.ssnDigits}
          label={contactPageLabels.rpItin}
          required
          placeholder="9##-##-####"
          autoComplete="off"
          help={m.wizard_contact_itin_help()}
        />
      ) : null}
      {asks.rpUsPerson ? (
        <YesNoField
          name="rpUsPerson"
          label={contactPageLabels.rpUsPerson}
          required
          className="sm:col-span-2"
          help={m.wizard_contact_us_person_help()}
        />
      ) : null}
    </>
  );
}
