import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { asksPostalCode, isAbroad, requiresProvince, unitedStates } from '#shared/application/countries.ts';
import { usStateNameOptions } from '#shared/application/options.ts';
import { asksMailingAddress, registrationLabels, registrationLimits, type Registration } from '#shared/application/registration.ts';
import { Field } from '#client/components/form/field.tsx';
import { Select } from '#client/components/form/controls.tsx';
import { IrsNameField } from '#client/components/form/irs-name-field.tsx';
import { MaskedField, masks, SelectField, useFieldError } from '#client/components/form/fields.tsx';
import { m } from '#shared/i18n/messages.ts';

// The part of an address that depends on its country (decision 046): in the United States its county,
// state and ZIP code; abroad its state, province or region and its postal code, as the country needs.

const parts = {
  business: { country: 'country', county: 'county', state: 'state', zipCode: 'zipCode', province: 'province', postalCode: 'postalCode' },
  mailing: {
    country: 'mailingCountry',
    county: 'mailingCounty',
    state: 'mailingState',
    zipCode: 'mailingZipCode',
    province: 'mailingProvince',
    postalCode: 'mailingPostalCode',
  },
} as const satisfies Record<string, Record<string, keyof Registration>>;

type AddressKind = keyof typeof parts;

/** The mailing address's answers, and what each holds once the box "same as the business address" is checked again. */
export const mailingDefaults = {
  mailingCareOf: '',
  mailingStreetAddress: '',
  mailingCity: '',
  mailingCountry: unitedStates,
  mailingCounty: '',
  mailingState: '',
  mailingZipCode: '',
  mailingProvince: '',
  mailingPostalCode: '',
} as const satisfies Partial<Registration>;

function withAskedParts(values: Registration, kind: AddressKind): Registration {
  const names = parts[kind];
  const country = values[names.country];
  const abroad = isAbroad(country);
  const keep = (name: keyof Registration, asked: boolean) => (asked ? ((values[name] as string | undefined) ?? '') : '');
  return {
    ...values,
    [names.county]: keep(names.county, !abroad),
    [names.state]: keep(names.state, !abroad),
    [names.zipCode]: keep(names.zipCode, !abroad),
    [names.province]: keep(names.province, abroad),
    [names.postalCode]: keep(names.postalCode, asksPostalCode(country)),
  };
}

/**
 * Step 2's answers as stored: the parts an address's country does not ask are '' (the page shows only
 * the others, and the schema wants every part of the business address). A mailing address the page
 * does not ask stays out, as before.
 */
export function addressAsAsked(values: Registration): Registration {
  const business = withAskedParts(values, 'business');
  return asksMailingAddress(values.sameMailingAddress) ? withAskedParts(business, 'mailing') : business;
}

type CountryOption = { value: string; label: string };

/**
 * The full names of the countries, loaded only once an address is abroad (they weigh more than the
 * page's own code), in the alphabetical order of the page's language (read at each render, so a
 * switch of language mid-step sorts them again).
 */
function useCountryNames(needed: boolean): readonly CountryOption[] | undefined {
  const [countries, setCountries] = useState<{ inOrder: () => readonly CountryOption[] }>();
  useEffect(() => {
    if (!needed || countries) return;
    let current = true;
    import('./country-options').then(
      ({ foreignCountryOptionsInOrder }) => {
        if (current) setCountries({ inOrder: foreignCountryOptionsInOrder });
      },
      (error: unknown) => console.error('Could not load the country names', error),
    );
    return () => {
      current = false;
    };
  }, [needed, countries]);
  return countries?.inOrder();
}

/**
 * The address's country: the United States by default. "Another country…" loads the names of the
 * others, and the same list then offers them all by full name (type a name's first letters to jump to
 * it); the form keeps the ISO code. Choosing "Another country…" opens the list again once the names
 * are there, on "Select a country…", so the choice goes on where it started (a browser that cannot
 * reopen it leaves the list focused, showing "Select a country…", never "United States").
 */
