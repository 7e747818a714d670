import { firstTrue } from '../../index/firstTrue';
import type { MetaIndexView } from '../../index/types';
import type { Condition } from './ast';
import { compileFeedCondition, isFeedOnly } from './compile';
import type { CompileEnv } from './compileEnv';
import { resolveField } from './fields';
import { isLeaf } from './leaf';
import { numeric, type Val } from './semantics';

/** pubDate bounds implied by the top-level AND of a query (always a superset of the matches). */
export interface DateBounds {
  lo: number;
  loIncl: boolean;
  hi: number;
  hiIncl: boolean;
}

/** The top-level conjuncts of a condition. */
export function conjuncts(c: Condition): Condition[] {
  return c.type === 'and' ? c.conditions.flatMap(conjuncts) : [c];
}

function tighten(
  b: DateBounds,
  lo: number | null,
  loIncl: boolean,
  hi: number | null,
  hiIncl: boolean,
): void {
  if (lo !== null && (lo > b.lo || (lo === b.lo && !loIncl))) [b.lo, b.loIncl] = [lo, loIncl];
  if (hi !== null && (hi < b.hi || (hi === b.hi && !hiIncl))) [b.hi, b.hiIncl] = [hi, hiIncl];
}

/**
 * Date bounds from `pubDate <op> number`, `pubDate BETWEEN n AND m` and malformed BETWEEN, and
 * `answered`: the conjuncts that the rows `sliceByDate` keeps for those bounds all meet, so no
 * row test need ask them again. Those are `pubDate` compared (=, <, <=, >, >=) with a number, or
 * BETWEEN two numbers, as the row test compares them; not a number held as text (its row test
 * may warn), nor NaN (no row meets it, but it leaves the bounds open). At 1M articles `pubDate >
 * DATE_SUB(NOW(), INTERVAL 7 DAY)` asked each of its ~9k rows again, for nothing.
 */
export function dateBounds(conds: Condition[], env: CompileEnv): DateBounds & { answered: Set<Condition> } {
  const b: DateBounds = { lo: -Infinity, loIncl: true, hi: Infinity, hiIncl: true };
  const answered = new Set<Condition>();
  const isNumber = (v: Val): v is number => typeof v === 'number' && !Number.isNaN(v);
  for (const c of conds) {
    if (!isLeaf(c) || c.field === '' || resolveField(c.field) !== 'pubDate') continue;
    if (c.type === 'compare') {
      const v = env.value(c.value);
      const n = numeric(v);
      if (n === null) continue;
      if (c.op === '=') tighten(b, n, true, n, true);
      else if (c.op === '>' || c.op === '>=') tighten(b, n, c.op === '>=', null, true);
      else if (c.op === '<' || c.op === '<=') tighten(b, null, true, n, c.op === '<=');
      else continue;
      if (isNumber(v)) answered.add(c);
    } else if (c.type === 'between') {
      const low = env.value(c.low);
      const high = env.value(c.high);
      const lo = numeric(low);
      const hi = numeric(high);
      if (lo !== null && hi !== null) tighten(b, lo, true, hi, true);
      if (isNumber(low) && isNumber(high)) answered.add(c);
    } else if (c.type === 'badBetween') {
      tighten(b, 0, true, 0, true);
    }
  }
  return { ...b, answered };
}

function mentionsFeedId(c: Condition): boolean {
  if (c.type === 'and' || c.type === 'or') return c.conditions.some(mentionsFeedId);
  if (c.type === 'not') return mentionsFeedId(c.condition);
  return isLeaf(c) && c.field !== '' && resolveField(c.field) === 'feedId';
}

function literalFeedIds(c: Condition, env: CompileEnv): number[] | null {
  if (!isLeaf(c) || c.field === '' || resolveField(c.field) !== 'feedId') return null;
  const values =
    c.type === 'compare' && c.op === '=' ? [c.value] : c.type === 'in' && !c.negated ? c.values : null;
  if (!values) return null;
  const ids: number[] = [];
  for (const v of values) {
    const lit = env.value(v);
    if (lit === null) continue;
    const n = numeric(lit);
    if (n === null) return null;
    ids.push(n);
  }
  return ids;
}

/** What the top-level conjuncts say about feeds: see `feedRestriction`. */
export interface FeedRestriction {
  /** The only feed ids whose items can match; null: no restriction found. */
  feeds: Set<number> | null;
  /**
   * The conjuncts the restriction does not answer. Every item of a feed in `feeds` passes the
   * others, so a walk over those feeds' rows needs to test only these.
   */
  rest: Condition[];
}

/**
 * The only feed ids whose items can match, from top-level conjuncts: `feedId = n`,
 * `feedId IN (…)`, and feed/group conditions evaluated over the known feeds (used only when
 * the condition is false for items of unknown feeds).
 */
export function feedRestriction(conds: Condition[], env: CompileEnv): FeedRestriction {
  let feeds: Set<number> | null = null;
  const rest: Condition[] = [];
  const intersect = (ids: Iterable<number>) => {
    const next = new Set(ids);
    feeds = feeds === null ? next : new Set([...feeds].filter((f) => next.has(f)));
  };
  for (const c of conds) {
    const literal = literalFeedIds(c, env);
    if (literal) {
      intersect(literal);
      continue;
    }
    const pred = isFeedOnly(c) && !mentionsFeedId(c) ? compileFeedCondition(c, env) : null;
    if (pred === null || typeof pred === 'boolean') {
      // A constant true adds nothing; a constant false is kept so the row test says so.
      if (pred !== true) rest.push(c);
      continue;
    }
    // Any id absent from the map stands for every unknown feed (their fields are all null).
    let unknown = -1;
    while (env.source.feeds.has(unknown)) unknown--;
    if (pred(unknown)) {
      rest.push(c);
      continue;
    }
    intersect([...env.source.feeds.keys()].filter((f) => pred(f)));
  }
  return { feeds, rest };
}

/** The part of a date-desc ordered row array within the bounds, by binary search. */
export function sliceByDate(rows: Int32Array, b: DateBounds, index: MetaIndexView): Int32Array {
  const date = (i: number) => index.pubDate(rows[i] as number);
  const start = firstTrue(rows.length, (i) => (b.hiIncl ? date(i) <= b.hi : date(i) < b.hi));
  const end = firstTrue(rows.length, (i) => (b.loIncl ? date(i) < b.lo : date(i) <= b.lo));
  return start >= end ? rows.subarray(0, 0) : rows.subarray(start, end);
}
