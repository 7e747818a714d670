/**
 * The `tags` field: a set of tag names per article, not one value. A condition on it asks
 * whether the article has a tag for which the condition holds (SQL: EXISTS over item_tags), and
 * the negated forms (`!=`, `NOT IN`, `NOT LIKE`) ask that it has none. An untagged article
 * reads as the one value null, so `tags = null` / `tags IS NULL` find untagged articles and
 * `tags != null` tagged ones. Names compare ignoring case (tag names are unique ignoring case).
 * ORDER BY tags sorts by the article's alphabetically first tag name (null when none).
 */
import type { ValueExpr } from './ast';
import { leafTest, type LeafCondition } from './leaf';
import type { Val } from './semantics';

/** The positive form of a leaf (`!=` → `=`, NOT IN → IN, NOT LIKE → LIKE) and whether it was negated. */
export function positiveForm(c: LeafCondition): { positive: LeafCondition; negated: boolean } {
  if (c.type === 'compare' && c.op === '!=') return { positive: { ...c, op: '=' }, negated: true };
  if ((c.type === 'in' || c.type === 'like') && c.negated)
    return { positive: { ...c, negated: false }, negated: true };
  return { positive: c, negated: false };
}

/** Lower-cases string constants, so names compare ignoring case. */
export function lowerValue(value: (e: ValueExpr) => Val): (e: ValueExpr) => Val {
  return (e) => {
    const v = value(e);
    return typeof v === 'string' ? v.toLowerCase() : v;
  };
}

/**
 * The test of a `tags` leaf over an article's lower-cased tag names (empty: untagged).
 * Semantics as in the file comment; the per-value test is the language's own (leaf.ts).
 */
export function tagsTest(
  c: LeafCondition,
  value: (e: ValueExpr) => Val,
): (names: readonly string[]) => boolean {
  const { positive, negated } = positiveForm(c);
  const test = leafTest(positive, lowerValue(value));
  const untagged = test(null);
  return (names) => {
    const hit = names.length === 0 ? untagged : names.some((n) => test(n === '' ? null : n));
    return hit !== negated;
  };
}

/** The ORDER BY value of a set of lower-cased names: the first in code-unit order, else null. */
export function tagsSortValue(names: readonly string[]): Val {
  let first: string | null = null;
  for (const n of names) if (first === null || n < first) first = n;
  return first;
}
