/**
 * What every engine domain module works on: storage, the index, caches and the event hub.
 * Internal to the worker; never crosses Comlink.
 */
import type { Database } from './db/database';
import type { ItemsStore } from './db/itemsStore';
import type { MetaStore } from './db/meta';
import type { Store } from './db/store';
import type { EventHub } from './events';
import type { MetaIndex } from './index/metaIndex';
import type { RowCache } from './items/rowCache';
import type { UiActivity } from './uiActivity';
import type { EngineEvent, Feed, Group } from './types';

export interface EngineContext {
  db: Database;
  stores: { groups: Store<Group>; feeds: Store<Feed>; items: ItemsStore; meta: MetaStore };
  index: MetaIndex;
  /** List rows by id: the rows last read, kept in memory, and IndexedDB for the rest. */
  rows: RowCache;
  /** The items change counter the in-memory index reflects. */
  applied: { counter: number };
  /** Feeds and groups by id, kept in step with their stores (small; read whole). */
  feedCache: Map<number, Feed>;
  groupCache: Map<number, Group>;
  events: EventHub;
  /** Unix seconds; injectable for tests. */
  now: () => number;
  /**
   * Schedules a debounced index snapshot write (held while the reader's input goes on), after
   * the engine's snapshot delay or after `delayMs` (0: at the next pause of the reader's input).
   */
  scheduleSnapshot: (delayMs?: number) => void;
  /** The reader's input as the UI reports it: upkeep waits for a pause (uiActivity.ts). */
  ui: UiActivity;
  /** The rules domain's part in ingest (worker/rules/rules.ts sets it). */
  rules?: IngestRules;
}

/** What `ingestItems` asks of the rules. */
export interface IngestRules {
  /**
   * Whether new articles are listed for the rules in the transaction that stores them
   * (rules/pending.ts): whether some rule is enabled (the rules are read once per change).
   * Asked before each ingest, never guessed: articles listed while no rule was enabled would let
   * a rule made before the next start's resume act on them.
   */
  wanted(): Promise<boolean>;
  /**
   * Runs the rules on newly added items, after they are in the index; `listed` says whether the
   * ingest listed them. Its failure is logged, never fails ingest.
   */
  afterIngest(added: number[], listed: boolean): Promise<void>;
  /** Runs the rules on the articles still listed from before this start (once, after the text index starts). */
  resume(): Promise<void>;
}

/**
 * Records that this engine just committed items change `counter`, schedules a snapshot, and
 * emits the events. Call after the transaction has committed, never inside it.
 */
export function afterItemsWrite(ctx: EngineContext, counter: number, events: EngineEvent[]): void {
  ctx.applied.counter = Math.max(ctx.applied.counter, counter);
  ctx.scheduleSnapshot();
  for (const event of events) ctx.events.emit(event, counter);
}
