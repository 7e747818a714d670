/**
 * What the text owes the metadata index, and how it catches up (`TextIndex` runs these one at
 * a time on its chain, and holds the store's lifecycle: start, persist, loss, close). Two
 * sources: ingest hands its items over with their text already extracted (`offer`, see
 * textFeed.ts), and they wait in a queue until writes pause (DRAIN_PAUSE_MS), then a round
 * drains it in small slices between other tasks (at once while a query waits: `urgently`);
 * every other writer is followed through the index, a round diffing the index's live ids
 * against the store (removed ids are tombstoned, new ids read from the items store in batches)
 * and re-reading ids named by `items-changed` events. That one mechanism covers feed deletion,
 * clearAll, other tabs and a cold start.
 */
import type { StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { OfferQueue } from './offerQueue';
import type { SearchIndex } from './searchIndex';
import type { FullTextSource, OfferedText } from './textFeed';
import { holdsEveryLive, reconcile } from './textIndexStorage';
import type { TextStore } from './textStore';
import type { TextUpkeep } from './textUpkeep';

/** The events after which the text catches up with the index (soon, see `soon`). */
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

/** What a round writes into: the store and index, and how one text goes in. */
export interface SyncTarget {
  store: TextStore;
  search: SearchIndex;
  wholeIds: Set<number>;
  upkeep: TextUpkeep;
  fullTexts(): FullTextSource | null;
  /** Stores and indexes one item read from the items store. */
  add(item: StoredItem, wholeText?: string): void;
  /** Stores and indexes one offered item. */
  addText(item: OfferedText): void;
}

export class TextSync {
  private readonly changed = new Set<number>();
  /** Items offered by ingest, not yet indexed (oldest first; a later entry for an id wins). */
  private readonly queue = new OfferQueue();
  /** When set, the queue is drained without yielding (a query is waiting). */
  private urgent = 0;
  /** A full diff against the metadata index is owed (start-up, removals). */
  private diffOwed = true;
  private lastVersion = -1;
  private lastRowCount = 0;
  private drainTimer: ReturnType<typeof setTimeout> | null = null;
  /** The items counter the last round found the text in step with (-1: none yet). */
  syncedCounter = -1;

  /** `runSoon` runs a round after any running one (`TextIndex.sync`). */
  constructor(
    private readonly ctx: EngineContext,
    private readonly target: SyncTarget,
    private readonly runSoon: () => Promise<void>,
  ) {
    ctx.events.on((event) => {
      if (event.type === 'items-changed' || event.type === 'fulltext-changed')
        for (const id of event.ids) this.changed.add(id);
      if (event.type === 'items-removed') this.diffOwed = true;
      if (SYNCED_ON.has(event.type)) this.soon();
    });
  }

  /** Background rounds run once `TextIndex.start` restored the store (`restored`), until `close`. */
  private open = false;
  private closed = false;

  /** The store is restored: background rounds may run (unless closed already). */
  restored(): void {
    this.open = true;
  }

  /** Number of offered items not yet indexed. */
  get queued(): number {
    return this.queue.length;
  }

  /** Ids to read again from the items store at the next round. */
  reread(ids: Iterable<number>): void {
    for (const id of ids) this.changed.add(id);
  }

  /**
   * Forgets the queue and owes a whole diff: after a restore (loaded data reflects the current
   * items, and queued versions could be older) or, `emptied`, a store emptied for a rebuild (the
   * next round then compares every live id with it, changed index or not).
   */
  restart({ emptied }: { emptied: boolean }): void {
    this.queue.clear();
    this.diffOwed = true;
    if (emptied) this.lastVersion = -1;
  }

  /** Runs `fn` with the queue drained without yielding (a query waits on it). */
  async urgently(fn: () => Promise<void>): Promise<void> {
    this.urgent++;
    try {
      await fn();
    } finally {
      this.urgent--;
    }
  }

  // Whether the store holds the text of exactly the index's live items, none changed since.
  inStep(): boolean {
    const { index } = this.ctx;
    const { store } = this.target;
    if (this.queue.length > 0 || this.changed.size > 0 || store.liveCount() !== index.liveCount())
      return false;
    return holdsEveryLive(store, index);
  }

  /** `TextIndex.offer`: queues just-committed items. O(items). */
  offer(items: OfferedText[]): void {
    const fullTexts = this.target.fullTexts();
    for (const item of items) {
      // An item with a whole article keeps it indexed: it is read again (with that text) instead.
      if (fullTexts?.has(item.id)) {
        this.changed.add(item.id);
        continue;
      }
      this.changed.delete(item.id);
      this.queue.push(item);
    }
    this.soon();
  }

  // A background round once writes pause (DRAIN_PAUSE_MS after the last one), or at once when
  // the queue holds QUEUE_CAP_CHARS of text. Not before `start` has restored the store (it syncs
  // itself then; a drain during its restore wrote into the store and index it was replacing, and
  // the next add failed "document 0 added out of order"), nor after `close`.
  private soon(): void {
    if (!this.open || this.closed) return;
    this.stopTimer();
    const run = () =>
      void this.runSoon().catch((err: unknown) => console.warn('Rivulet: text index sync failed', err));
    if (this.queue.full) run();
    else
      this.drainTimer = setTimeout(() => {
        this.drainTimer = null;
        run();
      }, DRAIN_PAUSE_MS);
  }

  /** Stops rounds for good (the engine closes): no timer is left behind. */
  close(): void {
    this.closed = true;
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.drainTimer !== null) clearTimeout(this.drainTimer);
    this.drainTimer = null;
  }

  /** Catches the text up with the index: the queue first, then the diff and the re-reads. */
  async rounds(): Promise<void> {
    const { index } = this.ctx;
    const { store, search, wholeIds, upkeep } = this.target;
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
      const whole = this.diffOwed || rows < this.lastRowCount || store.liveCount() !== index.liveCount();
      this.diffOwed = false;
      const missing = whole ? reconcile(store, search, wholeIds, index) : [];
      this.lastRowCount = rows;
      for (const id of changed) if (store.has(id) && index.rowOf(id) >= 0) missing.push(id);
      const fullTexts = this.target.fullTexts();
      for (let i = 0; i < missing.length; i += BATCH) {
        const items = await this.ctx.stores.items.byIds(missing.slice(i, i + BATCH));
        const whole = fullTexts ? await fullTexts.textsOf(items.map((item) => item.id)) : null;
        for (const item of items) if (index.rowOf(item.id) >= 0) this.target.add(item, whole?.get(item.id));
      }
      upkeep.maintain();
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
        if (index.rowOf(item.id) >= 0) this.target.addText(item);
      },
      () => this.urgent > 0,
      () => this.target.upkeep.maintain(),
    );
  }
}
