import { parse as peggyParse, SyntaxError as PeggySyntaxError } from '../../../grammar/filter.peggy';
import type { PeggyExpectation } from '../../../grammar/filter.peggy';
import type { QueryAst } from './ast';
import { collectWarnings } from './validate';

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

/** A query that cannot be run, with a message for people. */
export interface QueryError {
  code: 'query_syntax' | 'query_too_long';
  message: string;
  position: QueryErrorPosition;
  /** What the parser would have accepted at `position`, in words ("a value", "AND", "')'"). */
  expected: string[];
}

export type ParseResult =
  { ok: true; query: QueryAst; warnings: string[] } | { ok: false; error: QueryError };

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

function quote(token: string): string {
  return token.length > 30 ? `'${token.slice(0, 27)}…'` : `'${token}'`;
}

function describe(e: PeggyExpectation): string {
  switch (e.type) {
    case 'other':
      return e.description ?? '';
    case 'literal':
      return e.ignoreCase ? (e.text ?? '').toUpperCase() : `'${e.text ?? ''}'`;
    case 'end':
      return 'end of query';
    case 'any':
      return 'any character';
    default:
      return e.description ?? 'a token';
  }
}

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
    return {
      code: 'query_syntax',
      message: `${err.message} at line ${line}, column ${column}`,
      position,
      expected: [],
    };
  }
  const expected = [...new Set(err.expected.map(describe))].filter((w) => w && !HIDDEN.has(w)).sort();
  const before = tokenBefore(text, offset);
  let message = `Expected ${joinWords(expected)}`;
  if (expected.length === 1 && expected[0] === 'an operator') message += ` ${OPERATORS}`;
  if (before) message += ` after ${quote(before)}`;
  message += ` at line ${line}, column ${column}`;
  message += found ? ` (found ${quote(found)})` : ' (found the end of the query)';
  return { code: 'query_syntax', message, position, expected };
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
      },
    };
  }
}
