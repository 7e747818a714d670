/**
 * Keeps the description text store and the full-text index in step with the metadata index.
 * It follows the MetaIndex rather than hooking every writer: a sync diffs the index's live ids
 * against the store (removed ids are tombstoned, new ids are read from the items store in
 * batches), and re-reads ids named by `items-changed` events. That one mechanism covers ingest,
 * feed deletion, clearAll, other tabs and cold start. Syncs run one at a time; between batches
 * other calls run (queries that need the text wait for `fresh()`).
 * Ingest is the common writer, so it hands its items over with their text already extracted
 * (`offer`, see textFeed.ts): they wait in a queue until writes pause (DRAIN_PAUSE_MS), then a
 * sync drains it in small chunks between other tasks, and `fresh()` drains it whole before any
 * query reads the text, so a query never misses a queued item.
 */
import type { StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { ChunkFileError, FileChunks } from './fileChunks';
import { collectTextFiles, unwrittenState, type PersistState, type TextFiles } from './persist';
import { SearchIndex } from './searchIndex';
import {
  offeredText,
  registerTextSink,
  searchableText,
  type FullTextSource,
  type OfferedText,
  type TextSink,
} from './textFeed';
import { TextStore } from './textStore';
import { OfferQueue } from './offerQueue';
import {
  emptyForRebuild,
  emptyStore,
  findTextFiles,
  holdsEveryLive,
  reconcile,
  restoreText,
  writeText,
} from './textIndexStorage';
import { TextUpkeep } from './textUpkeep';

/** The events after which the text catches up with the index (soon, see `syncSoon`). */
const SYNCED_ON = new Set(['items-added', 'items-changed', 'items-removed', 'fulltext-changed']);
/** Items read from IndexedDB per step of a sync. */
const BATCH = 500;
/**
 * Offered items wait for a pause in writing before the background drain indexes them: a refresh
 * is a burst of ingests (one per feed, up to six in flight), and indexing between them took the
 * CPU the next feed's parse and write need (~60 µs per 1 KB article, about a third of ingest's
 * time in a profile of 10k items). A query that reads the text drains the queue first, so none
 * misses a queued item. Quiet time that counts as a pause, ms:
 */
const DRAIN_PAUSE_MS = 250;

export class TextIndex implements TextSink {
  private fullTexts: FullTextSource | null = null;
  /** Chunk files (OPFS in the worker); null: chunks in memory; undefined: not looked for yet. */
  private files: TextFiles | null | undefined = undefined;
  readonly store = new TextStore();
  readonly search = new SearchIndex();
  private readonly changed = new Set<number>();
  /** Items whose text in the store is their whole article (written with the tables). */
  private readonly wholeIds = new Set<number>();
  /** Items offered by ingest, not yet indexed (oldest first; a later entry for an id wins). */
  private readonly queue = new OfferQueue();
  /** When set, the queue is drained without yielding (a query is waiting). */
  private urgent = 0;
  /** A full diff against the metadata index is owed (start-up, removals). */
  private diffOwed = true;
  private lastVersion = -1;
  private lastRowCount = 0;
  /** Merges and compactions, during bursts and at pauses (textUpkeep.ts). */
  private readonly upkeep = new TextUpkeep(
    this.store,
    this.search,
    (fn) => this.betweenSyncs(fn),
    () => this.ctx.ui.quiet(),
  );
  private drainTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Set once the store was rebuilt after a chunk file lost its contents (`rebuildAfterLoss`). */
  private rebuiltAfterLoss = false;
  /** A loss a reader met (`recover`), for the next sync to rebuild after. */
  private lost: ChunkFileError | null = null;
  private chain: Promise<void> = Promise.resolve();
  private started: Promise<void> | null = null;
  /** Set once `start` has put the restored store and index in place: syncs wait for it. */
  private restored = false;
  private syncedCounter = -1;
  private _ready = false;
  /** Resolves once the store's tables are loaded (or the store is empty for a rebuild). */
  private readonly tablesIn: Promise<void>;
  private tablesLoaded: () => void = () => {};
  readonly persistState: PersistState = unwrittenState();

  /**
   * `indexLoaded` resolves once the metadata index is loaded: `start` waits for it, because its
   * first sync drops every text whose id the index lacks, and an index still loading lacks them
   * all (the engine passes the index gate's load; callers of the internals bypass that gate).
   */
  constructor(
    private readonly ctx: EngineContext,
    private readonly indexLoaded: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.tablesIn = new Promise<void>((resolve) => (this.tablesLoaded = resolve));
    registerTextSink(ctx, this);
    ctx.events.on((event) => {
      if (event.type === 'items-changed' || event.type === 'fulltext-changed')
        for (const id of event.ids) this.changed.add(id);
      if (event.type === 'items-removed') this.diffOwed = true;
      if (SYNCED_ON.has(event.type)) this.syncSoon();
    });
  }

  /** Indexes whole articles from `source` in place of descriptions (set once, before `start`). */
  useFullTexts(source: FullTextSource): void {
    this.fullTexts = source;
  }

  /**
   * Keeps text chunks in `files` (tests pass a fake folder; null keeps them in memory). Set
   * before `start`; by default `start` uses the worker's OPFS when sync access handles exist.
   */
  useFiles(files: TextFiles | null): void {
    this.files = files;
  }

  /** True once the persisted state is loaded (or rebuilt) and synced. */
  get ready(): boolean {
    return this._ready;
  }

  /**
   * Starts loading: the persisted store and index when they match the items change counter,
   * else a rebuild from the items store. Idempotent; failures are logged and leave an empty,
   * syncing index (the next `fresh()` retries the sync).
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.indexLoaded();
      if (this.files === undefined) this.files = await findTextFiles(this.ctx.db.dexie.name);
      const { loaded, files, reread } = await restoreText({
        db: this.ctx.db,
        store: this.store,
        search: this.search,
        state: this.persistState,
        files: this.files,
        tablesLoaded: this.tablesLoaded,
        fullTexts: this.fullTexts,
        wholeIds: this.wholeIds,
      });
      this.files = files;
      this.restored = true;
      for (const id of reread) this.changed.add(id);
      this.tablesLoaded();
      // Loaded data reflects the current items (flags aside), and a rebuild reads every item:
      // either way the queued versions add nothing (and could be older than what was loaded).
      this.queue.clear();
      this.diffOwed = true;
      await this.sync();
      this._ready = true;
      // A rebuild, or chunks moved from IndexedDB into a file: store the new state now.
      if (loaded !== true || this.persistState.lineage === '') await this.persist();
    })().catch((err: unknown) => {
      // A database closed during start-up (a closing tab, a short test) is not worth an error.
      if (this.ctx.db.dexie.isOpen()) console.error('Rivulet: text index could not start', err);
    });
    return this.started;
  }

  /**
   * After "clear all data": drops the texts and, with chunk files, moves to an empty file and
   * removes the old ones (another tab's open file goes once that tab lets it go). Never fails.
   */
  async cleared(): Promise<void> {
    try {
      // After the start's restore, as every sync (a clear in the first seconds of a start).
      await this.start();
      await this.sync();
      const space = this.store.chunks;
      if (space instanceof FileChunks) {
        await space.whenSpare();
        const run = this.chain.then(async () => {
          const remap = this.store.compact(true);
          if (remap) this.upkeep.timedMerge(remap);
          else {
            this.files = await emptyStore(this.store, this.files ?? null);
            this.search.clear();
            this.wholeIds.clear();
          }
          if (this.store.chunks instanceof FileChunks) await collectTextFiles(this.ctx.db, this.store.chunks);
        });
        this.chain = run.catch(() => undefined);
        await run;
      }
    } catch (err) {
      console.warn('Rivulet: text files not removed after clearing', err);
    }
  }

  /**
   * Resolves when the text reflects the metadata index as of now (starting it if needed):
   * queued items are indexed first, without yielding, so the caller waits only for them.
   */
  async fresh(): Promise<void> {
    this.urgent++;
    try {
      await this.start();
      await this.sync();
    } finally {
      this.urgent--;
    }
  }

  /**
   * Like `fresh` for readers of the text store alone (`description LIKE`): at a cold start it
   * answers once the store's tables are in and hold exactly the index's live items with no
   * change pending, without waiting for the search index to load. Otherwise it is `fresh()`.
   * Cost: O(rows) membership checks while the search index loads.
   */
  async freshText(): Promise<void> {
    void this.start();
    await this.tablesIn;
    if (!this._ready && this.inStep()) return;
    await this.fresh();
  }

  // Whether the store holds the text of exactly the index's live items, none changed since.
  private inStep(): boolean {
    const { index } = this.ctx;
    if (this.queue.length > 0 || this.changed.size > 0 || this.store.liveCount() !== index.liveCount())
      return false;
    return holdsEveryLive(this.store, index);
  }

  /**
   * Queues just-committed items for indexing (see textFeed.ts). Their ids are taken out of the
   * pending `items-changed` re-reads: the offered version is the one just written. Call after
   * the write's events were emitted. O(items); the indexing happens in the next syncs.
   */
  offer(items: OfferedText[]): void {
    for (const item of items) {
      // An item with a whole article keeps it indexed: it is read again (with that text) instead.
      if (this.fullTexts?.has(item.id)) {
        this.changed.add(item.id);
        continue;
      }
      this.changed.delete(item.id);
      this.queue.push(item);
    }
    this.syncSoon();
  }

  // A background sync once writes pause (DRAIN_PAUSE_MS after the last one), or at once when the
  // queue holds QUEUE_CAP_CHARS of text. Not before `start` has restored the store (it syncs
  // itself then; a drain during its restore wrote into the store and index it was replacing, and
  // the next add failed "document 0 added out of order"), nor after `close`.
  private syncSoon(): void {
    if (!this.restored || this.closed) return;
    if (this.drainTimer !== null) clearTimeout(this.drainTimer);
    this.drainTimer = null;
    const run = () =>
      void this.sync().catch((err: unknown) => console.warn('Rivulet: text index sync failed', err));
    if (this.queue.full) run();
    else
      this.drainTimer = setTimeout(() => {
        this.drainTimer = null;
        run();
      }, DRAIN_PAUSE_MS);
  }

  /** Number of offered items not yet indexed. */
  queued(): number {
    return this.queue.length;
  }

  /** Runs a sync after any running one. */
  sync(): Promise<void> {
    const run = this.chain.then(() => this.syncNow());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async syncNow(): Promise<void> {
    if (this.lost) await this.rebuildAfterLoss(this.lost);
    try {
      await this.syncRounds();
    } catch (err) {
      if (!(err instanceof ChunkFileError) || this.rebuiltAfterLoss || this.closed) throw err;
      await this.rebuildAfterLoss(err);
      await this.syncRounds();
    }
  }

  // A chunk file lost what this tab wrote (a write or read of it came back short: seen once, at
  // the cold start of a 100k bench run, cause not known). Its texts are gone, so the store starts
  // again in a new file and every live article is read again from the items store (the sync
  // after this), as a start does when its files are unreadable; the next write stores it whole.
  // Once per session: a second loss reaches the caller instead of rebuilding in a loop.
  private async rebuildAfterLoss(err: ChunkFileError): Promise<void> {
    this.rebuiltAfterLoss = true;
    this.lost = null;
    console.warn('Rivulet: a text chunk file lost its contents; rebuilding the text index', err);
    this.files = await emptyForRebuild(this.store, this.search, this.wholeIds, this.files ?? null);
    this.queue.clear();
    Object.assign(this.persistState, unwrittenState());
    // The next round compares every live id with the (empty) store, changed index or not.
    this.diffOwed = true;
    this.lastVersion = -1;
  }

  /**
   * A reader of the store met `err` (a chunk file read came back short): resolves once the store
   * is rebuilt (see `rebuildAfterLoss`; another reader may have set that off already) and in step,
   * so the reader can ask again, once. After a rebuild earlier this session none is started (a
   * second loss then reaches the reader when it asks again).
   */
  async recover(err: ChunkFileError): Promise<void> {
    if (!this.rebuiltAfterLoss) this.lost = err;
    await this.fresh();
  }

  /**
   * Whether the store was emptied for a rebuild after a loss (once a session). A reader that saw
   * this change while it read may have read the emptied store, and asks again (textLoss.ts).
   */
  get rebuilt(): boolean {
    return this.rebuiltAfterLoss;
  }

  private async syncRounds(): Promise<void> {
    const { index } = this.ctx;
    for (let round = 0; round < 100; round++) {
      await this.drain();
      const version = index.version;
      const counter = this.ctx.applied.counter;
      if (version === this.lastVersion && this.changed.size === 0 && this.queue.length === 0) {
        this.syncedCounter = counter;
        return;
      }
      const changed = [...this.changed];
      this.changed.clear();
      // The store only ever holds ids the index held, and ids leave the index with an
      // `items-removed` event or a shrinking index: with neither, equal counts mean equal sets
      // and the O(items) comparison is skipped.
      const rows = index.rowCount();
      const whole = this.diffOwed || rows < this.lastRowCount || this.store.liveCount() !== index.liveCount();
      this.diffOwed = false;
      const missing = whole ? reconcile(this.store, this.search, this.wholeIds, index) : [];
      this.lastRowCount = rows;
      for (const id of changed) if (this.store.has(id) && index.rowOf(id) >= 0) missing.push(id);
      for (let i = 0; i < missing.length; i += BATCH) {
        const items = await this.ctx.stores.items.byIds(missing.slice(i, i + BATCH));
        const whole = this.fullTexts ? await this.fullTexts.textsOf(items.map((item) => item.id)) : null;
        for (const item of items) if (index.rowOf(item.id) >= 0) this.add(item, whole?.get(item.id));
      }
      this.upkeep.maintain();
      this.lastVersion = version;
    }
  }

  // Indexes the queued items (offerQueue.ts: in ~1 ms slices in the background, at once for a
  // waiting query). Items deleted since they were offered are skipped (the diff drops them).
  // A long burst (a first import) keeps the queue busy for minutes: merge along the way.
  private drain(): Promise<void> {
    const { index } = this.ctx;
    return this.queue.drain(
      (item) => {
        if (index.rowOf(item.id) >= 0) this.addText(item);
      },
      () => this.urgent > 0,
      () => this.upkeep.maintain(),
    );
  }

  /**
   * Stops background work when the engine closes: the idle merge timer is cleared and none is
   * scheduled again, so a closed engine leaves no timer behind. Chunk files are let go (another
   * engine on the same database may adopt them); texts in memory still answer.
   */
  close(): void {
    this.closed = true;
    if (this.store.chunks instanceof FileChunks) this.store.chunks.dispose();
    this.upkeep.close();
    if (this.drainTimer !== null) clearTimeout(this.drainTimer);
    this.drainTimer = null;
  }

  /**
   * Stores and indexes one item (replacing an earlier version), with its whole article's plain
   * text in place of the description when given. Cost: one HTML parse + tokenise.
   */
  add(item: StoredItem, wholeText?: string): void {
    this.addText(offeredText(item, searchableText(item, wholeText)));
    if (wholeText !== undefined) this.wholeIds.add(item.id);
  }

  // Stores and indexes one item whose text is already extracted. Cost: one tokenise.
  private addText(item: OfferedText): void {
    this.wholeIds.delete(item.id);
    const old = this.store.slotOf(item.id);
    if (old >= 0) this.search.remove(old);
    const text = item.plainLower;
    const slot = this.store.put(item.id, text);
    this.search.add(slot, {
      title: item.title,
      author: item.author,
      text,
      feedId: item.feedId,
      pubDate: item.pubDate,
    });
  }

  // Runs `fn` between syncs, never inside one, and only while nothing is queued (an idle
  // merge or compaction would otherwise run ahead of the texts a burst is still handing over).
  private betweenSyncs(fn: () => void): void {
    this.chain = this.chain
      .then(() => {
        if (this.queue.length === 0) fn();
      })
      .catch((err: unknown) => console.warn('Rivulet: search index merge failed', err));
  }

  /**
   * Persists the store and the index if they reflect the current items counter (skips
   * otherwise, like the index snapshot). Writes only changed chunks. Resolves whether it wrote.
   */
  async persist(): Promise<boolean> {
    if (!this._ready) return false;
    await this.sync();
    if (this.syncedCounter !== this.ctx.applied.counter) return false;
    // Postings of articles deleted since they were indexed go now, not with the next merge.
    this.search.prunePending();
    return writeText(
      this.ctx.db,
      this.store,
      this.search,
      this.syncedCounter,
      this.persistState,
      this.wholeIds,
    );
  }

  /** Sizes for `search.stats()`. */
  stats(): { docs: number; terms: number; bytes: number; ready: boolean } {
    const text = this.store.bytes();
    return {
      docs: this.search.docCount(),
      terms: this.search.termCount(),
      bytes: text.allocated + this.search.bytes(),
      ready: this._ready,
    };
  }
}