function CountryField({ kind, help }: { kind: AddressKind; help: string }) {
  const name = parts[kind].country;
  const { control } = useFormContext<Registration>();
  const country = useWatch({ control, name }) ?? unitedStates;
  const abroad = isAbroad(country);
  const countries = useCountryNames(abroad);
  const error = useFieldError(name);
  const select = useRef<HTMLSelectElement | null>(null);
  const reopen = useRef(false);
  useEffect(() => {
    if (!countries || !reopen.current) return;
    reopen.current = false;
    select.current?.focus();
    try {
      select.current?.showPicker();
    } catch {
      // Not allowed without the person's own gesture still fresh, or not supported: the list stays focused.
    }
  }, [countries]);
  return (
    <Field label={registrationLabels[name]} required help={help} error={error}>
      {(controlProps) => (
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <Select
              {...controlProps}
              ref={(element) => {
                field.ref(element);
                select.current = element;
              }}
              name={field.name}
              value={field.value ?? unitedStates}
              onChange={(event) => {
                if (!countries && event.target.value === '') reopen.current = true;
                field.onChange(event);
              }}
              onBlur={field.onBlur}
            >
              {countries ? (
                <>
                  {country === '' ? <option value="">{m.wizard_address_select_country()}</option> : null}
                  <option value={unitedStates}>{m.wizard_address_united_states()}</option>
                  <optgroup label={m.wizard_address_other_countries()}>
                    {countries.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </optgroup>
                </>
              ) : (
                <>
                  <option value={unitedStates}>{m.wizard_address_united_states()}</option>
                  {abroad ? <option value={country}>{m.wizard_address_loading_countries()}</option> : <option value="">{m.wizard_address_another_country()}</option>}
                </>
              )}
            </Select>
          )}
        />
      )}
    </Field>
  );
}

// Each help text is its message function, read as the field renders, in the page's language.
const copy = {
  business: {
    country: m.wizard_address_business_country_help,
    county: m.wizard_address_business_county_help,
    state: m.wizard_address_business_state_help,
    province: m.wizard_address_business_province_help,
    postalCode: m.wizard_address_business_postal_code_help,
    autoComplete: '',
  },
  mailing: {
    country: m.wizard_address_mailing_country_help,
    county: m.wizard_address_mailing_county_help,
    state: m.wizard_address_mailing_state_help,
    province: m.wizard_address_mailing_province_help,
    postalCode: m.wizard_address_mailing_postal_code_help,
    autoComplete: 'section-mailing ',
  },
} as const;

/** The country of an address; with the street and city before it, and the parts its country asks after. */
export function AddressCountryField({ kind }: { kind: AddressKind }) {
  return <CountryField kind={kind} help={copy[kind].country()} />;
}

/** County, state and ZIP code in the United States; state, province or region and postal code abroad. */
export function AddressRegionFields({ kind }: { kind: AddressKind }) {
  const names = parts[kind];
  const text = copy[kind];
  const country = useWatch<Registration>({ name: names.country }) as string | undefined;
  // Keyed by name: React would otherwise reuse the county's input for the province, with its text.
  if (isAbroad(country)) {
    const provinceRequired = requiresProvince(country);
    return (
      <>
        <IrsNameField
          kind="address"
          key={names.province}
          name={names.province}
          label={registrationLabels[names.province]}
          required={provinceRequired}
          hint={provinceRequired ? undefined : m.wizard_address_province_optional()}
          autoComplete={`${text.autoComplete}address-level1`}
          maxLength={registrationLimits.province}
          help={text.province()}
        />
        {asksPostalCode(country) ? (
          <IrsNameField
            kind="address"
            key={names.postalCode}
            name={names.postalCode}
            label={registrationLabels[names.postalCode]}
            required
            autoComplete={`${text.autoComplete}postal-code`}
            maxLength={registrationLimits.postalCode}
            help={text.postalCode()}
          />
        ) : null}
      </>
    );
  }
  return (
    <>
      <IrsNameField kind="address" key={names.county} name={names.county} label={registrationLabels[names.county]} required maxLength={registrationLimits.county} help={text.county()} />
      <SelectField key={names.state} name={names.state} label={registrationLabels[names.state]} required options={usStateNameOptions} placeholder={m.wizard_registration_select_state()} help={text.state()} />
      <MaskedField
        key={names.zipCode}
        name={names.zipCode}
        mask={masks.zip}
        label={registrationLabels[names.zipCode]}
        required
        placeholder={m.wizard_address_zip_placeholder()}
        autoComplete={`${text.autoComplete}postal-code`}
        help={m.wizard_address_zip_help()}
      />
    </>
  );
}
