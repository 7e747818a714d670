/**
 * Keeps the description text store and the full-text index in step with the metadata index.
 * It follows the MetaIndex rather than hooking every writer: a sync diffs the index's live ids
 * against the store (removed ids are tombstoned, new ids are read from the items store in
 * batches), and re-reads ids named by `items-changed` events. That one mechanism covers ingest,
 * feed deletion, clearAll, other tabs and cold start. Syncs run one at a time; between batches
 * other calls run (queries that need the text wait for `fresh()`).
 */
import type { StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { plainTextLower } from '../query/textColumn';
import { loadTextIndex, writeTextIndex, type PersistState } from './persist';
import { SearchIndex } from './searchIndex';
import { TextStore } from './textStore';

/** Items read from IndexedDB per step of a sync. */
const BATCH = 500;

export class TextIndex {
  readonly store = new TextStore();
  readonly search = new SearchIndex();
  private readonly changed = new Set<number>();
  private lastRows: Int32Array | null = null;
  private chain: Promise<void> = Promise.resolve();
  private started: Promise<void> | null = null;
  private syncedCounter = -1;
  private _ready = false;
  readonly persistState: PersistState = { lineage: '', writtenStoreVersion: -1, writtenSearchVersion: -1 };

  constructor(private readonly ctx: EngineContext) {
    ctx.events.on((event) => {
      if (event.type === 'items-changed') for (const id of event.ids) this.changed.add(id);
      if (event.type === 'items-added' || event.type === 'items-changed' || event.type === 'items-removed')
        if (this.started)
          void this.sync().catch((err: unknown) => console.warn('Rivulet: text index sync failed', err));
    });
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
      let loaded = false;
      try {
        loaded = await loadTextIndex(this.ctx.db, this.store, this.search, this.persistState);
      } catch (err) {
        console.warn('Rivulet: text index snapshot unreadable; rebuilding', err);
      }
      if (!loaded) {
        this.store.clear();
        this.search.clear();
      }
      await this.sync();
      this._ready = true;
      if (!loaded) await this.persist();
    })().catch((err: unknown) => {
      // A database closed during start-up (a closing tab, a short test) is not worth an error.
      if (this.ctx.db.dexie.isOpen()) console.error('Rivulet: text index could not start', err);
    });
    return this.started;
  }

  /** Resolves when the text reflects the metadata index as of now (starting it if needed). */
  async fresh(): Promise<void> {
    await this.start();
    await this.sync();
  }

  /** Runs a sync after any running one. */
  sync(): Promise<void> {
    const run = this.chain.then(() => this.syncNow());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async syncNow(): Promise<void> {
    const { index } = this.ctx;
    for (let round = 0; round < 100; round++) {
      const rows = index.rowsByDate();
      const counter = this.ctx.applied.counter;
      if (rows === this.lastRows && this.changed.size === 0) {
        this.syncedCounter = counter;
        return;
      }
      const changed = [...this.changed];
      this.changed.clear();
      const gone: number[] = [];
      for (const id of this.store.liveIds()) if (index.rowOf(id) < 0) gone.push(id);
      for (const id of gone) this.search.remove(this.store.remove(id));
      const missing: number[] = [];
      for (const row of rows) {
        const id = index.id(row);
        if (!this.store.has(id)) missing.push(id);
      }
      for (const id of changed) if (this.store.has(id) && index.rowOf(id) >= 0) missing.push(id);
      for (let i = 0; i < missing.length; i += BATCH) {
        const items = await this.ctx.stores.items.byIds(missing.slice(i, i + BATCH));
        for (const item of items) if (index.rowOf(item.id) >= 0) this.add(item);
      }
      this.maintain();
      this.lastRows = rows;
    }
  }

  /** Stores and indexes one item (replacing an earlier version). Cost: one HTML parse + tokenise. */
  add(item: StoredItem): void {
    const old = this.store.slotOf(item.id);
    if (old >= 0) this.search.remove(old);
    const text = plainTextLower(item.description ?? '');
    const slot = this.store.put(item.id, text);
    this.search.add(slot, {
      title: item.title ?? '',
      author: item.author ?? '',
      text,
      feedId: item.feedId,
      pubDate: item.pubDate,
    });
  }

  // Compaction renumbers slots, so the search index is merged with the remap in the same step.
  private maintain(): void {
    const remap = this.store.compact();
    if (remap) this.search.merge(remap);
    else if (this.search.pendingSize() > Math.max(100_000, this.search.mainBytes() / 3)) this.search.merge();
  }

  /**
   * Persists the store and the index if they reflect the current items counter (skips
   * otherwise, like the index snapshot). Writes only changed chunks. Resolves whether it wrote.
   */
  async persist(): Promise<boolean> {
    if (!this._ready) return false;
    await this.sync();
    if (this.syncedCounter !== this.ctx.applied.counter) return false;
    try {
      return await writeTextIndex(
        this.ctx.db,
        this.store,
        this.search,
        this.syncedCounter,
        this.persistState,
      );
    } catch (err) {
      console.warn('Rivulet: text index not written', err);
      this.persistState.lineage = '';
      return false;
    }
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
