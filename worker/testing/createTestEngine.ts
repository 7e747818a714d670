import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createEngine, type Engine, type EngineOptions } from '../engine';

let serial = 0;

/**
 * An engine over fake-indexeddb with a unique database name (tests never share state unless
 * they pass the same `dbName`). Snapshot writes are not debounced by timers unless asked:
 * the default delay is an hour, so tests call `engine.flushSnapshot()` when they need one.
 * Does not call `init()`.
 */
export function createTestEngine(opts: Partial<EngineOptions> = {}): Engine {
  serial += 1;
  return createEngine({
    indexedDB,
    IDBKeyRange,
    dbName: `rivulet-test-${serial}-${Math.random().toString(36).slice(2)}`,
    snapshotDelayMs: 3_600_000,
    ...opts,
  });
}
