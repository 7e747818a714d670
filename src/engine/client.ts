import * as Comlink from 'comlink';
import type { EngineRemote, EngineEvent, InitResult } from './contract';
import { clearLegacy, hasLegacy, readLegacy } from './legacy';

/** How long the first `init()` may take before the UI gives up and offers a retry. */
const INIT_TIMEOUT_MS = 20_000;

type Listener = (e: EngineEvent) => void;

// One worker per tab, created on first use and outside React so re-renders and StrictMode
// double effects can never spawn a second engine.
let worker: Worker | null = null;
let remote: EngineRemote | null = null;
let ready: Promise<InitResult> | null = null;
let workerFailure: Promise<never> | null = null;
const listeners = new Set<Listener>();
let flushOnHide = false;

/**
 * The engine's Comlink remote. Creates the worker on first call; cheap afterwards. Calls made
 * before `engineReady()` resolves reach an engine that may not be initialised: await it first.
 */
export function getEngine(): EngineRemote {
  if (!remote) {
    const w = new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module' });
    worker = w;
    // A worker whose script fails to load never answers; turn that into a rejection.
    workerFailure = new Promise<never>((_, reject) => {
      w.addEventListener('error', (e) =>
        reject(new Error(`Engine worker failed: ${e.message || 'load error'}`)),
      );
    });
    workerFailure.catch(() => {});
    // Comlink's proxy resolves nested paths at run time; EngineRemote types that (see contract.ts).
    remote = Comlink.wrap(w) as unknown as EngineRemote;
  }
  return remote;
}

function dispatch(e: EngineEvent): void {
  for (const l of listeners) {
    try {
      l(e);
    } catch (err) {
      console.error('Engine event listener failed', err);
    }
  }
}

async function start(): Promise<InitResult> {
  const engine = getEngine();
  const legacy = readLegacy(window.localStorage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Engine did not answer in time')), INIT_TIMEOUT_MS);
  });
  const info = await Promise.race([
    engine.init(hasLegacy(legacy) ? { legacy } : undefined),
    timeout,
    workerFailure ?? timeout,
  ]).finally(() => clearTimeout(timer));
  if (info.legacyImported || info.legacyDone) clearLegacy(window.localStorage);
  // The engine answers with its unsubscribe function wrapped in Comlink.proxy (worker/api.ts).
  // One subscription serves the tab for its whole life, so that function is never called and
  // the answer is dropped unawaited; a rejected subscribe is swallowed (no events, app still runs).
  engine.onEvent(Comlink.proxy(dispatch)).catch(() => {});
  // The engine writes its index snapshot and counts summary 2 s after a change; a tab closed or
  // reloaded sooner would leave the next start without current counts (they then wait for the
  // whole index). A hidden tab may be closed next, so it writes them now. Cheap: after reading
  // or starring only the numbers record is rewritten (worker/index/snapshot.ts).
  if (!flushOnHide) {
    flushOnHide = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') remote?.flushSnapshot().catch(() => {});
    });
  }
  return info;
}

/**
 * Starts the engine once per tab (`init()`, legacy import, event subscription) and resolves with
 * its handshake. On failure (worker load error, init error, 20 s timeout) the worker is dropped
 * and the next call starts afresh, so a "Retry" button can simply call this again.
 */
export function engineReady(): Promise<InitResult> {
  ready ??= start().catch((err: unknown) => {
    ready = null;
    worker?.terminate();
    worker = null;
    remote = null;
    workerFailure = null;
    throw err;
  });
  return ready;
}

/** Subscribes to engine change events (all tabs' changes); returns the unsubscribe function. */
export function onEngineEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
