/**
 * Creates the workers a benchmark talks to: the real engine (../worker/main.ts, exactly as the
 * app creates it) and the anchors. Each is created lazily, once per page load.
 */
import * as Comlink from 'comlink';
import type { EngineApi } from '../../worker/api';
import type { EngineTextWorker } from '../workers/engineText';
import type { IngestWorker } from '../workers/ingest';
import type { MiniSearchAnchor } from '../workers/miniSearch';
import type { RawIdbAnchor } from '../workers/rawIdb';
import type { SqliteAnchor } from '../workers/sqlite';

/** The engine's remote API. Comlink types nested domains through their proxy marks. */
export type Engine = Comlink.Remote<EngineApi>;

let engine: Engine | null = null;
/** The engine worker (created on first call; `init()` is the caller's job). */
export function engineWorker(): Engine {
  engine ??= Comlink.wrap<EngineApi>(
    new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name: 'engine' }),
  );
  return engine;
}

/**
 * Waits until the engine worker answers a cheap call (`counts()`) in under 3 ms five times in a
 * row, 50 ms apart (at most `maxMs`): background work a step left behind (the title join after a
 * snapshot write: ~30 steps of ~25 ms at 1M articles) is then done, and the step's first timed
 * calls do not queue behind it. Resolves how long it waited.
 */
export async function engineQuiet(maxMs = 10_000): Promise<number> {
  const start = performance.now();
  for (let quiet = 0; quiet < 5 && performance.now() - start < maxMs;) {
    const t = performance.now();
    await engineWorker().counts();
    quiet = performance.now() - t < 3 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
  return performance.now() - start;
}

let sqlite: Comlink.Remote<SqliteAnchor> | null = null;
/** The SQLite WASM anchor worker. */
export function sqliteWorker(): Comlink.Remote<SqliteAnchor> {
  sqlite ??= Comlink.wrap<SqliteAnchor>(
    new Worker(new URL('../workers/sqlite.ts', import.meta.url), { type: 'module', name: 'sqlite' }),
  );
  return sqlite;
}

let raw: Comlink.Remote<RawIdbAnchor> | null = null;
/** The raw IndexedDB / Dexie anchor worker. */
export function rawIdbWorker(): Comlink.Remote<RawIdbAnchor> {
  raw ??= Comlink.wrap<RawIdbAnchor>(
    new Worker(new URL('../workers/rawIdb.ts', import.meta.url), { type: 'module', name: 'rawidb' }),
  );
  return raw;
}

let ingest: Comlink.Remote<IngestWorker> | null = null;
/** The ingest/parse worker (engine code over its own databases, plus feedsmith). */
export function ingestWorker(): Comlink.Remote<IngestWorker> {
  ingest ??= Comlink.wrap<IngestWorker>(
    new Worker(new URL('../workers/ingest.ts', import.meta.url), { type: 'module', name: 'ingest' }),
  );
  return ingest;
}

let mini: Comlink.Remote<MiniSearchAnchor> | null = null;
/** The MiniSearch anchor worker. */
export function miniSearchWorker(): Comlink.Remote<MiniSearchAnchor> {
  mini ??= Comlink.wrap<MiniSearchAnchor>(
    new Worker(new URL('../workers/miniSearch.ts', import.meta.url), { type: 'module', name: 'minisearch' }),
  );
  return mini;
}

let engineText: Comlink.Remote<EngineTextWorker> | null = null;
/** The engine's text store + search index built on their own (for heap growth via CDP). */
export function engineTextWorker(): Comlink.Remote<EngineTextWorker> {
  engineText ??= Comlink.wrap<EngineTextWorker>(
    new Worker(new URL('../workers/engineText.ts', import.meta.url), { type: 'module', name: 'enginetext' }),
  );
  return engineText;
}

/** Marker for "the engine does not expose this call (yet)". */
export const MISSING = Symbol('missing');

/**
 * Calls `domain.method(...args)` on the engine when it exists. The query and search domains are
 * being added by other engineers, so the bench reaches them untyped and turns "no such method"
 * (Comlink rejects with a TypeError from the worker) into MISSING. Other failures are rethrown.
 */
export async function optionalCall(domain: string, method: string, ...args: unknown[]): Promise<unknown> {
  const remote = engineWorker() as unknown as Record<
    string,
    Record<string, (...a: unknown[]) => Promise<unknown>>
  >;
  try {
    return await remote[domain]![method]!(...args);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    if (/Cannot read properties of undefined|is not a function|undefined is not/.test(msg)) return MISSING;
    throw err;
  }
}
