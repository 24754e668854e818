import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * For a form that checks on submit (`reValidateMode: 'onSubmit'`): a message of the last attempt
 * stays until its answer changes. Then the field's own check runs again, so a message goes as soon
 * as the field is corrected, and a refusal from the server simply goes (it was about the answer as
 * it was). A field the attempt accepted gets no message before the next one.
 */
export function useMessagesUntilChanged<Values extends FieldValues, Context, Output>(form: UseFormReturn<Values, Context, Output>): void {
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type !== 'change' || !name) return;
          const field = name as FieldPath<Values>;
          const { error } = form.getFieldState(field);
          if (error?.type === 'server') form.clearErrors(field);
          else if (error) void form.trigger(field);
        },
      }),
    [form],
  );
}
