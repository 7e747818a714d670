/**
 * The data side of an items list: an infinite query of keyset pages, local read/saved changes
 * (optimistic, then confirmed from the engine) and the rows read this visit that "only unread"
 * keeps on screen. Engine events reach the list through its query only (src/engine/events.ts):
 * new or removed items refetch it, or mark a long one stale (then `stale` asks for a Reload);
 * read and saved changes patch its loaded rows.
 */
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Item, ItemRow, Page, UndoToken } from '../engine/contract';
import { writeFlags } from './flagJournal';
import { type ItemViewKey, queryKeys } from '../queries/keys';
import { FLAG_READ } from '../../shared/flags';
import { MAX_LIST_PAGE } from '../../shared/listPage';
import { mergeSticky, type StickyRow, visibleRows } from './stickyRows';

/**
 * A list asks for at most this many rows per call when it must catch up after a jump: the
 * engine's largest page. Each answer costs the list a pass over every row it holds, so fewer,
 * larger calls reach a far row much sooner.
 */
const MAX_CATCH_UP = MAX_LIST_PAGE;

export interface ItemsSource {
  /** The list's query key, one of `queryKeys.itemViews`. */
  listKey: ItemViewKey;
  fetchPage: (cursor: string | null) => Promise<Page<ItemRow>>;
  /** Optional: fetch `limit` rows at once (used to catch up after a jump). */
  fetchRange?: (cursor: string | null, limit: number) => Promise<Page<ItemRow>>;
  ranked: boolean;
  onlyUnread: boolean;
}

export interface ItemsData {
  /** Rows on screen, in order, with local flag changes applied. */
  rows: ItemRow[];
  /** Rows on screen plus rows known to exist but not loaded yet (for the virtualiser). */
  count: number;
  /** Rows the engine reported for this list (its `total`), null before the first page. */
  total: number | null;
  isPending: boolean;
  error: Error | null;
  hasMore: boolean;
  isFetchingMore: boolean;
  /** New items arrived in a long list; `reload` shows them. */
  stale: boolean;
  /** Makes sure rows up to `index` get loaded (pages are fetched one after another). */
  want: (index: number) => void;
  /**
   * Sets or clears a flag bit on rows, optimistically; reverts and rejects on failure. Resolves
   * the engine's undo token (null when no row needed the change).
   */
  setFlag: (rows: readonly ItemRow[], bit: number, on: boolean) => Promise<UndoToken | null>;
  /** Drops every local state and fetches the list from the start. */
  reload: () => void;
  /**
   * Drops the local flag changes and kept rows, then fetches the loaded pages again while the
   * rows stay on screen (an undo: the list keeps its place instead of starting from the top).
   */
  refresh: () => void;
  /**
   * Keeps `row` on screen in an only-unread list although it is read, like a row read during
   * this visit (the article a reloaded or pasted address opens). The caller checks it belongs.
   */
  pin: (row: ItemRow) => void;
}

const flat = (data: InfiniteData<Page<ItemRow>> | undefined): ItemRow[] =>
  data ? ([] as ItemRow[]).concat(...data.pages.map((p) => p.rows)) : [];

/**
 * A local flag change waiting for the engine's confirmation: shown while the row still has the
 * flags it had when changed (`from`); once the row's flags change (confirmed, or changed again
 * elsewhere) the row's own flags win.
 */
interface Override {
  from: number;
  to: number;
}

