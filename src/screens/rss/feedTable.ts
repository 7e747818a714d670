/**
 * The feed list's rows and the pure functions behind its sort and filters. Everything here is
 * O(n) or O(n log n) over the feeds and allocation-light, so 500 feeds re-sort in well under a
 * frame; the screen memoises each step.
 */
import type { Counts, Feed, Group } from '../../engine/contract';
import { formatDate, formatRelative, t } from '../../i18n';
import { type FeedHealth, feedHealth, problemReason } from '../../subscriptions/feedStatus';

export interface FeedRowData {
  feed: Feed;
  /** '' for feeds in no group. */
  groupTitle: string;
  unread: number;
  /** Stored items; null while unknown. */
  total: number | null;
  /** Priority score; null while unknown. */
  score: number | null;
  health: FeedHealth;
  /** One-line status: the failure reason, or '' when fine. */
  problem: string;
  /** Lower-cased title, site and address, for the text filter. */
  haystack: string;
}

export type SortColumn = 'title' | 'site' | 'group' | 'lastFetched' | 'status' | 'total' | 'unread' | 'score';
export interface SortState {
  column: SortColumn;
  desc: boolean;
}

export type StatusFilter = 'all' | 'ok' | 'failing' | 'dead';
export interface TableFilter {
  text: string;
  /** 'all', 'none' (no group) or a group id as a string. */
  group: string;
  status: StatusFilter;
}

export const NO_FILTER: TableFilter = { text: '', group: 'all', status: 'all' };

/** Host name of a site address, for display and sorting ('' when it is not a URL). */
export function siteLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Joins feeds with their group, counts, totals and scores. */
export function buildRows(
  feeds: readonly Feed[],
  groups: readonly Group[],
  counts: Counts | undefined,
  totals: Record<number, number> | undefined,
  scores: Record<number, number> | undefined,
): FeedRowData[] {
  const groupTitles = new Map(groups.map((g) => [g.id, g.title]));
  return feeds.map((feed) => ({
    feed,
    groupTitle: groupTitles.get(feed.groupId) ?? '',
    unread: counts?.unreadByFeed[feed.id] ?? 0,
    total: totals?.[feed.id] ?? null,
    score: scores?.[feed.id] ?? null,
    health: feedHealth(feed),
    problem: problemReason(feed),
    haystack: `${feed.title}\n${feed.siteUrl}\n${feed.url}`.toLowerCase(),
  }));
}

/** Rows matching every filter: text (title, site or address contains it), group, status. */
export function filterRows(rows: readonly FeedRowData[], f: TableFilter): FeedRowData[] {
  const text = f.text.trim().toLowerCase();
  const groupId = f.group === 'all' ? null : f.group === 'none' ? -1 : Number(f.group);
  return rows.filter((r) => {
    if (text && !r.haystack.includes(text)) return false;
    if (groupId !== null) {
      const inNoGroup = r.groupTitle === '';
      if (groupId === -1 ? !inNoGroup : r.feed.groupId !== groupId) return false;
    }
    if (f.status === 'ok') return r.health === 'ok' || r.health === 'new';
    if (f.status !== 'all') return r.health === f.status;
    return true;
  });
}

const HEALTH_ORDER: Record<FeedHealth, number> = { dead: 0, failing: 1, new: 2, ok: 3 };
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

type Key = (r: FeedRowData) => string | number | null;
const KEYS: Record<SortColumn, Key> = {
  title: (r) => r.feed.title || r.feed.url,
  site: (r) => siteLabel(r.feed.siteUrl || r.feed.url),
  group: (r) => r.groupTitle,
  lastFetched: (r) => r.feed.lastFetched || null,
  status: (r) => HEALTH_ORDER[r.health],
  total: (r) => r.total,
  unread: (r) => r.unread,
  score: (r) => r.score,
};

/**
 * Rows sorted by a column, ascending or descending; unknown values (null, '') always go last,
 * and ties fall back to the title so the order is stable. Returns a new array.
 */
export function sortRows(rows: readonly FeedRowData[], s: SortState): FeedRowData[] {
  const key = KEYS[s.column];
  const dir = s.desc ? -1 : 1;
  const title = KEYS.title;
  const decorated = rows.map((r) => ({ r, k: key(r), t: title(r) as string }));
  decorated.sort((a, b) => {
    const aMissing = a.k === null || a.k === '';
    const bMissing = b.k === null || b.k === '';
    if (aMissing !== bMissing) return aMissing ? 1 : -1;
    let c = 0;
    if (!aMissing && !bMissing)
      c =
        typeof a.k === 'number' && typeof b.k === 'number'
          ? a.k - b.k
          : collator.compare(String(a.k), String(b.k));
    return c * dir || collator.compare(a.t, b.t) || a.r.feed.id - b.r.feed.id;
  });
  return decorated.map((d) => d.r);
}

/**
 * When a feed was fetched, in the language in effect: "5 minutes ago" / "5分钟前" up to 30 days,
 * then a date; "never" / "从未" for 0. Unix seconds; under a minute ago, or after `now`, reads
 * as "now" (the table's clock ticks every 30 s, so a seconds count would be stale).
 */
export function relativeTime(seconds: number, now: number): string {
  if (!seconds) return t('common.never');
  const at = now - seconds < 60 ? now : seconds;
  if (now - at < 30 * 86400) return formatRelative(at * 1000, now * 1000);
  return formatDate(at * 1000, { dateStyle: 'medium' });
}

/** Tooltips of the table open on hover, on tap and on keyboard focus (phones have no hover). */
export const TIP_EVENTS = { hover: true, focus: true, touch: true } as const;
