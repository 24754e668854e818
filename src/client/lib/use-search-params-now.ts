import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

export type SearchParamsUpdate = (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void;

/**
 * React Router's `useSearchParams`, whose update starts from the address as it is now. React Router
 * hands an update the parameters of the page's last render, so two changes made before the page
 * renders again (two filters picked in quick succession on a busy computer) both start from the same
 * address, and the second undoes the first. Here an update starts from the last one made, until the
 * page renders with an address of its own (that update's, or one from a link, Back or Forward).
 */
export function useSearchParamsNow(): [URLSearchParams, SearchParamsUpdate] {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const update = useCallback<SearchParamsUpdate>(
    (change, options) => {
      const next = change(new URLSearchParams(latest.current));
      latest.current = next;
      setSearchParams(next, options);
    },
    [setSearchParams],
  );
  return [searchParams, update];
}
