import { Controller, useFormContext, type ControllerRenderProps } from 'react-hook-form';
import { Field, FieldSet, type ControlProps } from './field';
import { Choice, TextArea, TextInput } from './controls';
import { caretAfterDigits, digitsForMask, formatDigits } from './masks';
import { useFieldError, type CommonProps, type Option } from './basic-fields';

// Every field bound to the surrounding react-hook-form form by name: the basic ones (basic-fields.tsx),
// and here the long-text, checkbox-list and masked fields.

export * from './basic-fields';

export function TextAreaField({ name, label, required, help, hint, className, rows = 4, placeholder, maxLength = 500 }: CommonProps & { rows?: number; placeholder?: string; maxLength?: number }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} help={help} hint={hint} error={error} className={className}>
      {(control) => <TextArea rows={rows} placeholder={placeholder} maxLength={maxLength} {...control} {...register(name)} />}
    </Field>
  );
}

/** Several checkboxes whose checked values make one array. */
export function CheckboxGroupField({ name, label, required, help, hint, className, options }: CommonProps & { options: readonly (Option & { hint?: string })[] }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldSet legend={label} required={required} help={help} hint={hint} error={error} className={className}>
      <div className="grid gap-2">
        {options.map((option) => (
          <Choice key={option.value} type="checkbox" value={option.value} label={option.label} hint={option.hint} {...register(name)} />
        ))}
      </div>
    </FieldSet>
  );
}

export type MaskSpec = {
  /** `_` stands for one digit. */
  mask: string;
  /** `digits`: the form holds only the digits (SSN, rpPhone); `formatted`: the text as shown. */
  store: 'digits' | 'formatted';
  /** A country code pasted before the number ("+1 (512) 555-0147") that is not kept. */
  countryCode?: '1';
};

export const masks = {
  zip: { mask: '_____-____', store: 'formatted' },
  phone: { mask: '(___) ___-____', store: 'formatted', countryCode: '1' },
  phoneDigits: { mask: '(___) ___-____', store: 'digits', countryCode: '1' },
  ssnDigits: { mask: '___-__-____', store: 'digits' },
  monthYear: { mask: '__/____', store: 'formatted' },
  ein: { mask: '__-_______', store: 'formatted' },
} as const satisfies Record<string, MaskSpec>;

/**
 * A text field that formats digits as they are typed or pasted (ZIP, phone, SSN, MM/YYYY, EIN):
 * anything but digits is dropped (and a phone's +1), the mask's separators appear as the digits
 * reach them, and the caret stays after the digit it followed. The input has no maxLength: the
 * browser would cut a pasted "+1 (512) 555-0147" before the digits could be picked out of it.
 */
export function MaskedField({ name, label, required, help, hint, className, mask, placeholder, autoComplete }: CommonProps & { mask: MaskSpec; placeholder?: string; autoComplete?: string }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} help={help} hint={hint} error={error} className={className}>
      {(controlProps) => (
        <Controller
          name={name}
          control={control}
          render={({ field }) => maskedInput({ field, mask, control: controlProps, placeholder, autoComplete })}
        />
      )}
    </Field>
  );
}

type MaskedInputProps = {
  field: ControllerRenderProps;
  mask: MaskSpec;
  control: ControlProps;
  placeholder?: string;
  autoComplete?: string;
};

/** The input of a MaskedField, for a field that shows it beside other controls (PhoneField): called in a Controller's render. */
export function maskedInput({ field, mask, control, placeholder, autoComplete }: MaskedInputProps) {
  const stored = typeof field.value === 'string' ? field.value : '';
  const shown = formatDigits(stored.replace(/\D/g, ''), mask.mask);
  return (
    <TextInput
      {...control}
      ref={field.ref}
      name={field.name}
      value={shown}
      placeholder={placeholder}
      autoComplete={autoComplete}
      inputMode="numeric"
      onBlur={field.onBlur}
      onChange={(event) => {
        const input = event.target;
        const caret = input.selectionStart ?? input.value.length;
        const typingAtEnd = caret === input.value.length;
        const digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, '').length;
        const digits = digitsForMask(input.value, mask.mask, mask.countryCode);
        const formatted = formatDigits(digits, mask.mask);
        field.onChange(mask.store === 'digits' ? digits : formatted);
        if (typingAtEnd) return;
        // An edit inside the text: React puts the caret at the end when it writes the new
        // value, so put it back after the same digit (unless more typing changed the value).
        requestAnimationFrame(() => {
          if (document.activeElement !== input || input.value !== formatted) return;
          const position = caretAfterDigits(formatted, digitsBeforeCaret);
          input.setSelectionRange(position, position);
        });
      }}
    />
  );
}
