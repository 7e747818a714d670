import type { Condition, QueryAst } from './ast';
import { conjuncts, dateBounds, feedRestriction, sliceByDate } from './candidates';
import { compileRowCondition, rowGetter } from './compile';
import type { CompileEnv, Compiled } from './compileEnv';
import { resolveField } from './fields';
import { byKeptOrder, oldestFirst, sortByCode, sortByField, titledWhere } from './order';
import { mergeDateOrdered } from '../../index/mergeByDate';
import { mergedRows, wholeRows, type MatchRows } from '../matchRows';
import { DEFAULT_PAGE_SIZE, type QuerySource, type RunOptions, type RunResult } from './source';
import { collectWarnings, logWarnings } from './validate';
import { type QueryWarning, warningKey, warningMessage } from './warnings';
import { norm } from './semantics';
import { evalValue } from './values';
import { FLAG_HIDDEN } from '../../../shared/flags';

/**
 * Planner knobs. `feedPathShare`: per-feed row lists are used instead of the global date order
 * when they hold at most this share of the live rows (below it, gathering + sorting the matches
 * beats a filtered full walk). Exposed so tests can force each path.
 */
export const planTuning = { feedPathShare: 0.25 };

/**
 * Runs a parsed query over the columnar index and returns one page of ids plus the total.
 * The condition is compiled once to a closure over rows; candidate rows are narrowed with
 * `rowsOfFeed` (feedId / feed / group conditions) and binary search on pubDate bounds.
 * In the default order (pubDate desc, id desc) it walks date-ordered rows, keeping ids only for
 * the requested page but counting every match; any other ORDER BY collects and sorts matches.
 * Cost: O(candidates) predicate calls, + O(m log m) when sorting m matches. Never throws for
 * well-formed ASTs; warnings (malformed BETWEEN, unknown fields…) go to console.warn, and those
 * found only while running (an unreadable date worked out from a value) are in `warnings` too.
 */
export function planAndRun(ast: QueryAst, source: QuerySource, opts: RunOptions = {}): RunResult {
  const { ids, total, warnings } = runLogged(ast, source, opts);
  return { ids: Array.from(ids), total, ...(warnings.length ? { warnings } : {}) };
}

/**
 * Every match in result order (LIMIT applied), for the engine's results cache, as the index's
 * row numbers, not ids: good while the index's `numbering` holds (worker/query/rowList.ts turns
 * a page of them into ids). At 1M articles making every match's id was most of what the all list
 * cost (a million scattered reads of the id column, ~41 ms in Node with the rows shuffled); the
 * rows are there already, and a page needs fifty ids. One typed array: collecting the all list
 * in a JS array and copying it took ~30 ms against ~5 ms this way.
 */
export function runAllRows(ast: QueryAst, source: QuerySource, warnings?: QueryWarning[]): MatchRows {
  const result = runLogged(ast, source, { offset: 0, pageSize: Infinity }, true);
  warnings?.push(...result.warnings);
  return result.lists ? mergedRows(result.lists, source.index) : wholeRows(result.ids);
}

/** Runs, logs every warning in English, and answers those found only while running. */
function runLogged(
  ast: QueryAst,
  source: QuerySource,
  opts: RunOptions,
  asRows = false,
): Ran & { warnings: QueryWarning[] } {
  const parsed = collectWarnings(ast);
  const found = new Map<string, QueryWarning>();
  const warn = (w: QueryWarning) => void found.set(warningKey(w), w);
  try {
    const result = run(ast, source, opts, warn, asRows);
    const known = new Set(parsed.map(warningKey));
    return { ...result, warnings: [...found].filter(([key]) => !known.has(key)).map(([, w]) => w) };
  } finally {
    logWarnings([...new Set([...parsed, ...found.values()].map(warningMessage))]);
  }
}

const NONE = { ids: new Int32Array(0), total: 0 };

/**
 * What a run found: the ids (asRows: rows) of the page asked for and how many match; or, for
 * every row in date order from several feeds' lists (asRows, no LIMIT), those lists (`lists`,
 * `ids` then empty), which the answer merges only as far as it is read (matchRows.ts).
 */
interface Ran {
  ids: Int32Array;
  total: number;
  lists?: Int32Array[];
}

