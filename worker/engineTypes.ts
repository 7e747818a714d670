/**
 * The engine's public shapes: how to build one (`EngineOptions`), what it answers (`Engine`:
 * its own methods beside every domain of domains.ts) and what it is built on (`EngineInternals`,
 * for the worker entry and tests). engine.ts builds them.
 */
import type { DbEnvironment, Database } from './db/database';
import type { Domains } from './domains';
import type { EngineContext } from './engineContext';
import type { EngineChannel, EventListener } from './events';
import type { MetaIndexView } from './index/types';
import type { TextIndex } from './search/textIndex';
import type { ChunkDir } from './search/chunkDir';
import type { LegacyState } from './state/legacyImport';
import type { FetchConfig } from './subscriptions/net';
import type { Counts, InitInfo } from './types';

/** How to build an engine. */
export interface EngineOptions extends DbEnvironment {
  /** Cross-tab channel; null/absent = single tab (tests). */
  channel?: EngineChannel | null;
  /** Clock in Unix seconds (tests pin it). */
  now?: () => number;
  /** Debounce of index snapshot writes, ms. Default 2000: one write per burst of changes. */
  snapshotDelayMs?: number;
  /** Rows per part of the snapshot's text record (index/textParts.ts); tests make it small. */
  textPartRows?: number;
  /** Where `/api/fetch` is (default: this origin, global fetch); Node tests pass a server. */
  fetch?: FetchConfig;
  /**
   * Let `init()` answer before the index is loaded when the stored counts summary is current
   * (the worker sets this; tests that read the index right after init leave it off).
   * Until the index is loaded every call waits for it, except `counts()` and pages of the all
   * list, which the summary and IndexedDB answer exactly, and, once the snapshot's number
   * columns are in, pages of every list and filters naming no text field (index/indexGate.ts).
   */
  deferIndex?: boolean;
  /**
   * With `deferIndex`: how long after the text index has started the skipped row-count check
   * runs, ms. Default 5000: the count walks the whole items store and slows every IndexedDB read
   * beside it (the first filter's rows, say).
   */
  countCheckDelayMs?: number;
  /**
   * The folder the index snapshot's number columns are written to as files (numbersFile.ts).
   * Default: the worker's OPFS folder `rivulet-index` where it exists; null keeps the columns in
   * the IndexedDB record (Node has no OPFS; tests pass a FakeChunkDir).
   */
  numberFiles?: ChunkDir | null;
}

/** Options of the `init()` handshake. */
export interface InitOptions {
  legacy?: LegacyState;
}

/** What `init()` answers. `legacyDone`: the legacy keys are imported (now or before) and may go. */
export type InitResult = InitInfo & { legacyImported: boolean; legacyDone: boolean };

/** The engine's own methods, beside its domains. */
export interface EngineCore {
  init(opts?: InitOptions): Promise<InitResult>;
  counts(): Promise<Counts>;
  onEvent(listener: EventListener): () => void;
  /** Empties every store and the index; logs success or failure to the console. */
  clearAll(): Promise<void>;
  /**
   * Writes the index snapshot now (tests, shutdown). Resolves whether it wrote. `leaving` (the
   * tab is being hidden): after flag or tag changes only, the counts summary alone is written (the
   * snapshot when it is due), and this resolves whether that was.
   */
  flushSnapshot(opts?: { leaving?: boolean }): Promise<boolean>;
  /** Resolves when every event from other tabs received so far has been applied. */
  settled(): Promise<void>;
  /**
   * The reader is scrolling or moving through a list: upkeep (the snapshot write, the title
   * join, the search index's idle merge) holds off until the input pauses (uiActivity.ts).
   */
  interacting(holdMs?: number): void;
  /** Throws EngineError('db_lost') once the database was lost under the engine (api.ts calls it first). */
  assertUsable(): void;
  close(): void;
}

/**
 * The engine object: its own methods and every domain of the table in domains.ts (the API in
 * api.ts is the serialisable part of it). Internals are not on it: see `EngineInternals`.
 */
export interface Engine extends EngineCore, Domains {}

/**
 * What the engine is built on, for the worker entry (end-to-end seeding) and tests
 * (testing/createTestEngine.ts). Never part of `Engine`, so never reachable through api.ts.
 */
export interface EngineInternals {
  /** The metadata index for the query planner. */
  readonly index: MetaIndexView;
  /** The database, its stores and the context. */
  readonly db: Database;
  readonly stores: EngineContext['stores'];
  readonly context: EngineContext;
  /** Description text store + full-text index (loaded in the background by init). */
  readonly textIndex: TextIndex;
}
