import type { Condition, QueryAst, ValueExpr } from './ast';
import { resolveField, type FieldKey } from './fields';
import { numeric } from './semantics';
import { parseDateString } from './values';

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

/** Fields whose values are numbers (ids, and `pubDate` in Unix seconds). */
const NUMBER_FIELDS = new Set<FieldKey>(['id', 'feedId', 'pubDate', 'feed.id', 'feed.groupId', 'group.id']);

/**
 * Text that is not a number compared with a number field: by the comparison rules both sides
 * are then compared as text, the number's digits against the letters, so `pubDate >
 * '2024-01-01'` matches nothing and `pubDate > 'yesterday'` too, with no error. Said, not
 * changed (SQLite answers the same), with what to write instead.
 */
function checkNumberText(field: string, values: readonly ValueExpr[], out: string[]): void {
  const key = resolveField(field);
  if (key === null || !NUMBER_FIELDS.has(key)) return;
  for (const v of values) {
    if (v.type !== 'literal' || typeof v.value !== 'string' || numeric(v.value) !== null) continue;
    const text = v.value;
    const hint =
      key !== 'pubDate'
        ? `${field} is a number`
        : parseDateString(text) !== null
          ? `for that date write UNIX_TIMESTAMP('${text}')`
          : `for a time ago write DATE_SUB(NOW(), INTERVAL 1 DAY) (DAY, WEEK, MONTH or YEAR)`;
    out.push(
      `${field} is compared with the text '${text}' as text, not as a ${key === 'pubDate' ? 'date' : 'number'}: ${hint}`,
    );
  }
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
      checkField(cond.field, out);
      checkNumberText(cond.field, [cond.value], out);
      return;
    case 'in':
      checkField(cond.field, out);
      checkNumberText(cond.field, cond.values, out);
      return;
    case 'between':
      checkField(cond.field, out);
      checkNumberText(cond.field, [cond.low, cond.high], out);
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
