import type { Condition, QueryAst, ValueExpr } from './ast';
import { objectOfName, resolveField, suggestFields, type FieldKey } from './fields';
import { numeric } from './semantics';
import { parseDateString } from './values';
import { warningKey, warningMessage, type QueryWarning } from './warnings';

export { BAD_BETWEEN } from './warnings';

/**
 * An unknown or empty field name. `feed` and `group` are the article's feed and group: they are
 * told apart from typos, with the field to write instead (by the value's type: a text is most
 * likely a title, a number an id).
 */
function checkField(name: string, out: QueryWarning[], values: readonly ValueExpr[] = []): void {
  if (name === '') return void out.push({ code: 'empty_field' });
  if (resolveField(name) !== null) return;
  const object = objectOfName(name);
  if (object === null) {
    out.push({ code: 'unknown_field', field: name, suggestions: suggestFields(name) });
    return;
  }
  const numbers =
    values.length > 0 && values.every((v) => v.type === 'literal' && typeof v.value === 'number');
  const suggestions = object === 'feed' ? ['feed.title', 'feed.url', 'feed.id'] : ['group.title', 'group.id'];
  if (numbers) suggestions.unshift(...suggestions.splice(suggestions.indexOf(`${object}.id`), 1));
  out.push({ code: 'object_field', field: name, object, suggestions });
}

/**
 * `%` or `_` in a LIKE pattern: in SQL they are wildcards, here ordinary characters (LIKE already
 * means "contains", docs/filter-language.md), so `title LIKE '%a%'` looks for the text "%a%" and
 * usually matches nothing. Said, not changed: a pattern may mean a real `%` ("100%").
 */
function checkWildcards(cond: Extract<Condition, { type: 'like' }>, out: QueryWarning[]): void {
  const v = cond.value;
  if (v.type !== 'literal' || typeof v.value !== 'string' || !/[%_]/.test(v.value)) return;
  const bare = v.value.replace(/^%+|%+$/g, '');
  out.push({
    code: 'like_wildcards',
    field: cond.field,
    pattern: v.value,
    bare: bare && bare !== v.value && !/[%_]/.test(bare) ? bare : null,
  });
}

/** Fields whose values are numbers (ids, and `pubDate` in Unix seconds). */
const NUMBER_FIELDS = new Set<FieldKey>(['id', 'feedId', 'pubDate', 'feed.id', 'feed.groupId', 'group.id']);

/**
 * Text that is not a number compared with a number field: by the comparison rules both sides
 * are then compared as text, the number's digits against the letters, so `pubDate >
 * '2024-01-01'` matches nothing and `pubDate > 'yesterday'` too, with no error. Said, not
 * changed (SQLite answers the same), with what to write instead.
 */
function checkNumberText(field: string, values: readonly ValueExpr[], out: QueryWarning[]): void {
  const key = resolveField(field);
  if (key === null || !NUMBER_FIELDS.has(key)) return;
  for (const v of values) {
    if (v.type !== 'literal' || typeof v.value !== 'string' || numeric(v.value) !== null) continue;
    const text = v.value;
    const hint = key !== 'pubDate' ? 'number' : parseDateString(text) !== null ? 'date' : 'ago';
    out.push({ code: 'number_as_text', field, text, hint });
  }
}

/** Date strings the time helpers cannot read (`UNIX_TIMESTAMP('2024-13-01')`): null when run. */
function checkDates(v: ValueExpr, out: QueryWarning[]): void {
  const arg = v.type === 'unixTimestamp' ? v.arg : v.type === 'dateSub' ? v.base : null;
  if (!arg) return;
  if (arg.type === 'literal' && typeof arg.value === 'string') {
    if (numeric(arg.value) === null && parseDateString(arg.value) === null)
      out.push({ code: 'invalid_date', text: arg.value });
  } else checkDates(arg, out);
}

function checkValues(field: string, values: readonly ValueExpr[], out: QueryWarning[]): void {
  checkField(field, out, values);
  checkNumberText(field, values, out);
  for (const v of values) checkDates(v, out);
}

function walk(cond: Condition, out: QueryWarning[]): void {
  switch (cond.type) {
    case 'and':
    case 'or':
      cond.conditions.forEach((c) => walk(c, out));
      return;
    case 'not':
      walk(cond.condition, out);
      return;
    case 'badBetween':
      out.push({ code: 'bad_between', field: cond.field, text: cond.text });
      checkField(cond.field, out);
      return;
    case 'like':
      checkField(cond.field, out, [cond.value]);
      checkWildcards(cond, out);
      return;
    case 'compare':
      checkValues(cond.field, [cond.value], out);
      return;
    case 'in':
      checkValues(cond.field, cond.values, out);
      return;
    case 'between':
      checkValues(cond.field, [cond.low, cond.high], out);
      return;
    default:
      out.push({ code: 'undefined_condition' });
  }
}

/**
 * Problems in a parsed query that do not stop it from running (malformed BETWEEN, unknown or
 * empty field names, a feed or group used as a value, LIKE wildcards, text against a number,
 * unreadable dates, undefined nodes), each once, as codes with their parameters. Cost: one walk
 * of the tree.
 */
export function collectWarnings(query: QueryAst): QueryWarning[] {
  const out: QueryWarning[] = [];
  if (query.where) walk(query.where, out);
  if (query.orderBy) checkField(query.orderBy.field, out);
  const seen = new Set<string>();
  return out.filter((w) => !seen.has(warningKey(w)) && seen.add(warningKey(w)));
}

/** The query's warnings in English, for console.warn (runtime warnings are added to these). */
export function warningMessages(query: QueryAst): string[] {
  return collectWarnings(query).map(warningMessage);
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
