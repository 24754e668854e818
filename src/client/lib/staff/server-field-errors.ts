import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../api';

/**
 * Puts a 400's per-field messages under the form's own fields. Answers whether any landed, so the
 * caller shows the general message only when nothing else explains the failure.
 */
export function showServerFieldErrors<T extends FieldValues>(error: ApiError, fieldNames: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  let shown = false;
  for (const name of fieldNames) {
    const message = error.fields?.[name]?.[0];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
