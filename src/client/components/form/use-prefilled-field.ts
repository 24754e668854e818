import { useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Fills `target` from earlier answers (`derived`, '' when they give nothing yet), so a fact is typed
 * once: the field is written while it is empty or still holds what was last derived, and left alone
 * once the person has written something else in it (their answer wins, and stays editable).
 */
export function usePrefilledField<T extends FieldValues, P extends FieldPath<T>>(form: UseFormReturn<T>, target: P, derived: string): void {
  const last = useRef<string | null>(null);
  const { getValues, setValue, formState } = form;
  const { isSubmitted } = formState;
  useEffect(() => {
    const previous = last.current;
    last.current = derived;
    const current = getValues(target) as unknown;
    if (derived === '') {
      // The earlier answer was emptied: so is the copy, unless it was changed.
      if (previous && current === previous) setValue(target, '' as PathValue<T, P>, { shouldValidate: isSubmitted });
      return;
    }
    if (current === derived || (current !== '' && current !== undefined && current !== previous)) return;
    setValue(target, derived as PathValue<T, P>, { shouldValidate: isSubmitted });
  }, [derived, getValues, setValue, target, isSubmitted]);
}
