import type { Condition, QueryAst, ValueExpr } from './ast';
import { resolveField } from './fields';

/** Warning text for a malformed BETWEEN (kept stable: tests and users search for it). */
export const BAD_BETWEEN = 'BETWEEN syntax or format error';

function checkField(name: string, out: string[]): void {
  if (name === '') out.push('Empty field name: the condition matches no item');
  else if (resolveField(name) === null) out.push(`Unknown field '${name}': it is null for every item`);
}

/**
 * `%` or `_` in a LIKE pattern: in SQL they are wildcards, here ordinary characters (LIKE already
 * means "contains", docs/filter-language.md), so `title LIKE '%a%'` looks for the text "%a%" and
 * usually matches nothing. Said, not changed: a pattern may mean a real `%` ("100%").
 */
function checkWildcards(cond: Extract<Condition, { type: 'like' }>, out: string[]): void {
  const v = cond.value;
  if (v.type !== 'literal' || typeof v.value !== 'string' || !/[%_]/.test(v.value)) return;
  const bare = v.value.replace(/^%+|%+$/g, '');
  out.push(
    `% and _ are ordinary characters in LIKE (it already means "contains"): ` +
      `${cond.field} LIKE '${v.value}' looks for "${v.value}" itself` +
      (bare && bare !== v.value && !/[%_]/.test(bare)
        ? `; for text containing "${bare}", write '${bare}'`
        : ''),
  );
}

function walk(cond: Condition, out: string[]): void {
  switch (cond.type) {
    case 'and':
    case 'or':
      cond.conditions.forEach((c) => walk(c, out));
      return;
    case 'not':
      walk(cond.condition, out);
      return;
    case 'badBetween':
      out.push(`${BAD_BETWEEN}: '${cond.field} BETWEEN ${cond.text}' is read as BETWEEN 0 AND 0`);
      checkField(cond.field, out);
      return;
    case 'like':
      checkField(cond.field, out);
      checkWildcards(cond, out);
      return;
    case 'compare':
    case 'in':
    case 'between':
      checkField(cond.field, out);
      return;
    default:
      out.push('Undefined condition: it matches no item');
  }
}

/**
 * Problems in a parsed query that do not stop it from running (malformed BETWEEN, unknown or
 * empty field names, undefined nodes), in words. Cost: one walk of the tree.
 */
export function collectWarnings(query: QueryAst): string[] {
  const out: string[] = [];
  if (query.where) walk(query.where, out);
  if (query.orderBy) checkField(query.orderBy.field, out);
  return [...new Set(out)];
}

function valueUsesNow(v: ValueExpr): boolean {
  if (v.type === 'now') return true;
  if (v.type === 'unixTimestamp') return v.arg === null || valueUsesNow(v.arg);
  if (v.type === 'dateSub') return valueUsesNow(v.base);
  return false;
}

function condUsesNow(c: Condition): boolean {
  switch (c.type) {
    case 'and':
    case 'or':
      return c.conditions.some(condUsesNow);
    case 'not':
      return condUsesNow(c.condition);
    case 'compare':
    case 'like':
      return valueUsesNow(c.value);
    case 'in':
      return c.values.some(valueUsesNow);
    case 'between':
      return valueUsesNow(c.low) || valueUsesNow(c.high);
    default:
      return false;
  }
}

/** Whether the query's result depends on the current time (NOW() and friends). */
export function usesNow(query: QueryAst): boolean {
  return query.where !== null && condUsesNow(query.where);
}

/** Logs each warning with console.warn, as the language promises for invalid conditions. */
export function logWarnings(warnings: string[]): void {
  for (const w of warnings) console.warn(`[query] ${w}`);
}
