import { formatDate, formatRelative } from '../../i18n';

/** What an items address names. */
export type ItemsTarget =
  | { scope: 'all' | 'today' | 'saved' | 'hidden' }
  | { scope: 'feed' | 'group' | 'tag'; id: number }
  | { scope: 'filter'; filterId: string };

// A Map, not an object literal: route segments like `constructor` must not hit Object.prototype.
// `home` and `explore` are Today; `next` is Saved (read later). The long names are aliases.
const FIXED = new Map<string, 'all' | 'today' | 'saved' | 'hidden'>([
  ['all', 'all'],
  ['home', 'today'],
  ['explore', 'today'],
  ['today', 'today'],
  ['next', 'saved'],
  ['saved', 'saved'],
  // Articles a rule hid: they leave every other list and count.
  ['hidden', 'hidden'],
]);
const WITH_ID = new Map<string, 'feed' | 'group' | 'tag'>([
  ['f', 'feed'],
  ['feed', 'feed'],
  ['c', 'group'],
  ['group', 'group'],
  ['t', 'tag'],
  ['tag', 'tag'],
]);

/**
 * Turns `/:type/:id?` into the list to show, or null when the address names no list:
 * all/home/explore/next take no id; f (feed) needs a positive integer id; c (group) a positive
 * integer or -1 (ungrouped feeds); t (tag) a positive integer tag id; filter a saved filter's id.
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

/**
 * An article's age in the language in effect: "5 minutes ago" / "5分钟前" up to a week, then a
 * date ("Jan 3" / "1月3日", with the year when it differs from `now`'s). `now` and `pubDate`
 * are Unix seconds. Under a minute, and future dates (clock skew in feeds), read as "now" /
 * "现在": lists re-render once a minute, so a seconds count would be stale.
 */
export function formatAge(pubDate: number, now: number): string {
  const at = now - pubDate < 60 ? now : pubDate;
  if (now - at < 7 * 86400) return formatRelative(at * 1000, now * 1000);
  const sameYear = new Date(at * 1000).getFullYear() === new Date(now * 1000).getFullYear();
  return formatDate(at * 1000, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}
