import * as Comlink from 'comlink';
import type { EngineRemote, EngineEvent, InitResult } from './contract';
import { clearLegacy, hasLegacy, readLegacy } from './legacy';
import { inputReporter } from '../../shared/inputReport';

/** How long the first `init()` may take before the UI checks that the worker still answers. */
const INIT_TIMEOUT_MS = 20_000;
/** From then on: a `ping` every PING_MS, each allowed PING_MS to answer. */
const PING_MS = 5_000;
/**
 * How long a worker that still answers may spend on `init()` before the UI gives up and offers a
 * retry: a schema upgrade rewrites the items store's indexes (version 6 took ~10 s at 1M
 * articles on a 2-core desktop, longer on a phone), and giving up mid-way would undo it and
 * start it again on the retry.
 */
const INIT_MAX_MS = 5 * 60_000;

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
  let settled = false;
  const began = Date.now();
  // No answer after INIT_TIMEOUT_MS: keep waiting while the worker answers pings (it is busy
  // with the database, not gone), up to INIT_MAX_MS.
  const timeout = new Promise<never>((_, reject) => {
    const giveUp = () => reject(new Error('Engine did not answer in time'));
    const check = (delay: number) => {
      timer = setTimeout(() => {
        void answers(engine).then((alive) => {
          if (settled) return;
          if (alive && Date.now() - began < INIT_MAX_MS) check(PING_MS);
          else giveUp();
        });
      }, delay);
    };
    check(INIT_TIMEOUT_MS);
  });
  const info = await Promise.race([
    engine.init(hasLegacy(legacy) ? { legacy } : undefined),
    timeout,
    workerFailure ?? timeout,
  ]).finally(() => {
    settled = true;
    clearTimeout(timer);
  });
  if (info.legacyImported || info.legacyDone) clearLegacy(window.localStorage);
  // The engine answers with its unsubscribe function wrapped in Comlink.proxy (worker/api.ts).
  // One subscription serves the tab for its whole life, so that function is never called and
  // the answer is dropped unawaited; a rejected subscribe is swallowed (no events, app still runs).
  engine.onEvent(Comlink.proxy(dispatch)).catch(() => {});
  // The engine writes its index snapshot and counts summary 2 s after a change; a tab closed or
  // reloaded sooner would leave the next start without current counts (they then wait for the
  // whole index). A hidden tab may be closed next, so it writes them now: after reading or
  // starring only the counts summary (the flag log brings the stored numbers up to date at the
  // next start), after new or removed articles the snapshot (worker/engine.ts flushSnapshot).
  if (!flushOnHide) {
    flushOnHide = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') remote?.flushSnapshot({ leaving: true }).catch(() => {});
    });
  }
  return info;
}

/** Whether the worker answers a `ping` within PING_MS. */
function answers(engine: EngineRemote): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_MS)));
  return Promise.race([
    engine.ping().then(
      () => true,
      () => false,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/**
 * Starts the engine once per tab (`init()`, legacy import, event subscription) and resolves with
 * its handshake. On failure (worker load error, init error, no answer in 20 s from a worker that
 * no longer answers pings, or 5 minutes in all) the worker is dropped
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

/**
 * Call on each scroll of a list: tells a running engine the reader is scrolling (at most every
 * 100 ms), so its upkeep waits for a pause (worker/uiActivity.ts). Never starts the engine.
 */
export const reportInput: () => void = inputReporter(() => {
  remote?.interacting().catch(() => {});
});

/** Subscribes to engine change events (all tabs' changes); returns the unsubscribe function. */
export function onEngineEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
