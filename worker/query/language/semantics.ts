/**
 * Value semantics of the filter language, shared by the reference evaluator and the planner so
 * that both agree by construction on the meaning of each operator (see docs/filter-language.md).
 */

/** A field or literal value. The empty string never appears: it is normalised to null. */
export type Val = string | number | boolean | null;

/** Normalises a raw value: '' and undefined become null, NaN becomes null. */
export function norm(v: string | number | boolean | null | undefined): Val {
  if (v === undefined || v === '') return null;
  if (typeof v === 'number' && Number.isNaN(v)) return null;
  return v;
}

const NUMERIC = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/** The number a value stands for: numbers, booleans (1/0) and numeric strings; else null. */
export function numeric(v: Val): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && NUMERIC.test(v)) return Number(v);
  return null;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Three-way comparison of two non-null values, or null when either is null. Two strings compare
 * as strings (exact, code-unit order); otherwise, when both sides read as numbers, as numbers;
 * anything else falls back to comparing their string forms.
 */
export function cmp(a: Val, b: Val): number | null {
  if (a === null || b === null) return null;
  if (typeof a !== 'string' || typeof b !== 'string') {
    const x = numeric(a);
    const y = numeric(b);
    if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  }
  return compareStrings(String(a), String(b));
}

/** `a = b`: null equals only null; otherwise cmp is 0. */
export function eq(a: Val, b: Val): boolean {
  if (a === null || b === null) return a === b;
  return cmp(a, b) === 0;
}

/** Lower-cased text of a value for LIKE; null reads as ''. */
export function likeText(v: Val): string {
  return v === null ? '' : String(v).toLowerCase();
}

/** `v LIKE pattern`: case-insensitive "contains"; `%` and `_` are ordinary characters. */
export function like(v: Val, pattern: Val): boolean {
  return likeText(v).includes(likeText(pattern));
}

/** `v BETWEEN lo AND hi`, inclusive; false when any side is null. */
export function between(v: Val, lo: Val, hi: Val): boolean {
  const a = cmp(v, lo);
  const b = cmp(v, hi);
  return a !== null && b !== null && a >= 0 && b <= 0;
}

/**
 * Order of two values of one field for ORDER BY: null last in both directions, strings
 * case-insensitively first (then exactly), others as cmp. `dir` is 1 (asc) or -1 (desc).
 */
export function compareForSort(a: Val, b: Val, dir: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') {
    return dir * (compareStrings(a.toLowerCase(), b.toLowerCase()) || compareStrings(a, b));
  }
  return dir * (cmp(a, b) ?? 0);
}
