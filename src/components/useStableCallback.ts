import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same across renders and calls the newest `fn`. For a callback handed
 * to a memoised child (a list's rows, the sidebar) whose parent makes it anew at every render;
 * it is meant for events, which come after the commit that updated it, not for calling during a
 * render.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
