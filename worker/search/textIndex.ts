/**
 * Keeps the description text store and the full-text index in step with the metadata index:
 * their lifecycle (start and restore, persist, "clear all data", a chunk file's loss, close)
 * and the one chain every sync runs on. What a sync does, the queue ingest offers its texts to
 * and the diff against the index, is textSync.ts. Syncs run one at a time; between batches
 * other calls run (queries that need the text wait for `fresh()`, which drains the queue whole
 * first, so a query never misses a queued item).
 */
import type { StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { ChunkFileError, FileChunks } from './fileChunks';
import {
  collectTextFiles,
  loadGramBlocks,
  releaseHeldFiles,
  unwrittenState,
  type PersistState,
  type TextFiles,
} from './persist';
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
import { emptyForRebuild, emptyStore, findTextFiles, restoreText, writeText } from './textIndexStorage';
import { TextSync, type SyncTarget } from './textSync';
import { TextUpkeep } from './textUpkeep';

export class TextIndex implements TextSink {
  private fullTexts: FullTextSource | null = null;
  /** Chunk files (OPFS in the worker); null: chunks in memory; undefined: not looked for yet. */
  private files: TextFiles | null | undefined = undefined;
  readonly store = new TextStore();
  readonly search = new SearchIndex();
  /** Items whose text in the store is their whole article (written with the tables). */
  private readonly wholeIds = new Set<number>();
  /** Merges and compactions, during bursts and at pauses (textUpkeep.ts). */
  private readonly upkeep = new TextUpkeep(
    this.store,
    this.search,
    (fn) => this.betweenSyncs(fn),
    () => this.ctx.ui.quiet(),
    // Written at once, not after the snapshot delay: a merge follows a pause, so no burst of
    // changes is left to coalesce, and a reload within the delay (2 s) found the tail unmerged
    // and merged it again (at 1M after a refresh of 50k articles, ~1.5 s of a core per start).
    () => this.ctx.scheduleSnapshot(0),
  );
  /** What the text owes the index and the rounds that catch it up (textSync.ts). */
  private readonly syncs: TextSync;
  private closed = false;
  /** Set once the store was rebuilt after a chunk file lost its contents (`rebuildAfterLoss`). */
  private rebuiltAfterLoss = false;
  /** A loss a reader met (`recover`), for the next sync to rebuild after. */
  private lost: ChunkFileError | null = null;
  private chain: Promise<void> = Promise.resolve();
  private started: Promise<void> | null = null;
  private _ready = false;
  /** A write was asked for before the start was done (`persist`). */
  private persistOwed = false;
  /** Resolves once the store's tables are loaded (or the store is empty for a rebuild). */
  private readonly tablesIn: Promise<void>;
  private tablesLoaded: () => void = () => {};
  /** The read of the trigram sets under way (`gramsIn`). */
  private gramsRead: Promise<void> | null = null;
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
    const target: SyncTarget = {
      store: this.store,
      search: this.search,
      wholeIds: this.wholeIds,
      upkeep: this.upkeep,
      fullTexts: () => this.fullTexts,
      add: (item, wholeText) => this.add(item, wholeText),
      addText: (item) => this.addText(item),
    };
    this.syncs = new TextSync(ctx, target, () => this.sync());
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
      this.syncs.restored();
      this.syncs.reread(reread);
      this.tablesLoaded();
      // Loaded data reflects the current items (flags aside), and a rebuild reads every item:
      // either way the queued versions add nothing (and could be older than what was loaded).
      this.syncs.restart({ emptied: false });
      await this.sync();
      this._ready = true;
      // A rebuild, chunks moved from IndexedDB into a file, a stored copy an ingest had left
      // behind, or a write asked for while this start ran (a refresh's first articles): store the
      // new state now. Left to the next change, a tab closed before it would rebuild the whole
      // store at its next start (~3 min at 1M articles).
      const owed = this.persistOwed || this.persistState.changedSince !== null;
      this.persistState.changedSince = null;
      if (loaded !== true || this.persistState.lineage === '' || owed) await this.persist();
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
          // The head file this tab wrote is no longer named by anything: it goes too.
          releaseHeldFiles(this.persistState);
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
  fresh(): Promise<void> {
    return this.syncs.urgently(async () => {
      await this.start();
      await this.sync();
    });
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
    await this.gramsIn();
    if (!this._ready && this.syncs.inStep()) return;
    await this.fresh();
  }

  /**
   * `fresh()`, then the chunks' trigram sets (`gramsIn`): for a reader that scans descriptions
   * after a full sync (the rules, over the articles just stored).
   */
  async freshForScan(): Promise<void> {
    await this.fresh();
    await this.gramsIn();
  }

  /**
   * Resolves once the chunks' trigram sets a load left unread are in (persist.ts
   * `loadGramBlocks`): a scan of descriptions reads only the chunks they allow. A failed read
   * leaves them unread (a scan then reads those chunks whole) for the next call to try again.
   */
  gramsIn(): Promise<void> {
    this.gramsRead ??= loadGramBlocks(this.ctx.db, this.store)
      .catch((err: unknown) => {
        if (this.ctx.db.dexie.isOpen()) console.warn('Rivulet: trigram sets not read', err);
      })
      .finally(() => {
        this.gramsRead = null;
      });
    return this.gramsRead;
  }

  /**
   * Queues just-committed items for indexing (see textFeed.ts). Their ids are taken out of the
   * pending `items-changed` re-reads: the offered version is the one just written. Call after
   * the write's events were emitted. O(items); the indexing happens in the next syncs.
   */
  offer(items: OfferedText[]): void {
    this.syncs.offer(items);
  }

  /** Number of offered items not yet indexed. */
  queued(): number {
    return this.syncs.queued;
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
      await this.syncs.rounds();
    } catch (err) {
      if (!(err instanceof ChunkFileError) || this.rebuiltAfterLoss || this.closed) throw err;
      await this.rebuildAfterLoss(err);
      await this.syncs.rounds();
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
    releaseHeldFiles(this.persistState);
    Object.assign(this.persistState, unwrittenState());
    this.syncs.restart({ emptied: true });
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

  /**
   * Stops background work when the engine closes: the idle merge timer is cleared and none is
   * scheduled again, so a closed engine leaves no timer behind. Chunk files are let go (another
   * engine on the same database may adopt them); texts in memory still answer.
   */
  close(): void {
    this.closed = true;
    if (this.store.chunks instanceof FileChunks) this.store.chunks.dispose();
    releaseHeldFiles(this.persistState);
    this.upkeep.close();
    this.syncs.close();
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
        if (this.syncs.queued === 0) fn();
      })
      .catch((err: unknown) => console.warn('Rivulet: search index merge failed', err));
  }

  /**
   * Persists the store and the index if they reflect the current items counter (skips
   * otherwise, like the index snapshot). Writes only changed chunks. Resolves whether it wrote.
   */
  async persist(): Promise<boolean> {
    if (!this._ready) {
      // `start` writes once it is done.
      this.persistOwed = true;
      return false;
    }
    this.persistOwed = false;
    await this.sync();
    if (this.syncs.syncedCounter !== this.ctx.applied.counter) return false;
    // Postings of articles deleted since they were indexed go now, not with the next merge.
    this.search.prunePending();
    return writeText(
      this.ctx.db,
      this.store,
      this.search,
      this.syncs.syncedCounter,
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
