import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** How long typing must pause before the page's answers are written. */
export const draftSaveDelayMs = 400;

/**
 * Saves a wizard page's answers as they are typed, into the page's own section of the saved
 * application (the same shape as a submitted page, decision 001), a moment after typing pauses, and
 * at once when the page goes away (Back, Forward, a link, reload or closing the tab). Back, Forward
 * and reload then find what was typed, sent or not. Hidden conditional fields are not in the form's
 * values, so they are not saved. `save` writes them as the page's submit does (saveSection).
 *
 * A page's accepted submit calls `stop()` before saving: from then on the checked answers are the
 * page's section, and nothing the form does while it unmounts (fields unregistering) may overwrite them.
 */
export function useDraftSaving<T extends FieldValues>(form: UseFormReturn<T>, save: (values: T) => void): { stop: () => void } {
  const { subscribe } = form;
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const stopRef = useRef<() => void>(() => {});

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A copy of the values at the last change: the form's own object changes as fields unmount.
    let pending: T | undefined;
    let stopped = false;

    const flush = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (pending === undefined) return;
      const values = pending;
      pending = undefined;
      try {
        saveRef.current(values);
      } catch (error) {
        // Storage full or unavailable: the answers stay in the form, and the submit saves them.
        console.error('Could not save the answers in progress', error);
      }
    };

    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (stopped) return;
        pending = JSON.parse(JSON.stringify(values)) as T;
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(flush, draftSaveDelayMs);
      },
    });
    window.addEventListener('pagehide', flush);
    stopRef.current = () => {
      stopped = true;
      pending = undefined;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [subscribe]);

  return { stop: () => stopRef.current() };
}
