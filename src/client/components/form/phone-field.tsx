import { createContext, useContext, useEffect, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { formatPhoneForPeople, isInternationalPhone, loadPhoneRules, phoneRules, phoneRulesLoaded } from '#shared/application/phones.ts';
import { Field } from './field';
import { Select, TextInput } from './controls';
import { maskedInput, useFieldError, type MaskSpec } from './fields';
import { m } from '#shared/i18n/messages.ts';

type PhoneFieldProps = {
  name: string;
  label: string;
  /** The mask of a US number, and whether the form keeps its digits or the text as shown. */
  mask: MaskSpec;
  required?: boolean;
  help?: string;
  /** The autofill section, if any ("section-responsible-party "), before "tel-national" or "tel". */
  autoCompleteSection?: string;
  /** The message for a number abroad that is not valid: the field's own messages speak of US numbers. */
  invalidAbroadMessage: string;
};

/**
 * The country choice ("US +1" or "Other") of each phone field on a page, by field name, so that a
 * page copying one number into another ("Same as primary contact") copies its country with it: a
 * number typed under "Other" stays one even before it reads as E.164 ("030 1234 5678"), instead of
 * landing under "US +1", where the US mask would cut it to ten digits.
 */
export type PhoneCountries = {
  /** Whether the field's number is one abroad ("Other"). */
  isAbroad(name: string): boolean;
  /** Says the number about to be copied into `name` is one abroad, or a US one. */
  copyInto(name: string, abroad: boolean): void;
  /** Internal: each field reports its choice, and reads what a copy said. */
  report(name: string, abroad: boolean): void;
  copied(name: string): boolean | undefined;
};

export function createPhoneCountries(): PhoneCountries {
  const chosen = new Map<string, boolean>();
  const copies = new Map<string, boolean>();
  return {
    isAbroad: (name) => chosen.get(name) ?? false,
    copyInto: (name, abroad) => void copies.set(name, abroad),
    report: (name, abroad) => void chosen.set(name, abroad),
    copied: (name) => copies.get(name),
  };
}

/** The page's phone country choices; a page without one copies no number. */
export const PhoneCountriesContext = createContext<PhoneCountries | null>(null);

/** "0049 30…" and "+49 30…" alike, as the form keeps a number abroad until it reads as E.164. */
function typedAbroad(typed: string): string {
  const text = typed.trim().replace(/^00(?=[1-9])/, '+');
  if (!phoneRulesLoaded()) return text;
  return phoneRules().toE164(text) ?? text;
}

/**
 * A phone number in the United States or abroad (decision 046). A country choice beside the number
 * ("US +1" or "Other", named "<label>: country" for assistive technology) says which: a US number keeps its mask and paste handling; a number abroad is typed with its
 * country code ("+49 30 1234567" or "0049 30 1234567"), kept in E.164 ("+493012345678") and shown in
 * the international format once the field is left. The rules for numbers abroad (libphonenumber-js)
 * load only when "Other" is chosen or a saved number is one, never for a US number.
 */
export function PhoneField({ name, label, mask, required, help, autoCompleteSection = '', invalidAbroadMessage }: PhoneFieldProps) {
  const { control } = useFormContext();
  const value = useWatch({ control, name }) as unknown;
  const stored = typeof value === 'string' ? value : '';
  const [abroad, setAbroad] = useState(() => isInternationalPhone(stored));
  // What the person typed or sees for a number abroad; the form holds its E.164 form.
  const [text, setText] = useState(() => formatPhoneForPeople(stored));
  // The last value this field wrote, and the last it saw: any other change came from elsewhere (a
  // copy of the contact's number), and its kind decides the country choice.
  const [own, setOwn] = useState(stored);
  const [seen, setSeen] = useState(stored);
  const countries = useContext(PhoneCountriesContext);
  if (stored !== seen) {
    setSeen(stored);
    if (stored !== own && stored !== '') {
      // A copy says which country its number came under; anything else is read from the number itself.
      const toAbroad = countries?.copied(name) ?? isInternationalPhone(stored);
      setAbroad(toAbroad);
      if (toAbroad) setText(formatPhoneForPeople(stored));
    }
  }
  useEffect(() => countries?.report(name, abroad), [countries, name, abroad]);
  const error = useFieldError(name);

  useEffect(() => {
    if (!abroad || phoneRulesLoaded()) return;
    // A number abroad (saved, or copied in): shown as stored until the rules that format it have
    // loaded, as "Other" is chosen.
    let current = true;
    loadPhoneRules().then(
      (rules) => {
        if (current && isInternationalPhone(stored) && rules.isValid(stored)) setText(rules.formatInternational(stored));
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [abroad, stored]);

  return (
    <Field
      label={label}
      required={required}
      help={help}
      hint={abroad ? m.wizard_phone_abroad_hint() : undefined}
      error={error && abroad ? invalidAbroadMessage : error}
    >
      {(controlProps) => (
        <Controller
          name={name}
          control={control}
          render={({ field }) => {
            const write = (next: string) => {
              setOwn(next);
              field.onChange(next);
            };
            return (
              <div className="flex gap-2">
                {/* As wide as its longest option needs, arrow included (a fixed width cut "US +1" to "US +"),
                    and no wider: at 375 px the number beside it keeps room for "+49 30 1234567". */}
                <div className="shrink-0">
                  <Select
                    aria-label={m.wizard_phone_country_label({ label })}
                    value={abroad ? 'abroad' : 'us'}
                    onChange={(event) => {
                      const toAbroad = event.target.value === 'abroad';
                      setAbroad(toAbroad);
                      setText('');
                      write('');
                      if (toAbroad) loadPhoneRules().catch(() => {});
                    }}
                  >
                    <option value="us">{m.wizard_phone_country_us()}</option>
                    <option value="abroad">{m.wizard_phone_country_other()}</option>
                  </Select>
                </div>
                {abroad ? (
                  <TextInput
                    {...controlProps}
                    ref={field.ref}
                    name={field.name}
                    type="tel"
                    inputMode="tel"
                    autoComplete={`${autoCompleteSection}tel`}
                    placeholder="+49 30 1234567"
                    value={text}
                    onChange={(event) => {
                      setText(event.target.value);
                      write(typedAbroad(event.target.value));
                    }}
                    onBlur={(event) => {
                      const typed = event.target.value;
                      field.onBlur();
                      loadPhoneRules().then(
                        (rules) => {
                          const e164 = rules.toE164(typed);
                          if (!e164) return;
                          write(e164);
                          if (rules.isValid(e164)) setText(rules.formatInternational(e164));
                        },
                        () => {},
                      );
                    }}
                  />
                ) : (
                  maskedInput({ field, mask, control: controlProps, placeholder: '(555) 123-4567', autoComplete: `${autoCompleteSection}tel-national` })
                )}
              </div>
            );
          }}
        />
      )}
    </Field>
  );
}
