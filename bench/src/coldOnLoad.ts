/**
 * The cold start a harness asked for before a reload (`askCold`, stored in sessionStorage under
 * `rivBenchCold`), begun while the page's bundle is evaluated: page.ts imports this module first,
 * so the backend's worker is made before the rest of the bundle is evaluated, as the app makes
 * its engine's worker (src/engine/early.ts). Before, the start waited for the load event and the
 * harness's call after it, which no app does. `coldResult()` resolves the start's report.
 */
import { coldEngine, coldSqlite, type ColdList, type ColdReport } from './coldStart';

const KEY = 'rivBenchCold';

/** What a harness asks the next load of the page to start. */
export interface ColdAsk {
  backend: 'engine' | 'sqlite';
  list: ColdList;
  /** Engine only: also time every filter ready. */
  filters?: boolean;
  /** Engine only: then also time a word search (the probe's PROBE_SEARCH). */
  search?: boolean;
}

let started: Promise<ColdReport> | null = null;

function begin(ask: ColdAsk): Promise<ColdReport> {
  return ask.backend === 'engine'
    ? coldEngine(ask.list, ask.filters ?? false, ask.search ?? false)
    : coldSqlite(ask.list);
}

const stored = sessionStorage.getItem(KEY);
if (stored !== null) {
  sessionStorage.removeItem(KEY);
  started = begin(JSON.parse(stored) as ColdAsk);
  // Held for coldResult(); a failure is reported there.
  started.catch(() => undefined);
}

/** Asks the next load of this page (a reload, or a navigation back to it) for a cold start. */
export function askCold(ask: ColdAsk): void {
  sessionStorage.setItem(KEY, JSON.stringify(ask));
}

/** The report of the cold start this load began; throws when none was asked for. */
export function coldResult(): Promise<ColdReport> {
  if (!started) throw new Error('no cold start was asked for before this load (askCold)');
  const run = started;
  started = null;
  return run;
}
