/**
 * Places the Ctrl+K palette can jump to besides articles: feeds, groups, saved filters, tags and the
 * app's screens, matched by name. Pure: the palette passes in what it knows.
 */
import type { TKey } from '../i18n';

export type PlaceKind = 'feed' | 'group' | 'filter' | 'tag' | 'screen';

/** One jump target. `path` null means the settings dialog (not a route). */
export interface Place {
  kind: PlaceKind;
  key: string;
  label: string;
  path: string | null;
  /** A feed's name: its language ('' unknown), so it is not read in the UI's. */
  lang?: string;
}

/** The screens, with the dictionary key of their name. */
export const SCREENS: readonly { path: string | null; labelKey: TKey }[] = [
  { path: '/all', labelKey: 'nav.all' },
  { path: '/home', labelKey: 'nav.today' },
  { path: '/next', labelKey: 'nav.saved' },
  { path: '/rss', labelKey: 'nav.manageFeeds' },
  { path: '/filter', labelKey: 'nav.filters' },
  { path: '/search', labelKey: 'nav.search' },
  { path: '/subscribe', labelKey: 'nav.subscribe' },
  { path: '/combo', labelKey: 'combo.title' },
  { path: '/login', labelKey: 'login.title' },
  { path: '/download', labelKey: 'nav.download' },
  { path: '/highlights', labelKey: 'highlights.title' },
  { path: null, labelKey: 'settings.title' },
];

/** At most this many places are shown above the article suggestions. */
export const MAX_PLACES = 6;

/**
 * The places whose name holds every word of `text` (case- and accent-insensitive), best first:
 * a name starting with the text, then a word starting with it, then anywhere; then screens,
 * feeds, groups, filters, tags; then shorter names. Empty text finds nothing. O(places).
 */
export function findPlaces(text: string, places: readonly Place[], max = MAX_PLACES): Place[] {
  const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const query = fold(text.trim());
  const words = query.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const order: PlaceKind[] = ['screen', 'feed', 'group', 'filter', 'tag'];
  const scored: { place: Place; rank: number }[] = [];
  for (const place of places) {
    const name = fold(place.label);
    if (!words.every((w) => name.includes(w))) continue;
    const rank = name.startsWith(query)
      ? 0
      : new RegExp(`(^|[^\\p{L}\\p{N}])${escape(words[0]!)}`, 'u').test(name)
        ? 1
        : 2;
    scored.push({ place, rank });
  }
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      order.indexOf(a.place.kind) - order.indexOf(b.place.kind) ||
      a.place.label.length - b.place.label.length ||
      a.place.label.localeCompare(b.place.label),
  );
  return scored.slice(0, max).map((s) => s.place);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
