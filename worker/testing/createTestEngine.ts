import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { buildEngine, type Engine, type EngineInternals, type EngineOptions } from '../engine';

let serial = 0;
const internalsByEngine = new WeakMap<Engine, EngineInternals>();

/**
 * An engine over fake-indexeddb with a unique database name (tests never share state unless
 * they pass the same `dbName`). Snapshot writes are not debounced by timers unless asked:
 * the default delay is an hour, so tests call `engine.flushSnapshot()` when they need one.
 * The snapshot's text is written 48 rows a part (the app: 65,536), so every test that writes
 * and loads a snapshot of more rows goes through the parts (index/textParts.ts).
 * Does not call `init()`. Its internals are `internalsOf(engine)`.
 */
export function createTestEngine(opts: Partial<EngineOptions> = {}): Engine {
  serial += 1;
  const { engine, internals } = buildEngine({
    indexedDB,
    IDBKeyRange,
    dbName: `rivulet-test-${serial}-${Math.random().toString(36).slice(2)}`,
    snapshotDelayMs: 3_600_000,
    textPartRows: 48,
    ...opts,
  });
  internalsByEngine.set(engine, internals);
  return engine;
}

/**
 * The internals (index, db, stores, context, textIndex) of an engine this harness made: the
 * public `Engine` type does not carry them, so only tests reach them, through here.
 */
export function internalsOf(engine: Engine): EngineInternals {
  const internals = internalsByEngine.get(engine);
  if (!internals) throw new Error('internalsOf: this engine was not made by createTestEngine');
  return internals;
}
