import type { ItemsScope } from '../../engine/contract';

/** What an items address names. */
export type ItemsTarget =
  | { scope: 'all' | 'today' | 'saved' }
  | { scope: 'feed' | 'group'; id: number }
  | { scope: 'filter'; filterId: string };

// A Map, not an object literal: route segments like `constructor` must not hit Object.prototype.
// `home` and `explore` are Today; `next` is Saved (read later). The long names are aliases.
const FIXED = new Map<string, 'all' | 'today' | 'saved'>([
  ['all', 'all'],
  ['home', 'today'],
  ['explore', 'today'],
  ['today', 'today'],
  ['next', 'saved'],
  ['saved', 'saved'],
]);
const WITH_ID = new Map<string, 'feed' | 'group'>([
  ['f', 'feed'],
  ['feed', 'feed'],
  ['c', 'group'],
  ['group', 'group'],
]);

/**
 * Turns `/:type/:id?` into the list to show, or null when the address names no list:
 * all/home/explore/next take no id; f (feed) needs a positive integer id; c (group) a positive
 * integer or -1 (ungrouped feeds); filter a saved filter's id.
 */
export function parseItemsRoute(type: string | undefined, id: string | undefined): ItemsTarget | null {
  if (!type) return null;
  const fixed = FIXED.get(type);
  if (fixed) return id === undefined ? { scope: fixed } : null;
  if (type === 'filter') return id && /^[\w-]{1,64}$/.test(id) ? { scope: 'filter', filterId: id } : null;
  const scope = WITH_ID.get(type);
  if (!scope || id === undefined) return null;
  if (scope === 'group' && id === '-1') return { scope, id: -1 };
  if (!/^[1-9]\d{0,14}$/.test(id)) return null;
  return { scope, id: Number(id) };
}

/** Title for the fixed scopes. */
export const SCOPE_TITLES: Partial<Record<ItemsScope, string>> = {
  all: 'All articles',
  today: 'Today',
  saved: 'Saved for later',
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
