/**
 * The `fullText` domain: whole articles fetched from the article page and extracted with
 * Readability (extract.ts), cached in the `fullTexts` store (schema v4) with the reason when a
 * page gave none, so failures are not fetched again on every refresh.
 *
 * - The reader asks for one article (`load`); a cached answer comes back without a fetch.
 * - Feeds with "always load the full article" (`Feed.fullText`) get their new articles extracted
 *   in the background after a refresh: the newest few of each such feed, two at a time, each
 *   step yielding to the other work of the worker, so lists and queries stay quick.
 * - Extracted texts replace the description in the full-text index (search, related articles):
 *   the text index asks this domain for them (`FullTextSource`), and a stored article is
 *   announced as `fulltext-changed`, which makes the index (here and in other tabs) read it again.
 * - Records of deleted articles are swept after `items-removed`.
 */
import type { FullTextFailure, FullTextRecord, StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { FetchImpl } from '../formats/fetcher';
import { patchFeed } from '../feeds/refresh/patchFeed';
import type { FullTextSource } from '../search/textFeed';

/** A cached whole article as the reader gets it (the plain text stays in the worker). */
export type FullTextView = Omit<FullTextRecord, 'text'>;

/** What the `fullText` domain offers the UI. */
export interface FullTextApi {
  /** The cached whole article (or failure) of an item, null when never tried. No fetch. */
  get(itemId: number): Promise<FullTextView | null>;
  /**
   * The whole article of an item: cached, else fetched through the companion server, extracted,
   * stored and indexed. A cached failure is returned as is unless `retry`. Never rejects for
   * the page's sake (a failure is a record with its reason); rejects `not_found` for no item.
   */
  load(itemId: number, opts?: { retry?: boolean }): Promise<FullTextView>;
  /** Turns the feed's "always load the full article" on or off; on starts extracting its newest. */
  setAlways(feedId: number, on: boolean): Promise<void>;
  /** Whether content fetches may reach private networks (the user's setting). */
  configure(opts: { allowPrivate: boolean }): Promise<void>;
  /** Cached whole articles: how many, how many failures remembered, bytes of HTML and text. */
  stats(): Promise<{ articles: number; failures: number; bytes: number }>;
  /**
   * Forgets every cached whole article and remembered failure (Settings → Download). Search and
   * related articles go back to the feeds' texts. Returns how many records went.
   */
  clear(): Promise<number>;
  /** Resolves when background extraction has nothing queued or running (tests, benchmarks). */
  idle(): Promise<void>;
}

/** Newest articles of a feed looked at after each refresh that added some. */
export const BACKGROUND_PER_FEED = 10;
/** Pages fetched and extracted at once in the background. */
export const BACKGROUND_CONCURRENCY = 2;
/** A failure that may be temporary (network, HTTP 5xx) is tried again after this long, seconds. */
export const RETRY_AFTER_S = 24 * 3600;

const TEMPORARY = new Set<FullTextFailure | ''>(['network', 'http_error']);

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The domain plus the text index's view of it (internal). */
export interface FullTextDomain {
  api: FullTextApi;
  source: FullTextSource;
}

/** Builds the domain over the engine context and the companion server's fetch. */
export function createFullText(ctx: EngineContext, proxy: FetchImpl): FullTextDomain {
  const table = () => ctx.db.table('fullTexts');
  let allowPrivate = false;
  /** Ids with an extracted article (the text index reads only these). */
  let okIds: Set<number> | null = null;
  let okLoad: Promise<Set<number>> | null = null;
  const loadOk = (): Promise<Set<number>> =>
    (okLoad ??= table()
      .where('status')
      .equals('ok')
      .primaryKeys()
      .then((keys) => {
        okIds = new Set(keys.map(Number));
        return okIds;
      })
      .catch((err: unknown) => {
        okLoad = null;
        throw err;
      }));
  /** One load per item at a time (the reader and the background may ask together). */
  const running = new Map<number, Promise<FullTextView>>();

  const view = (record: FullTextRecord): FullTextView => {
    const { text: _text, ...rest } = record;
    return rest;
  };

  const failure = (
    item: StoredItem,
    reason: FullTextFailure,
    httpStatus = 0,
    url = item.link,
  ): FullTextRecord => ({
    itemId: item.id,
    feedId: item.feedId,
    status: 'failed',
    html: '',
    text: '',
    url,
    reason,
    httpStatus,
    fetchedAt: ctx.now(),
  });

  const extractOne = async (item: StoredItem): Promise<FullTextRecord> => {
    if (!/^https?:\/\//i.test(item.link)) return failure(item, 'no_link');
    const feedUrl = ctx.feedCache.get(item.feedId)?.url ?? '';
    // The page fetch and its charset detector load on first use, as the extraction below does.
    const { fetchArticlePage } = await import('./fetchPage');
    const page = await fetchArticlePage(proxy, item.link, feedUrl, { allowPrivate });
    if (!page.ok) return failure(item, page.reason, page.httpStatus);
    // Readability and linkedom (~480 KB) load on first use, so the worker starts as quickly as before.
    const { extractArticle } = await import('./extract');
    const found = extractArticle(page.html, page.finalUrl);
    if (!found.ok) return failure(item, found.reason, 0, page.finalUrl);
    return {
      itemId: item.id,
      feedId: item.feedId,
      status: 'ok',
      html: found.html,
      text: found.text,
      url: page.finalUrl,
      reason: '',
      httpStatus: 0,
      fetchedAt: ctx.now(),
    };
  };

  const store = async (record: FullTextRecord): Promise<void> => {
    // The article may have been deleted while its page was fetched: store nothing then.
    const kept = await ctx.db.tx('update', 'rw', ['items', 'fullTexts'], async () => {
      if (!(await ctx.db.table('items').get(record.itemId))) return false;
      await table().put(record);
      return true;
    });
    if (!kept) return;
    if (record.status === 'ok') (await loadOk()).add(record.itemId);
    else {
      okIds?.delete(record.itemId);
      return;
    }
    // The text index (this tab's and other tabs') reads the item again, now with this text; the
    // reader's query of it refetches. Lists are not touched (no row changed).
    ctx.events.emit({ type: 'fulltext-changed', ids: [record.itemId] }, ctx.applied.counter);
    ctx.scheduleSnapshot();
  };

  const load = (itemId: number, retry = false): Promise<FullTextView> => {
    const already = running.get(itemId);
    if (already) return already;
    const run = (async () => {
      const cached = await table().get(itemId);
      if (cached && (cached.status === 'ok' || !retry)) return view(cached);
      const item = await ctx.stores.items.get(itemId);
      if (!item) throw new EngineError('not_found', `Article ${itemId} does not exist`);
      const record = await extractOne(item);
      await store(record);
      return view(record);
    })().finally(() => running.delete(itemId));
    running.set(itemId, run);
    return run;
  };

  // ---- background extraction after a refresh ----
  const queue: number[] = [];
  const queued = new Set<number>();
  let workers = 0;
  let idleWaiters: Array<() => void> = [];
  const settleIdle = () => {
    if (workers > 0 || queue.length > 0 || pendingFeeds.size > 0 || scanning) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const work = async (): Promise<void> => {
    workers++;
    try {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        queued.delete(id);
        await nextTask();
        if (ctx.db.lost) break;
        try {
          await load(id, true);
        } catch (err) {
          if (!(err instanceof EngineError && err.code === 'not_found'))
            console.warn('Rivulet: background extraction failed', err);
        }
      }
    } finally {
      workers--;
      settleIdle();
    }
  };

  const pendingFeeds = new Set<number>();
  let scanning = false;
  // Finds each pending feed's newest articles without a usable record and queues them.
  const scan = async (): Promise<void> => {
    if (scanning) return;
    scanning = true;
    try {
      while (pendingFeeds.size > 0) {
        const [feedId] = pendingFeeds as unknown as [number];
        pendingFeeds.delete(feedId);
        if (!ctx.feedCache.get(feedId)?.fullText) continue;
        // The index's newest-first rows of the feed (items-added and the fullText switch both
        // arrive after the index is loaded); hidden articles are not fetched in the background.
        const rows = ctx.index.rowsOfFeed(feedId).subarray(0, BACKGROUND_PER_FEED);
        const newest = Array.from(rows, (row) => ctx.index.id(row));
        const records = await table().bulkGet(newest);
        const now = ctx.now();
        newest.forEach((id, i) => {
          const r = records[i];
          const due =
            !r || (r.status === 'failed' && TEMPORARY.has(r.reason) && now - r.fetchedAt >= RETRY_AFTER_S);
          if (due && !queued.has(id) && !running.has(id)) {
            queued.add(id);
            queue.push(id);
          }
        });
        while (workers < BACKGROUND_CONCURRENCY && queue.length > 0) void work();
        await nextTask();
      }
    } catch (err) {
      console.warn('Rivulet: background extraction not queued', err);
    } finally {
      scanning = false;
      settleIdle();
    }
  };
  const schedule = (feedIds: number[]) => {
    for (const id of feedIds) if (ctx.feedCache.get(id)?.fullText) pendingFeeds.add(id);
    if (pendingFeeds.size > 0) void scan();
  };

  // Sweeps records whose article is gone (unsubscribed, retention, clear all).
  let sweepTimer: ReturnType<typeof setTimeout> | null = null;
  const sweep = async () => {
    sweepTimer = null;
    if (!ctx.db.dexie.isOpen()) return;
    try {
      const keys = (await table().toCollection().primaryKeys()) as number[];
      const gone = keys.filter((id) => ctx.index.rowOf(id) < 0);
      if (gone.length === 0) return;
      await table().bulkDelete(gone);
      for (const id of gone) okIds?.delete(id);
    } catch (err) {
      if (!ctx.db.lost) console.warn('Rivulet: whole articles of deleted items not swept', err);
    }
  };

  ctx.events.on((event) => {
    if (event.type === 'items-added') schedule(event.feedIds);
    if (event.type === 'items-removed') {
      // A restore or clear-all may have replaced the store: read the ids again on next use
      // (the old set answers `has` until then).
      okLoad = null;
      if (sweepTimer !== null) clearTimeout(sweepTimer);
      sweepTimer = setTimeout(() => void sweep(), 200);
    }
  });

  const api: FullTextApi = {
    get: async (itemId) => {
      const r = await table().get(itemId);
      return r ? view(r) : null;
    },
    load: (itemId, opts) => load(itemId, opts?.retry === true),
    setAlways: async (feedId, on) => {
      await patchFeed(ctx, feedId, { fullText: on });
      if (on) schedule([feedId]);
    },
    configure: (opts) => {
      allowPrivate = opts.allowPrivate;
      return Promise.resolve();
    },
    stats: async () => {
      let articles = 0;
      let failures = 0;
      let bytes = 0;
      await table().each((r) => {
        if (r.status === 'ok') articles++;
        else failures++;
        bytes += (r.html.length + r.text.length) * 2;
      });
      return { articles, failures, bytes };
    },
    clear: async () => {
      const ok = [...(await loadOk())];
      const removed = await ctx.db.run('delete', async () => {
        const n = await table().count();
        await table().clear();
        return n;
      });
      okIds?.clear();
      // The text index (this tab's and others') reads these articles again, from the feed now.
      if (ok.length > 0) ctx.events.emit({ type: 'fulltext-changed', ids: ok }, ctx.applied.counter);
      ctx.scheduleSnapshot();
      return removed;
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
  };

  const source: FullTextSource = {
    has: (id) => okIds?.has(id) ?? false,
    ids: async () => [...(await loadOk())],
    async textsOf(ids) {
      const ok = await loadOk();
      const wanted = ids.filter((id) => ok.has(id));
      const out = new Map<number, string>();
      if (wanted.length === 0) return out;
      for (const r of await table().bulkGet(wanted)) if (r?.status === 'ok') out.set(r.itemId, r.text);
      return out;
    },
  };

  return { api, source };
}
