import type { Condition } from './ast';
import { between, cmp, eq, likeText, type Val } from './semantics';
import type { ValueExpr } from './ast';

/** A condition that names a field (not and/or/not). */
export type LeafCondition = Extract<Condition, { field: string }>;

/** Whether a condition node is a leaf (names a field). */
export function isLeaf(c: Condition): c is LeafCondition {
  return 'field' in c && typeof c.field === 'string';
}

/**
 * The test a leaf condition applies to one field value, with its constants evaluated once.
 * Semantics are those of semantics.ts; the planner wraps this around row getters.
 */
export function leafTest(c: LeafCondition, value: (e: ValueExpr) => Val): (v: Val) => boolean {
  switch (c.type) {
    case 'compare': {
      const lit = value(c.value);
      switch (c.op) {
        case '=':
          return (v) => eq(v, lit);
        case '!=':
          return (v) => !eq(v, lit);
        case '<':
          return (v) => (cmp(v, lit) ?? 0) < 0;
        case '>':
          return (v) => (cmp(v, lit) ?? 0) > 0;
        case '<=':
          return (v) => {
            const r = cmp(v, lit);
            return r !== null && r <= 0;
          };
        case '>=':
          return (v) => {
            const r = cmp(v, lit);
            return r !== null && r >= 0;
          };
        default:
          return () => false;
      }
    }
    case 'like': {
      const needle = likeText(value(c.value));
      return c.negated ? (v) => !likeText(v).includes(needle) : (v) => likeText(v).includes(needle);
    }
    case 'in': {
      const lits = c.values.map(value);
      return c.negated ? (v) => !lits.some((l) => eq(v, l)) : (v) => lits.some((l) => eq(v, l));
    }
    case 'between': {
      const lo = value(c.low);
      const hi = value(c.high);
      return (v) => between(v, lo, hi);
    }
    case 'badBetween':
      return (v) => between(v, 0, 0);
    default:
      return () => false;
  }
}
