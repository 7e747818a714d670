import type { ItemsScope } from '../../engine/contract';

export type ItemsTarget = { scope: 'all' | 'today' | 'saved' } | { scope: 'feed' | 'group'; id: number };

// A Map, not an object literal: route segments like `constructor` must not hit Object.prototype.
const FIXED = new Map<string, 'all' | 'today' | 'saved'>([
  ['all', 'all'],
  ['today', 'today'],
  ['saved', 'saved'],
]);

/**
 * Turns `/:type/:id?` into the list to show, or null when the address names no list:
 * all/today/saved take no id; feed/group need a positive integer id.
 */
export function parseItemsRoute(type: string | undefined, id: string | undefined): ItemsTarget | null {
  if (!type) return null;
  const fixed = FIXED.get(type);
  if (fixed) return id === undefined ? { scope: fixed } : null;
  if (type !== 'feed' && type !== 'group') return null;
  if (id === undefined || !/^[1-9]\d{0,14}$/.test(id)) return null;
  return { scope: type, id: Number(id) };
}

/** Title for the fixed scopes. */
export const SCOPE_TITLES: Partial<Record<ItemsScope, string>> = {
  all: 'All articles',
  today: 'Today',
  saved: 'Saved',
};

/**
 * "5 min ago", "3 h ago", "2 d ago", then a date. `now` and `pubDate` are Unix seconds; future
 * dates (clock skew in feeds) read as "just now".
 */
export function formatAge(pubDate: number, now: number, locale?: string): string {
  const s = Math.max(0, now - pubDate);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 7 * 86400) return `${Math.floor(s / 86400)} d ago`;
  const d = new Date(pubDate * 1000);
  const sameYear = d.getFullYear() === new Date(now * 1000).getFullYear();
  return d.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}
