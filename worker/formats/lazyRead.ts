import type { readFeed } from './read';

let loading: Promise<typeof readFeed> | null = null;

/**
 * `readFeed`, loaded on first use. The feed parser (feedsmith, its XML parser, entity tables)
 * is about half of the worker's script; start-up never parses a feed, so it stays out of the
 * script every reload must compile before the first list page. Resolves once per worker; a
 * failed load (a deleted build file) rejects this call and the next call tries again.
 */
export function loadReadFeed(): Promise<typeof readFeed> {
  loading ??= import('./read').then(
    (m) => m.readFeed,
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}
