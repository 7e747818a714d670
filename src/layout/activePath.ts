import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * The current path for the sidebar's links, as a store each link reads one answer from ("is it
 * me?"), so a navigation re-renders only the link that stops being current and the one that
 * becomes it. Links reading the router's location instead all re-rendered on every navigation:
 * with 1,000 feeds each `j` in the reader (a new address per article) re-rendered 1,000 links,
 * ~200 ms of the ~0.8 s a step took at 1M articles (a CPU profile of the app).
 */
let current = '';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Makes `pathname` the current path (IndexLayout calls it through `usePublishPath`). */
export function publishPath(pathname: string): void {
  if (pathname === current) return;
  current = pathname;
  for (const listener of [...listeners]) listener();
}

/** Publishes the router's `pathname` while the calling component is mounted. */
export function usePublishPath(pathname: string): void {
  useLayoutEffect(() => publishPath(pathname), [pathname]);
}

/** Whether `to` is the current path; re-renders the caller only when that answer changes. */
export function useIsCurrentPath(to: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => current === to,
    () => false,
  );
}
