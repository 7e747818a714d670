import { parse as peggyParse, SyntaxError as PeggySyntaxError } from '../../../grammar/filter.peggy';
import type { PeggyExpectation } from '../../../grammar/filter.peggy';
import type { QueryAst } from './ast';
import { collectWarnings } from './validate';
import type { QueryWarning } from './warnings';

/** Longest query text accepted; longer input is refused before parsing. */
export const MAX_QUERY_LENGTH = 4000;

/** Where a query error is, in the query text (line and column count from 1). */
export interface QueryErrorPosition {
  offset: number;
  line: number;
  column: number;
  /** Length of the offending token; 0 at the end of the text. */
  length: number;
}

/**
 * One thing the parser would have accepted: a word of the language as it is written (`AND`,
 * `ORDER BY`, `')'`), or a kind of thing, which the UI words in its language.
 */
export type QueryExpected =
  { token: string } | { kind: 'value' | 'number' | 'field' | 'unit' | 'operator' | 'end' | 'any' };

/**
 * Why a query cannot be run when the parser has no list of what it expected: a string whose
 * closing quote (`quote`) is missing, nesting deeper than the parser can follow, or text longer
 * than `max` characters (`length`).
 */
export type QueryErrorReason =
  | { code: 'unterminated_string'; quote: string }
  | { code: 'too_deep' }
  | { code: 'too_long'; length: number; max: number };

/**
 * A query that cannot be run. `message` is in English (for the CLI, logs and older pages); the
 * app words it from the rest: the position, what was expected there, the token before it and
 * the one found (`found` '' at the end of the query).
 */
export interface QueryError {
  code: 'query_syntax' | 'query_too_long';
  message: string;
  position: QueryErrorPosition;
  /** What the parser would have accepted at `position` (empty when the parser did not say). */
  expected: QueryExpected[];
  before?: string;
  found?: string;
  /** When `expected` is empty: what is wrong, as a code the app words with the position. */
  reason?: QueryErrorReason;
}

export type ParseResult =
  { ok: true; query: QueryAst; warnings: QueryWarning[] } | { ok: false; error: QueryError };

// One token of the query text, for naming what came before / at an error.
const TOKEN =
  /'(?:[^'\\]|\\.|'')*'?|"(?:[^"\\]|\\.|"")*"?|[A-Za-z_][\w.]*|-?\d+(?:\.\d*)?|<=|>=|<>|!=|==|\S/gy;

function tokenAt(text: string, offset: number): string {
  TOKEN.lastIndex = offset;
  const m = TOKEN.exec(text);
  return m ? m[0] : '';
}

function tokenBefore(text: string, offset: number): string {
  let last = '';
  let i = 0;
  while (i < offset) {
    if (/\s/.test(text[i] ?? '')) {
      i++;
      continue;
    }
    const tok = tokenAt(text, i) || (text[i] ?? '');
    if (i + tok.length > offset) break;
    last = tok;
    i += tok.length;
  }
  return last;
}

/** A token as the messages show it: at most 30 characters. */
function shorten(token: string): string {
  return token.length > 30 ? `${token.slice(0, 27)}…` : token;
}

function quote(token: string): string {
  return `'${shorten(token)}'`;
}

// The grammar's names for kinds of things (grammar/filter.peggy), as the kinds the UI words.
const KINDS: Record<string, Exclude<QueryExpected, { token: string }>['kind']> = {
  'a value': 'value',
  'a whole number': 'number',
  'a field name': 'field',
  'a time unit (DAY, WEEK, MONTH, YEAR)': 'unit',
  'an operator': 'operator',
  'end of query': 'end',
};

function describe(e: PeggyExpectation): QueryExpected | null {
  switch (e.type) {
    case 'other': {
      const words = e.description ?? '';
      const kind = KINDS[words];
      if (kind) return { kind };
      return words && !HIDDEN.has(words) ? { token: words } : null;
    }
    case 'literal':
      return { token: e.ignoreCase ? (e.text ?? '').toUpperCase() : `'${e.text ?? ''}'` };
    case 'end':
      return { kind: 'end' };
    case 'any':
      return { kind: 'any' };
    default:
      return e.description ? { token: e.description } : null;
  }
}