function run(
  ast: QueryAst,
  source: QuerySource,
  opts: RunOptions,
  warn: (warning: QueryWarning) => void,
  asRows = false,
): Ran {
  const { index } = source;
  // What the answer holds for a row: its id, or (asRows) the row itself.
  const out = asRows ? (r: number) => r : (r: number) => index.id(r);
  const now = source.now();
  const env: CompileEnv = {
    source,
    warn,
    value: (e) => evalValue(e, now, warn),
  };
  const conds = ast.where ? conjuncts(ast.where) : [];
  const bounds = dateBounds(conds, env);
  // Every candidate comes from a slice of a date order within `bounds`: the conjuncts that set
  // them exactly are met by all of them, and the row test leaves them out.
  const untested = (cs: Condition[]): Condition | null => {
    const left = cs.filter((c) => !bounds.answered.has(c));
    return left.length === 0 ? null : left.length === 1 ? left[0]! : { type: 'and', conditions: left };
  };
  const { feeds, rest } = feedRestriction(conds, env);
  const orderKey = ast.orderBy ? resolveField(ast.orderBy.field) : null;
  const defaultOrder = !ast.orderBy || (orderKey === 'pubDate' && ast.orderBy.direction === 'desc');

  const cap = ast.limit ?? Infinity;
  const start = Math.max(0, Math.floor(opts.offset ?? 0));
  const end = Math.min(cap, start + (ast.limit ?? opts.pageSize ?? DEFAULT_PAGE_SIZE));
  if (cap === 0 || (feeds && feeds.size === 0)) return NONE;

  let segments: Int32Array[];
  // On the per-feed path the rows come only from the restricted feeds, so the row test leaves
  // out the conjuncts the restriction answered: at 1M articles `group.title = …` spent ~1 ms of
  // its ~3.5 asking every one of a group's 25k rows about its feed.
  let where = bounds.answered.size > 0 ? untested(conds) : ast.where;
  const feedLists = feeds && (index.rowsOfFeeds?.([...feeds]) ?? [...feeds].map((f) => index.rowsOfFeed(f)));
  const perFeed = feedLists ? feedLists.map((rows) => sliceByDate(rows, bounds, index)) : null;
  const perFeedSize = perFeed ? perFeed.reduce((n, s) => n + s.length, 0) : Infinity;
  if (perFeed && (perFeed.length === 1 || perFeedSize <= index.liveCount() * planTuning.feedPathShare)) {
    segments = perFeed.filter((s) => s.length > 0);
    where = untested(rest);
  } else {
    segments = [sliceByDate(index.rowsByDate(), bounds, index)];
  }
  const candidates = segments.reduce((n, rows) => n + rows.length, 0);
  // Compiled knowing how many rows it will be asked about (costly tests scan them at once). A
  // LIMIT may stop the walk early, so it counts for no more than the rows it asks for.
  env.candidates = Math.min(candidates, defaultOrder ? cap : Infinity);
  let pred: Compiled = where ? compileRowCondition(where, env) : true;
  if (pred === false) return NONE;
  // A walk over a good share of the rows (as `scanned` reckons it): a test that can answer every
  // row at once does, in row order, and the walk reads one byte per row instead of calling the
  // parts' closures (see rowTests.anyOf for a measurement).
  const hits = pred !== true && pred.all && env.candidates > index.rowCount() >> 4 ? pred.all() : null;
  if (hits) pred = (r) => hits[r] === 1;

  // The ids (asRows: the rows) of rows[start, end), the rows in result order. Rows are copied,
  // so a small answer does not keep a working array of the whole index alive in the results
  // cache, except with `share`: the index's own date order (or a feed's), which the index replaces
  // on a change and never writes into. A million-row copy per run of the all list cost more in
  // the collections it set off than in the copy (~24 ms a run in Node next to a 1M-row index).
  // An array made for this answer and wanted whole (a sort's) is the answer as it is: the copy of
  // `ORDER BY author`'s million rows took ~12 ms a run in the engine worker at 1M articles.
  const page = (rows: Int32Array, share = false): Int32Array => {
    const from = Math.min(start, rows.length);
    const to = Math.max(from, Math.min(rows.length, end));
    const whole = from === 0 && to === rows.length && rows.byteLength === rows.buffer.byteLength;
    if (asRows) return share || whole ? rows.subarray(from, to) : rows.slice(from, to);
    const ids = new Int32Array(to - from);
    for (let i = 0; i < ids.length; i++) ids[i] = index.id(rows[from + i]!);
    return ids;
  };

  if (defaultOrder && segments.length <= 1) {
    const rows = segments[0] ?? new Int32Array(0);
    if (pred === true) return { ids: page(rows, true), total: Math.min(rows.length, cap) };
    const ids = new Int32Array(Math.max(0, Math.min(rows.length, end) - start));
    let count = 0;
    if (hits && cap === Infinity) {
      // Counted without a branch on the answer (scattered matches mispredict it); past the page,
      // the page test is false every time.
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as number;
        const hit = hits[r]!;
        if (count < end && count >= start && hit === 1) ids[count - start] = out(r);
        count += hit;
      }
    } else {
      for (let i = 0; i < rows.length && count < cap; i++) {
        const r = rows[i] as number;
        if (pred(r)) {
          if (count >= start && count < end) ids[count - start] = out(r);
          count++;
        }
      }
    }
    // A copy when fewer matched than there was room for: the results cache keeps these ids.
    const kept = Math.max(0, Math.min(count, end) - start);
    return { ids: kept === ids.length ? ids : ids.slice(0, kept), total: count };
  }

  if (orderKey === 'pubDate' && segments.length <= 1) {
    const oldest = oldestFirst(segments[0] ?? new Int32Array(0), pred, index);
    return { ids: page(oldest), total: Math.min(oldest.length, cap) };
  }

  if (defaultOrder || orderKey === null) {
    // Several feeds' lists (one list was answered above), each already newest first: only the
    // page needs the merged order. A row past a list's `end`th match cannot be among the first
    // `end` of all, so each list gives at most that many and its other matches are only counted.
    // At 1M articles a group's 25k rows were merged in full for a page of 50 (5.7 ms against
    // SQLite's 2.8 in the bench).
    const firsts: Int32Array[] = [];
    let total = 0;
    for (const rows of segments) {
      if (pred === true) {
        total += rows.length;
        firsts.push(rows.subarray(0, end));
        continue;
      }
      const kept = new Int32Array(Math.min(rows.length, end));
      let k = 0;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as number;
        if (!pred(r)) continue;
        if (k < kept.length) kept[k] = r;
        k++;
      }
      total += k;
      // A copy when fewer matched than there was room for: the answer may keep these rows.
      firsts.push(k >= kept.length ? kept : kept.slice(0, k));
    }
    // Every row asked for: merged as the answer is read (the first page merges 50 of each).
    if (asRows && start === 0 && end === Infinity) return { ids: NONE.ids, total, lists: firsts };
    return { ids: page(mergeDateOrdered(firsts, true, index)), total: Math.min(total, cap) };
  }

  const dir = ast.orderBy?.direction === 'desc' ? -1 : 1;
  // By title over the whole date order, once the index keeps a title order with every live row
  // in it: one walk of that order (titledWhere), with no list of matches in date order first.
  if (
    orderKey === 'title' &&
    segments.length === 1 &&
    segments[0]!.length === index.rowsByDate().length &&
    index.hasTitleOrder?.()
  ) {
    const byTitle = index.rowsByTitle!(true)!;
    if (byTitle.length === index.liveCount()) {
      const rows = titledWhere(byTitle, hits ?? pred, dir, index);
      return { ids: page(rows), total: Math.min(rows.length, cap) };
    }
  }

  // Ordered by a field from here on (`orderKey` is set). By author, several feeds' lists are
  // merged into date order first, which the author buckets keep.
  const merged = segments.length > 1 && orderKey === 'author';
  let matched: Int32Array;
  if (pred === true && segments.length === 1) matched = segments[0]!;
  else if (merged) matched = mergeDateOrdered(segments, pred, index);
  else {
    matched = new Int32Array(candidates);
    let n = 0;
    for (const rows of segments) {
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as number;
        if (pred === true || pred(r)) matched[n++] = r;
      }
    }
    matched = matched.subarray(0, n);
  }
  const authorCodes = index.authorCodes?.();
  const authorOfCode = index.authorOfCode?.bind(index);
  if (orderKey === 'author' && authorCodes && authorOfCode) {
    // Few distinct authors: bucketed over the rows in date order (several feeds' are merged).
    matched = sortByCode(matched, authorCodes, (c) => norm(authorOfCode(c)), dir, index.authorCount?.());
  } else {
    // The index keeps a title order once titles are sorted by again, or most rows are: a pass
    // over it instead of a string sort.
    const byTitle =
      orderKey === 'title' ? index.rowsByTitle?.(matched.length * 2 >= index.liveCount()) : null;
    matched = byTitle
      ? byKeptOrder(matched, byTitle, dir, index)
      : sortByField(matched, rowGetter(orderKey, env), dir, index);
  }
  return { ids: page(matched), total: Math.min(matched.length, cap) };
}

