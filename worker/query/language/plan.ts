import type { QueryAst } from './ast';
import { conjuncts, dateBounds, feedRestriction, sliceByDate } from './candidates';
import { compileRowCondition, rowGetter, type CompileEnv, type Compiled } from './compile';
import { resolveField } from './fields';
import { byKeptOrder, oldestFirst, sortByCode, sortByDate, sortByField } from './order';
import { DEFAULT_PAGE_SIZE, type QuerySource, type RunOptions, type RunResult } from './source';
import { collectWarnings, logWarnings } from './validate';
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
 * well-formed ASTs; warnings (malformed BETWEEN, unknown fields…) go to console.warn.
 */
export function planAndRun(ast: QueryAst, source: QuerySource, opts: RunOptions = {}): RunResult {
  const warnings = new Set(collectWarnings(ast));
  try {
    return run(ast, source, opts, warnings);
  } finally {
    logWarnings([...warnings]);
  }
}

function run(ast: QueryAst, source: QuerySource, opts: RunOptions, warnings: Set<string>): RunResult {
  const { index } = source;
  const now = source.now();
  const env: CompileEnv = {
    source,
    warn: (m) => warnings.add(m),
    value: (e) => evalValue(e, now, (m) => warnings.add(m)),
  };
  const conds = ast.where ? conjuncts(ast.where) : [];
  const bounds = dateBounds(conds, env);
  const feeds = feedRestriction(conds, env);
  const orderKey = ast.orderBy ? resolveField(ast.orderBy.field) : null;
  const defaultOrder = !ast.orderBy || (orderKey === 'pubDate' && ast.orderBy.direction === 'desc');

  const cap = ast.limit ?? Infinity;
  const start = Math.max(0, Math.floor(opts.offset ?? 0));
  const end = Math.min(cap, start + (ast.limit ?? opts.pageSize ?? DEFAULT_PAGE_SIZE));
  if (cap === 0 || (feeds && feeds.size === 0)) return { ids: [], total: 0 };

  let segments: Int32Array[];
  const perFeed = feeds ? [...feeds].map((f) => sliceByDate(index.rowsOfFeed(f), bounds, index)) : null;
  const perFeedSize = perFeed ? perFeed.reduce((n, s) => n + s.length, 0) : Infinity;
  if (perFeed && (perFeed.length === 1 || perFeedSize <= index.liveCount() * planTuning.feedPathShare)) {
    segments = perFeed.filter((s) => s.length > 0);
  } else {
    segments = [sliceByDate(index.rowsByDate(), bounds, index)];
  }
  // Compiled knowing how many rows it will be asked about (costly tests scan them at once). A
  // LIMIT may stop the walk early, so it counts for no more than the rows it asks for.
  env.candidates = Math.min(
    segments.reduce((n, rows) => n + rows.length, 0),
    defaultOrder ? cap : Infinity,
  );
  const pred: Compiled = ast.where ? compileRowCondition(ast.where, env) : true;
  if (pred === false) return { ids: [], total: 0 };

  if (defaultOrder && segments.length <= 1) {
    const rows = segments[0] ?? new Int32Array(0);
    const ids: number[] = [];
    let count = 0;
    for (let i = 0; i < rows.length && count < cap; i++) {
      const r = rows[i] as number;
      if (pred === true || pred(r)) {
        if (count >= start && count < end) ids.push(index.id(r));
        count++;
      }
    }
    return { ids, total: count };
  }

  if (orderKey === 'pubDate' && segments.length <= 1) {
    const oldest = oldestFirst(segments[0] ?? new Int32Array(0), pred, index);
    return { ids: oldest.slice(start, end).map((r) => index.id(r)), total: Math.min(oldest.length, cap) };
  }

  let matched: number[] = [];
  for (const rows of segments) {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number;
      if (pred === true || pred(r)) matched.push(r);
    }
  }
  const dir = ast.orderBy?.direction === 'desc' ? -1 : 1;
  const authorCode = index.authorCode?.bind(index);
  const authorOfCode = index.authorOfCode?.bind(index);
  if (defaultOrder || orderKey === null) sortByDate(matched, index);
  else if (orderKey === 'author' && authorCode && authorOfCode) {
    // Few distinct authors: bucketed over the rows in date order.
    if (segments.length > 1) sortByDate(matched, index);
    matched = sortByCode(matched, authorCode, (c) => norm(authorOfCode(c)), dir);
  } else {
    // The index keeps a title order once titles are sorted by again, or most rows are: a pass
    // over it instead of a string sort.
    const byTitle =
      orderKey === 'title' ? index.rowsByTitle?.(matched.length * 2 >= index.liveCount()) : null;
    matched = byTitle
      ? byKeptOrder(matched, byTitle, dir, index)
      : sortByField(matched, rowGetter(orderKey, env), dir, index);
  }
  return {
    ids: matched.slice(start, end).map((r) => index.id(r)),
    total: Math.min(matched.length, cap),
  };
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
  const feeds = ast.where ? feedRestriction(conjuncts(ast.where), env) : null;
  if (pred === false || ast.limit === 0 || (feeds && feeds.size === 0)) return () => false;
  const { index } = source;
  return (row) => {
    if (!index.isLive(row) || (index.flags(row) & FLAG_HIDDEN) !== 0) return false;
    if (feeds && !feeds.has(index.feedId(row))) return false;
    return pred === true || pred(row);
  };
}
