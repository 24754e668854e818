import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/** False in the server's HTML and while hydrating it; true once React runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