/** See {@link ItemsData}. One engine call per page; events cost one `byIds` for touched rows. */
export function useItemsData(src: ItemsSource): ItemsData {
  const client = useQueryClient();
  const keyText = JSON.stringify(src.listKey);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's content, not its identity
  const queryKey = useMemo(() => src.listKey, [keyText]);
  const wantRef = useRef(0);
  const loadedRef = useRef(0);
  const fetchRef = useRef(src);
  useEffect(() => {
    fetchRef.current = src;
  });

  const q = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => {
      const { fetchPage, fetchRange } = fetchRef.current;
      const gap = wantRef.current - loadedRef.current;
      if (fetchRange && gap > 100) {
        return fetchRange(pageParam, Math.min(MAX_CATCH_UP, Math.ceil(gap / 50) * 50));
      }
      return fetchPage(pageParam);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: Infinity,
    gcTime: 30_000,
  });

  const raw = useMemo(() => flat(q.data), [q.data]);
  const pageCount = q.data?.pages.length ?? 0;
  const lastPage = q.data?.pages[pageCount - 1];

  const [overrides, setOverrides] = useState<ReadonlyMap<number, Override>>(new Map());
  const [sticky, setSticky] = useState<ReadonlyMap<number, StickyRow>>(new Map());
  const [stale, setStale] = useState(false);
  // Local changes belong to one list: a row read in a feed must not show up in Today or Saved
  // when the same component goes on to show another list.
  const [stateKey, setStateKey] = useState(keyText);
  if (stateKey !== keyText) {
    setStateKey(keyText);
    setOverrides(new Map());
    setSticky(new Map());
    setStale(false);
  }
  // Events mark a long list stale without refetching it (src/engine/events.ts); the flag stays
  // up until `reload`, even if a row patch or a next page clears the query's own stale mark.
  if (!stale && stateKey === keyText && q.isSuccess && q.isStale && !q.isFetching) setStale(true);

  const [rows, baseFlags] = useMemo(() => {
    const flagsOf = (r: ItemRow) => {
      const o = overrides.get(r.id);
      return o && o.from === r.flags ? o.to : r.flags;
    };
    const base = visibleRows(raw, src.onlyUnread, sticky, flagsOf, FLAG_READ);
    const merged = mergeSticky(base, sticky, { ranked: src.ranked, complete: !q.hasNextPage });
    const flagsBefore = new Map(merged.map((r) => [r.id, r.flags]));
    if (overrides.size === 0) return [merged, flagsBefore] as const;
    const shown = merged.map((r) => {
      const f = flagsOf(r);
      return f === r.flags ? r : { ...r, flags: f };
    });
    return [shown, flagsBefore] as const;
  }, [raw, overrides, sticky, src.onlyUnread, src.ranked, q.hasNextPage]);

  const remaining = q.hasNextPage && lastPage ? Math.max(0, lastPage.total - raw.length) : 0;

  const reload = useCallback(() => {
    setOverrides(new Map());
    setSticky(new Map());
    setStale(false);
    wantRef.current = 0;
    void client.resetQueries({ queryKey });
  }, [client, queryKey]);

  const refresh = useCallback(() => {
    setOverrides(new Map());
    setSticky(new Map());
    void client.refetchQueries({ queryKey, exact: true });
  }, [client, queryKey]);

  useEffect(() => {
    loadedRef.current = raw.length;
  });

  const setFlag = useCallback(
    async (targets: readonly ItemRow[], bit: number, on: boolean) => {
      const changed = targets.filter((r) => ((r.flags & bit) !== 0) !== on);
      if (changed.length === 0) return null;
      const before = new Map(changed.map((r) => [r.id, r.flags]));
      const apply = (flagsOf: (r: ItemRow) => number) => {
        setOverrides((prev) => {
          const next = new Map(prev);
          for (const r of changed) next.set(r.id, { from: baseFlags.get(r.id) ?? r.flags, to: flagsOf(r) });
          return next;
        });
        for (const r of changed) {
          client.setQueryData<Item | undefined>(queryKeys.item(r.id), (item) =>
            item ? { ...item, flags: flagsOf(r) } : item,
          );
        }
      };
      apply((r) => (on ? r.flags | bit : r.flags & ~bit));
      if (bit === FLAG_READ && on && src.onlyUnread) {
        const at = new Map(rows.map((r, i) => [r.id, i]));
        setSticky((prev) => {
          const next = new Map(prev);
          for (const r of changed) next.set(r.id, { row: r, index: at.get(r.id) ?? 0 });
          return next;
        });
      }
      const ids = changed.map((r) => r.id);
      try {
        // Noted while on its way, so a page that goes before the write ends hands it on (flagJournal.ts).
        return await writeFlags({ ids, bit, on });
      } catch (err) {
        apply((r) => before.get(r.id) ?? r.flags);
        throw err;
      }
    },
    [client, rows, baseFlags, src.onlyUnread],
  );

  const pin = useCallback((row: ItemRow) => {
    setSticky((prev) => {
      if (prev.has(row.id)) return prev;
      const next = new Map(prev);
      next.set(row.id, { row, index: 0 });
      return next;
    });
  }, []);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  const want = useCallback(
    (index: number) => {
      wantRef.current = Math.max(wantRef.current, index + 1);
      // cancelRefetch: false — a second call before React has rendered isFetchingNextPage (the
      // list's range callback and its effect in one tick) must not cancel and restart the fetch.
      if (hasNextPage && !isFetchingNextPage && index >= loadedRef.current - 10)
        void fetchNextPage({ cancelRefetch: false });
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  return {
    rows,
    count: rows.length + remaining,
    total: lastPage?.total ?? null,
    isPending: q.isPending,
    error: q.error,
    hasMore: q.hasNextPage,
    isFetchingMore: q.isFetchingNextPage,
    stale,
    want,
    setFlag,
    reload,
    refresh,
    pin,
  };
}
