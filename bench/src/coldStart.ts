/**
 * cold start (page side, called right after a reload): time from navigation start to the first
 * 50 rows painted, engine (new worker → init → items.page) vs SQLite WASM (new worker → module
 * init → open the OPFS copy → first page + total), and for the engine the time until a
 * `description LIKE` filter (the slowest kind to get ready) has answered.
 */
import { nextPaint } from './stats';
import { opfsFiles } from './seed';
import { MISSING, engineWorker, optionalCall, sqliteWorker } from './workers';

/** Milliseconds since navigation start for each milestone; null when not measurable. */
export interface ColdReport {
  /** When the page script started (navigation → bundle loaded and run). */
  scriptStart: number;
  /** When the engine's init() resolved (null for SQLite). */
  inited: number | null;
  /** When the backend answered its first page (engine: init + items.page; SQLite: open + query). */
  answered: number;
  /** SQLite only: opens retried because the previous page still held the OPFS file. */
  retries: number;
  firstRows: number;
  filtersReady: number | null;
  rows: number;
}

function paint(rows: { title: unknown }[]): Promise<void> {
  const root = document.getElementById('root')!;
  root.replaceChildren(
    ...rows.map((r) => {
      const div = document.createElement('div');
      div.textContent = String(r.title);
      return div;
    }),
  );
  return nextPaint();
}

/** The engine's cold start. */
export async function coldEngine(): Promise<ColdReport> {
  const scriptStart = performance.now();
  const engine = engineWorker();
  await engine.init();
  const inited = performance.now();
  const page = await engine.items.page({ scope: 'all' });
  const answered = performance.now();
  await paint(page.rows);
  const firstRows = performance.now();
  const q = await optionalCall('query', 'run', "description LIKE 'zeppelin'", { cursor: null, limit: 50 });
  return {
    scriptStart,
    inited,
    answered,
    retries: 0,
    firstRows,
    filtersReady: q === MISSING ? null : performance.now(),
    rows: page.rows.length,
  };
}

/**
 * Writes the SQLite anchor's OPFS copy again, right before the cold-start runs, from the
 * in-memory database its worker still holds (so call it before the first reload): whatever an
 * earlier benchmark did to the browser's storage, the anchor opens the same rows. Returns ms,
 * 'ok' or why not, and the OPFS root's files just before (`name:bytes`).
 */
export async function sqliteToOpfs(): Promise<{ ms: number; status: string; filesBefore: string[] }> {
  const filesBefore = await opfsFiles();
  const start = performance.now();
  const status = await sqliteWorker().saveToOpfs();
  return { ms: performance.now() - start, status: status || 'ok', filesBefore };
}

/** SQLite's cold start from OPFS. */
export async function coldSqlite(): Promise<ColdReport> {
  const scriptStart = performance.now();
  const sqlite = sqliteWorker();
  const res = await sqlite.coldOpen();
  const answered = performance.now();
  await paint(res.rows as { title: unknown }[]);
  const firstRows = performance.now();
  await sqlite.close();
  return {
    scriptStart,
    inited: null,
    answered,
    retries: res.retries,
    firstRows,
    filtersReady: null,
    rows: res.rows.length,
  };
}