/**
 * A query compiled once into a test of single rows, for rules (worker/rules): the same
 * condition compilation and feed narrowing as `planAndRun`, so a row passes exactly when
 * `planAndRun` would list it (ORDER BY and LIMIT aside). Hidden rows never pass, as they are in
 * no run's candidates. Feed-level conditions (feed.id, feed.title, group…) become a feed id set
 * checked before the row condition. Warnings are dropped (the editor shows them).
 * Cost: compiling is O(query + feeds); each test O(1) plus the condition.
 */
export function compileMatcher(ast: QueryAst, source: QuerySource): (row: number) => boolean {
  const now = source.now();
  const env: CompileEnv = {
    source,
    warn: () => undefined,
    value: (e) => evalValue(e, now, () => undefined),
  };
  const pred: Compiled = ast.where ? compileRowCondition(ast.where, env) : true;
  const feeds = ast.where ? feedRestriction(conjuncts(ast.where), env).feeds : null;
  if (pred === false || ast.limit === 0 || (feeds && feeds.size === 0)) return () => false;
  const { index } = source;
  return (row) => {
    if (!index.isLive(row) || (index.flags(row) & FLAG_HIDDEN) !== 0) return false;
    if (feeds && !feeds.has(index.feedId(row))) return false;
    return pred === true || pred(row);
  };
}