/** The English words for one expectation (the engine's own message). */
const ENGLISH: Record<Exclude<QueryExpected, { token: string }>['kind'], string> = {
  value: 'a value',
  number: 'a whole number',
  field: 'a field name',
  unit: 'a time unit (DAY, WEEK, MONTH, YEAR)',
  operator: 'an operator',
  end: 'end of query',
  any: 'any character',
};
const english = (e: QueryExpected): string => ('token' in e ? e.token : ENGLISH[e.kind]);

function joinWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? 'something else';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1] ?? ''}`;
}

// Noise that is technically acceptable everywhere but never helps the reader.
const HIDDEN = new Set(["';'", 'whitespace']);
const OPERATORS = '(=, !=, <>, <, >, <=, >=, LIKE, NOT LIKE, IN, NOT IN, BETWEEN, IS NULL)';

function toQueryError(text: string, err: PeggySyntaxError): QueryError {
  const { offset, line, column } = err.location.start;
  const found = tokenAt(text, offset);
  const position = { offset, line, column, length: found.length };
  if (!err.expected) {
    // The grammar's own error(): an unterminated string is the one it raises.
    const quote = found[0];
    const unterminated = err.message.startsWith('Unterminated string') && (quote === "'" || quote === '"');
    return {
      code: 'query_syntax',
      message: `${err.message} at line ${line}, column ${column}`,
      position,
      expected: [],
      ...(unterminated && { reason: { code: 'unterminated_string' as const, quote } }),
    };
  }
  const byWords = new Map<string, QueryExpected>();
  for (const e of err.expected) {
    const d = describe(e);
    if (d && !HIDDEN.has(english(d))) byWords.set(english(d), d);
  }
  const words = [...byWords.keys()].sort();
  const expected = words.map((w) => byWords.get(w)!);
  const before = tokenBefore(text, offset);
  let message = `Expected ${joinWords(words)}`;
  if (words.length === 1 && words[0] === 'an operator') message += ` ${OPERATORS}`;
  if (before) message += ` after ${quote(before)}`;
  message += ` at line ${line}, column ${column}`;
  message += found ? ` (found ${quote(found)})` : ' (found the end of the query)';
  return {
    code: 'query_syntax',
    message,
    position,
    expected,
    before: shorten(before),
    found: shorten(found),
  };
}

/**
 * Parses filter text into a QueryAst. Never throws: any input (including empty, huge or deeply
 * nested text) yields either the AST or a QueryError with a people-readable message and position.
 * Cost: linear in the text, which is capped at MAX_QUERY_LENGTH characters.
 */
export function parseQuery(text: string): ParseResult {
  if (text.length > MAX_QUERY_LENGTH) {
    const lines = text.slice(0, MAX_QUERY_LENGTH).split('\n');
    return {
      ok: false,
      error: {
        code: 'query_too_long',
        message: `The query is too long: ${text.length} characters, at most ${MAX_QUERY_LENGTH} are allowed`,
        position: {
          offset: MAX_QUERY_LENGTH,
          line: lines.length,
          column: (lines[lines.length - 1]?.length ?? 0) + 1,
          length: text.length - MAX_QUERY_LENGTH,
        },
        expected: [],
        reason: { code: 'too_long', length: text.length, max: MAX_QUERY_LENGTH },
      },
    };
  }
  try {
    const query = peggyParse(text) as QueryAst;
    return { ok: true, query, warnings: collectWarnings(query) };
  } catch (err) {
    if (err instanceof PeggySyntaxError) return { ok: false, error: toQueryError(text, err) };
    // A stack overflow on absurdly nested input is the only other way the parser can fail.
    return {
      ok: false,
      error: {
        code: 'query_syntax',
        message: 'The query is nested too deeply',
        position: { offset: 0, line: 1, column: 1, length: text.length },
        expected: [],
        reason: { code: 'too_deep' },
      },
    };
  }
}
