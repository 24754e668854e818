import { useEffect, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Search } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { normalizeTrackingInput, trackingLookupSchema, trackingNumberExample } from '#shared/tracking/tracking.ts';
import { m } from '#shared/i18n/messages.ts';

type TrackingLookup = { number: string };

type TrackingFormProps = {
  /** The number the field starts with (from the address). */
  initialNumber: string;
  /** Check the initial number at once, so a bad one from the address shows its message. */
  validateInitial: boolean;
  looking: boolean;
  /** A message about the number from the server, shown under the field. */
  serverError?: string;
  /** A lookup is asked for (before the number is checked): the previous result no longer applies. */
  onLookUpStart: () => void;
  onLookUp: (trackingNumber: string) => void;
};

/**
 * The one-field lookup form: typed or pasted text loses its spaces and is forced to uppercase and
 * 12 characters, checked on submit. The input has no maxLength: the browser would cut a pasted
 * "  EFZAKA2BQZ2O  " to "  EFZAKA2BQZ" before the spaces could be taken out.
 */
export function TrackingForm({ initialNumber, validateInitial, looking, serverError, onLookUpStart, onLookUp }: TrackingFormProps) {
  const form = useForm<TrackingLookup>({
    resolver: zodResolver(trackingLookupSchema),
    defaultValues: { number: initialNumber },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { trigger } = form;
  const field = form.register('number');

  useEffect(() => {
    if (validateInitial) void trigger('number');
  }, [validateInitial, trigger]);

  function forceFormat(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const normalized = normalizeTrackingInput(input.value);
    if (normalized !== input.value) {
      // Keep the caret after the same character: count what is left of the text before it.
      const { selectionStart, selectionEnd } = input;
      const before = (position: number | null) => (position === null ? normalized.length : normalizeTrackingInput(input.value.slice(0, position)).length);
      const [start, end] = [before(selectionStart), before(selectionEnd)];
      input.value = normalized;
      input.setSelectionRange(start, end);
    }
    return field.onChange(event);
  }

  const error = form.formState.errors.number?.message ?? serverError;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        onLookUpStart();
        return form.handleSubmit(({ number }) => onLookUp(number))(event);
      }}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label={m.tracking_form_label()}
    >
      <div className="flex flex-col gap-x-3 gap-y-2 sm:flex-row sm:items-start">
        <Field label={m.tracking_form_number_label()} hint={m.tracking_form_number_hint({ example: trackingNumberExample })} error={error} className="flex-1">
          {(control) => (
            <TextInput
              {...control}
              {...field}
              onChange={forceFormat}
              type="text"
              inputMode="text"
              placeholder={trackingNumberExample}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              className="font-mono tracking-wider uppercase placeholder:normal-case"
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={looking} aria-busy={looking} className="w-full sm:mt-7 sm:w-auto">
          {looking ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : <Search className="size-5" aria-hidden="true" />}
          {looking ? m.tracking_form_looking() : m.tracking_form_submit()}
        </Button>
      </div>
    </form>
  );
}
