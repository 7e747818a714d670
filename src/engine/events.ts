import {
  type InfiniteData,
  notifyManager,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { withEngine } from '../queries/engine';
import { AUTO_REFETCH_PAGES, queryKeys } from '../queries/keys';
import type { EngineEvent, ItemRow, Page } from './contract';

/**
 * Everything derived from the state of items (read, saved, stored): the global counts and the
 * smaller tallies beside them. Feed and group changes stale them too (`feed.*` and `group.*`
 * fields in saved filters, per-feed totals).
 */
const tallies = (): QueryKey[] => [
  queryKeys.counts,
  queryKeys.filterCountsAll,
  queryKeys.feedScores,
  queryKeys.feedItemTotalsAll,
  queryKeys.dailyAll,
  queryKeys.continueReadingAll,
  queryKeys.retentionPreviewAll,
  // Per-tag totals and unread counts move with reading, hiding and deleting too.
  queryKeys.tags,
];

/**
 * Which cached queries an engine event makes stale, as query-key prefixes. Pure and total: the
 * one place that decides it (no screen listens to engine events to invalidate on its own). List
 * pages are invalidated wholesale because an added or re-read item shifts keyset pages and
 * unread filters; list screens' views (`itemViewsAll`) only on added or removed items, since
 * read and saved changes patch their rows in place (see {@link applyEngineEvent}).
 */
export function invalidationsFor(e: EngineEvent): QueryKey[] {
  switch (e.type) {
    case 'items-added':
      // Rules run at ingest: their logs grow and previews see the new articles.
      return [...tallies(), queryKeys.itemsAll, queryKeys.itemViewsAll, queryKeys.rulesAll];
    case 'items-changed':
      return [queryKeys.itemsAll, ...e.ids.map(queryKeys.item)];
    case 'items-removed':
      return [
        ...tallies(),
        queryKeys.itemsAll,
        queryKeys.itemAll,
        queryKeys.itemViewsAll,
        queryKeys.fullTextAll,
      ];
    case 'hidden-changed':
      // Hidden items leave (or rejoin) every list and count but the Hidden list.
      return [...tallies(), queryKeys.itemsAll, queryKeys.itemViewsAll];
    case 'read-changed':
    case 'saved-changed':
      // The sync status counts the changes waiting to be sent.
      return [...tallies(), queryKeys.itemsAll, ...e.ids.map(queryKeys.item), queryKeys.syncStatus];
    case 'feeds-changed':
      // The sync status counts the account's feeds and names those the server stopped listing.
      return [queryKeys.feeds, ...tallies(), queryKeys.syncStatus];
    case 'tags-changed':
      // Definitions and counts; tag lists and filters naming `tags` gain or lose rows.
      return [...tallies(), queryKeys.itemsAll, queryKeys.itemViewsAll, ...e.ids.map(queryKeys.item)];
    case 'groups-changed':
      return [queryKeys.groups, queryKeys.feeds, ...tallies()];
    case 'highlights-changed':
      return [queryKeys.highlightsAll];
    case 'rules-changed':
      // Rules saved, removed, reordered, run or undone: their list, logs and previews.
      return [queryKeys.rulesAll];
    case 'fulltext-changed':
      return e.ids.map(queryKeys.fullText);
    case 'job':
      // Feeds report their own status and items their arrivals; a job's progress adds nothing
      // while it runs. When it ends, lists and icons catch up once (new feeds, new items), and a
      // sync job's end changes the account's last sync, errors and queue.
      // A mark's own flag events (one per transaction) have said what it changed.
      if (e.job.state === 'running' || e.job.kind === 'mark') return [];
      return [
        queryKeys.feeds,
        ...tallies(),
        queryKeys.itemsAll,
        queryKeys.iconsAll,
        ...(e.job.kind === 'sync' ? [queryKeys.syncStatus] : []),
      ];
    default:
      // `storage-lost` (src/engine/bridge.ts reloads the page), or an event type this UI does not
      // know (a newer engine in another tab): nothing to refetch.
      return [];
  }
}

/** A change touching more loaded rows of one view than this refetches it instead of patching. */
const PATCH_LIMIT = 2000;

type ViewData = InfiniteData<Page<ItemRow>>;
const pagesOf = (q: Query) => (q.state.data as ViewData | undefined)?.pages.length ?? 0;
const isView = (key: QueryKey) => key[0] === queryKeys.itemViewsAll[0];

/**
 * Invalidations are sent at most once per `BURST_MS`: the first event after a quiet spell goes
 * out at once, and the events of a burst (a refresh of 1,000 feeds sends ~2,300: one status and
 * one arrival per feed) are merged into one invalidation at the end of the spell. Without it
 * every event cancelled and restarted the counts, feeds and list queries on screen.
 * A job's end is never held back, and takes what is pending with it: the job store hears of it
 * at once (src/engine/bridge.ts), and the screens that show a job's outcome read queries beside
 * it (an OPML import's failed feeds, their status from the feed list), which must not lag a
 * spell behind the job that changed them.
 */
const BURST_MS = 250;
interface Burst {
  last: number;
  pending: Map<string, QueryKey>;
  timer: ReturnType<typeof setTimeout> | null;
}
const bursts = new WeakMap<QueryClient, Burst>();

/**
 * Applies an event to a query cache (fire and forget: refetches run in the background): every
 * key of {@link invalidationsFor} is invalidated and refetched where on screen (merged within a
 * burst but for a job's end, see `BURST_MS`), except a list view of more than `AUTO_REFETCH_PAGES` pages, which is
 * only marked stale (its screen offers Reload). Read, saved, item and tag changes patch the
 * flags and tags of rows loaded in list views at once, with one `items.byIds` call for all of them.
 */
export function applyEngineEvent(client: QueryClient, e: EngineEvent): void {
  const keys = invalidationsFor(e);
  if (keys.length > 0) {
    let burst = bursts.get(client);
    if (!burst) bursts.set(client, (burst = { last: -Infinity, pending: new Map(), timer: null }));
    for (const key of keys) burst.pending.set(JSON.stringify(key), key);
    if (e.type === 'job') {
      if (burst.timer !== null) clearTimeout(burst.timer);
      burst.timer = null;
      invalidateNow(client, burst);
    } else if (burst.timer === null) {
      const wait = burst.last + BURST_MS - Date.now();
      if (wait <= 0) invalidateNow(client, burst);
      else
        burst.timer = setTimeout(() => {
          burst.timer = null;
          invalidateNow(client, burst);
        }, wait);
    }
  }
  if (
    e.type === 'read-changed' ||
    e.type === 'saved-changed' ||
    e.type === 'items-changed' ||
    e.type === 'tags-changed'
  )
    patchViewRows(client, e.ids);
}

function invalidateNow(client: QueryClient, burst: Burst): void {
  const keys = [...burst.pending.values()];
  burst.pending.clear();
  burst.last = Date.now();
  notifyManager.batch(() => {
    for (const queryKey of keys) {
      if (!isView(queryKey)) {
        void client.invalidateQueries({ queryKey });
        continue;
      }
      void client.invalidateQueries({ queryKey, refetchType: 'none' });
      void client.refetchQueries({
        queryKey,
        type: 'active',
        predicate: (q) => pagesOf(q) <= AUTO_REFETCH_PAGES,
      });
    }
  });
}

/** Re-reads the rows `ids` names in every loaded list view and patches their flags and tags in. */
function patchViewRows(client: QueryClient, ids: readonly number[]): void {
  const wanted = new Set(ids);
  const touched = new Set<number>();
  for (const q of client.getQueryCache().findAll({ queryKey: queryKeys.itemViewsAll })) {
    const data = q.state.data as ViewData | undefined;
    if (!data) continue;
    const hits = data.pages.flatMap((p) => p.rows.filter((r) => wanted.has(r.id)).map((r) => r.id));
    if (hits.length > PATCH_LIMIT) void client.invalidateQueries({ queryKey: q.queryKey, exact: true });
    else for (const id of hits) touched.add(id);
  }
  if (touched.size === 0) return;
  void withEngine((engine) => engine.items.byIds([...touched]))
    .then((fresh) => {
      const byId = new Map(fresh.map((r) => [r.id, r]));
      for (const q of client.getQueryCache().findAll({ queryKey: queryKeys.itemViewsAll })) {
        const data = q.state.data as ViewData | undefined;
        const next = data && patchRows(data, byId);
        if (next && next !== data) client.setQueryData(q.queryKey, next);
      }
    })
    .catch((err: unknown) => console.warn('Rivulet: could not refresh rows', err));
}

const sameTags = (a: readonly number[] | undefined, b: readonly number[] | undefined): boolean =>
  (a ?? []).join() === (b ?? []).join();

// The row with the flags and tags of `fresh`, or the row itself when those are the same.
function patched(row: ItemRow, fresh: ItemRow | undefined): ItemRow {
  if (!fresh || (fresh.flags === row.flags && sameTags(fresh.tags, row.tags))) return row;
  const { tags: _old, ...rest } = row;
  return { ...rest, flags: fresh.flags, ...(fresh.tags?.length ? { tags: fresh.tags } : {}) };
}

/** `data` with the new flags and tags of the rows `fresh` names; the same object when none changed. */
function patchRows(data: ViewData, fresh: ReadonlyMap<number, ItemRow>): ViewData {
  let changed = false;
  const pages = data.pages.map((page) => {
    const rows = page.rows.map((r) => patched(r, fresh.get(r.id)));
    if (rows.every((r, i) => r === page.rows[i])) return page;
    changed = true;
    return { ...page, rows };
  });
  return changed ? { ...data, pages } : data;
}
