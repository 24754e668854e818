import type { ReactNode } from 'react';
import { get, useFormContext } from 'react-hook-form';
import { Field, FieldSet } from './field';
import { Choice, Select, TextInput } from './controls';
import { m } from '#shared/i18n/messages.ts';

// Fields bound to the surrounding react-hook-form form by name (the spec's field names): the text,
// select, radio and checkbox fields. fields.tsx adds the masked, long-text and checkbox-list fields
// and exports them all; step 1, which asks none of those, imports this module alone (its script budget).

export type Option = { value: string; label: string };

export type CommonProps = {
  name: string;
  label: string;
  required?: boolean;
  help?: string;
  hint?: ReactNode;
  className?: string;
};

export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const error = get(errors, name) as { message?: string } | undefined;
  return error?.message;
}

type TextFieldProps = CommonProps & {
  type?: 'text' | 'email' | 'tel' | 'number' | 'date';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  min?: number | string;
  max?: number | string;
};

export function TextField({ name, label, required, help, hint, className, type = 'text', ...inputProps }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} help={help} hint={hint} error={error} className={className}>
      {(control) => <TextInput type={type} {...control} {...inputProps} {...register(name)} />}
    </Field>
  );
}

export function SelectField({ name, label, required, help, hint, className, options, placeholder }: CommonProps & { options: readonly Option[]; placeholder?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field label={label} required={required} help={help} hint={hint} error={error} className={className}>
      {(control) => (
        <Select {...control} {...register(name)}>
          <option value="">{placeholder ?? m.wizard_select_placeholder()}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

type RadioGroupFieldProps = CommonProps & {
  options: readonly (Option & { hint?: string })[];
  /** Lay the options side by side on wide screens. */
  columns?: 1 | 2 | 3;
  /** Called as an option is chosen, before the form re-renders (to clear what the new answer does not ask). */
  onChoose?: (value: string) => void;
};

export function RadioGroupField({ name, label, required, help, hint, className, options, columns = 1, onChoose }: RadioGroupFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const grid = columns === 1 ? 'grid-cols-1' : columns === 2 ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-1 sm:grid-cols-3';
  return (
    <FieldSet role="radiogroup" legend={label} required={required} help={help} hint={hint} error={error} className={className}>
      <div className={`grid gap-2 ${grid}`}>
        {options.map((option) => (
          <Choice
            key={option.value}
            type="radio"
            value={option.value}
            label={option.label}
            hint={option.hint}
            {...register(name, onChoose ? { onChange: (event: { target: { value: string } }) => onChoose(event.target.value) } : undefined)}
          />
        ))}
      </div>
    </FieldSet>
  );
}

/** The answers' values stay "true" and "false"; their labels are read in the page's language. */
export const yesNoOptions: readonly Option[] = [
  {
    value: 'true',
    get label() {
      return m.wizard_yes();
    },
  },
  {
    value: 'false',
    get label() {
      return m.wizard_no();
    },
  },
];

/** A required-looking yes/no question; the values are the strings "true" and "false". */
export function YesNoField(props: CommonProps) {
  return <RadioGroupField {...props} options={yesNoOptions} columns={2} />;
}

/** One checkbox holding a boolean. */
export function CheckboxField({ name, label, hint, className }: Omit<CommonProps, 'required' | 'help'>) {
  const { register } = useFormContext();
  return (
    <div className={className}>
      <Choice type="checkbox" label={label} hint={typeof hint === 'string' ? hint : undefined} {...register(name)} />
    </div>
  );
}
