/**
 * cold start (page side, begun as the page loads after a reload: coldOnLoad.ts): time from
 * navigation start to the first 50 rows painted of one list (all, one feed, one group, saved,
 * today, a saved filter), engine (new worker → init → items.page or query.run) vs SQLite WASM
 * (new worker → module init → open the OPFS copy → the same list's first page + total), and for
 * the engine the time until a `description LIKE` filter (the slowest kind to get ready) has
 * answered.
 */
import { nextPaint } from './stats';
import { opfsFiles } from './seed';
import { MISSING, engineWorker, optionalCall, sqliteWorker } from './workers';

/** The list types a cold start opens; each is one row of the report. */
export const COLD_LISTS = ['all', 'feed', 'group', 'saved', 'today', 'filter'] as const;
export type ColdList = (typeof COLD_LISTS)[number];

const DAY = 86_400;
/** A typical saved filter (names no text field): unread articles of the last month. */
const SAVED_FILTER = 'isRead = false AND pubDate > DATE_SUB(NOW(), INTERVAL 1 MONTH)';

/** What each list asks the engine, and the same list as SQL over items `i` (for the anchor). */
const LISTS: Record<
  ColdList,
  {
    label: string;
    engine: { scope: 'all' | 'feed' | 'group' | 'saved' | 'today'; id?: number } | string;
    where: string;
  }
> = {
  all: { label: 'all', engine: { scope: 'all' }, where: '1' },
  feed: { label: 'one feed (7)', engine: { scope: 'feed', id: 7 }, where: 'i.feedId = 7' },
  group: {
    label: 'one group (5)',
    engine: { scope: 'group', id: 5 },
    where: 'i.feedId IN (SELECT id FROM feeds WHERE groupId = 5)',
  },
  saved: { label: 'saved', engine: { scope: 'saved' }, where: '(i.flags & 2) != 0' },
  today: { label: 'today', engine: { scope: 'today' }, where: `i.pubDate >= unixepoch() - ${DAY}` },
  filter: {
    label: `saved filter (${SAVED_FILTER})`,
    engine: SAVED_FILTER,
    where: "(i.flags & 1) = 0 AND i.pubDate > CAST(strftime('%s', 'now', '-1 month') AS INTEGER)",
  },
};

/** The report label of a list. */
export function coldListLabel(list: ColdList): string {
  return LISTS[list].label;
}

/** Milliseconds since navigation start for each milestone; null when not measurable. */
export interface ColdReport {
  /** When the page script started (navigation → bundle loaded and run). */
  scriptStart: number;
  /**
   * Engine only: when the new worker first answered (`ping`, which does not wait for init): the
   * worker script fetched, compiled and run. Tells a slow boot from slow start-up reads.
   */
  booted: number | null;
  /** When the engine's init() resolved (null for SQLite). */
  inited: number | null;
  /** When the backend answered its first page (engine: init + items.page; SQLite: open + query). */
  answered: number;
  /** SQLite only: opens retried because the previous page still held the OPFS file. */
  retries: number;
  firstRows: number;
  filtersReady: number | null;
  /** Engine, when asked (`search`): when a word search answered after the filter (the search index in). */
  searchReady?: number | null;
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

/**
 * The engine's cold start on one list; with `filters`, also the time until a `description LIKE`
 * filter has answered (every filter ready).
 */
export async function coldEngine(
  list: ColdList = 'all',
  filters = true,
  search = false,
): Promise<ColdReport> {
  const scriptStart = performance.now();
  const engine = engineWorker();
  const booted = engine.ping().then(() => performance.now());
  await engine.init();
  const inited = performance.now();
  const ask = LISTS[list].engine;
  const page =
    typeof ask === 'string'
      ? await engine.query.run(ask, { cursor: null, limit: 50 })
      : await engine.items.page({ ...ask, limit: 50 });
  const answered = performance.now();
  await paint(page.rows);
  const firstRows = performance.now();
  const q = filters
    ? await optionalCall('query', 'run', "description LIKE 'zeppelin'", { cursor: null, limit: 50 })
    : MISSING;
  return {
    scriptStart,
    booted: await booted,
    inited,
    answered,
    retries: 0,
    firstRows,
    filtersReady: q === MISSING ? null : performance.now(),
    searchReady: search ? await engine.search.run('zeppelin').then(() => performance.now()) : null,
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

/** SQLite's cold start from OPFS on one list. */
export async function coldSqlite(list: ColdList = 'all'): Promise<ColdReport> {
  const scriptStart = performance.now();
  const sqlite = sqliteWorker();
  const res = await sqlite.coldOpen(LISTS[list].where);
  const answered = performance.now();
  await paint(res.rows as { title: unknown }[]);
  const firstRows = performance.now();
  await sqlite.close();
  return {
    scriptStart,
    booted: null,
    inited: null,
    answered,
    retries: res.retries,
    firstRows,
    filtersReady: null,
    rows: res.rows.length,
  };
}
