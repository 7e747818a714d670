import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, parseQuery, type ParseResult, type QueryError } from './parse';
import { warningMessage } from './warnings';

/** A parse's warnings in the engine's English (what the console and the CLI show). */
const said = (r: ParseResult): string => (r.ok ? r.warnings.map(warningMessage).join('\n') : '');

function ast(text: string) {
  const r = parseQuery(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.query;
}

function error(text: string): QueryError {
  const r = parseQuery(text);
  if (r.ok) throw new Error(`expected an error for ${text}`);
  return r.error;
}

const lit = (value: unknown) => ({ type: 'literal', value });

describe('parseQuery: trees', () => {
  it('parses the tags forms as ordinary conditions on the field `tags`', () => {
    expect(ast("tags = 'ai'").where).toEqual({ type: 'compare', field: 'tags', op: '=', value: lit('ai') });
    expect(ast("tags != 'x'").where).toEqual({ type: 'compare', field: 'tags', op: '!=', value: lit('x') });
    expect(ast("tags IN ('ai', 'rust')").where).toEqual({
      type: 'in',
      field: 'tags',
      negated: false,
      values: [lit('ai'), lit('rust')],
    });
    expect(ast('tags IS NULL').where).toEqual({ type: 'compare', field: 'tags', op: '=', value: lit(null) });
    expect(ast('tags IS NOT NULL').where).toEqual({
      type: 'compare',
      field: 'tags',
      op: '!=',
      value: lit(null),
    });
  });

  it('parses the empty query and optional WHERE', () => {
    expect(ast('')).toEqual({ where: null, orderBy: null, limit: null });
    expect(ast('WHERE id = 1')).toEqual(ast('id = 1'));
    expect(ast('ORDER BY title DESC LIMIT 5;')).toEqual({
      where: null,
      orderBy: { field: 'title', direction: 'desc' },
      limit: 5,
    });
    expect(ast('order by title').orderBy).toEqual({ field: 'title', direction: 'asc' });
  });
  it('AND binds tighter than OR; NOT applies to groups', () => {
    expect(ast('a = 1 OR b = 2 AND c = 3').where).toEqual({
      type: 'or',
      conditions: [
        { type: 'compare', field: 'a', op: '=', value: lit(1) },
        {
          type: 'and',
          conditions: [
            { type: 'compare', field: 'b', op: '=', value: lit(2) },
            { type: 'compare', field: 'c', op: '=', value: lit(3) },
          ],
        },
      ],
    });
    expect(ast('NOT (a = 1 OR b = 2)').where).toMatchObject({ type: 'not', condition: { type: 'or' } });
  });
  it('reads every operator', () => {
    expect(ast('a <> 1').where).toMatchObject({ op: '!=' });
    expect(ast('a == 1').where).toMatchObject({ op: '=' });
    for (const op of ['=', '!=', '<', '>', '<=', '>=']) expect(ast(`a ${op} 1`).where).toMatchObject({ op });
    expect(ast("a NOT LIKE 'x'").where).toMatchObject({ type: 'like', negated: true });
    expect(ast('a not in (1, 2)').where).toMatchObject({
      type: 'in',
      negated: true,
      values: [lit(1), lit(2)],
    });
    expect(ast('a BETWEEN 1 AND 2').where).toMatchObject({ type: 'between', low: lit(1), high: lit(2) });
    expect(ast('a IS NOT NULL').where).toMatchObject({ type: 'compare', op: '!=', value: lit(null) });
  });
  it('reads values: strings with escapes, numbers, booleans, null', () => {
    const value = (v: string) => (ast(`a = ${v}`).where as { value: unknown }).value;
    expect(value(`'it''s'`)).toEqual(lit("it's"));
    expect(value(`"say ""hi"""`)).toEqual(lit('say "hi"'));
    expect(value(`'a\\'b\\\\c\\nd'`)).toEqual(lit("a'b\\c\nd"));
    expect(value('-12.5')).toEqual(lit(-12.5));
    expect(value('.5')).toEqual(lit(0.5));
    expect(value('TRUE')).toEqual(lit(true));
    expect(value('false')).toEqual(lit(false));
    expect(value('Null')).toEqual(lit(null));
  });
  it('reads time helpers', () => {
    expect(ast('a > DATE_SUB(NOW(), INTERVAL 2 MONTHS)').where).toMatchObject({
      value: { type: 'dateSub', base: { type: 'now' }, amount: 2, unit: 'month' },
    });
    expect(ast('a > DATE_ADD(UNIX_TIMESTAMP(), INTERVAL 1 week)').where).toMatchObject({
      value: { type: 'dateSub', base: { type: 'unixTimestamp', arg: null }, amount: -1, unit: 'week' },
    });
    expect(ast("a > unix_timestamp('2024-01-31')").where).toMatchObject({
      value: { type: 'unixTimestamp', arg: lit('2024-01-31') },
    });
  });
  it('keeps malformed BETWEEN shapes as badBetween nodes with a warning', () => {
    for (const q of [
      'a BETWEEN 5',
      'a BETWEEN',
      'a BETWEEN 5 AND',
      'a BETWEEN (1, 2)',
      'a BETWEEN 1, 2',
      'a BETWEEN AND 3',
    ]) {
      const r = parseQuery(q);
      expect(r.ok, q).toBe(true);
      if (r.ok) {
        expect(r.query.where).toMatchObject({ type: 'badBetween', field: 'a' });
        expect(said(r)).toContain('BETWEEN syntax or format error');
      }
    }
    expect(ast('a BETWEEN 5 AND b = 1').where).toMatchObject({
      type: 'and',
      conditions: [
        { type: 'badBetween', text: '5' },
        { type: 'compare', field: 'b' },
      ],
    });
  });
  it('warns that % and _ are not wildcards in LIKE, and runs the pattern as written', () => {
    const r = parseQuery("isRead = false AND title LIKE '%rust%'");
    expect(r.ok && r.query.where).toMatchObject({
      conditions: [{ type: 'compare' }, { type: 'like', value: { type: 'literal', value: '%rust%' } }],
    });
    const w = said(r);
    expect(w).toContain('% and _ are ordinary characters in LIKE');
    expect(w).toContain(`for text containing "rust", write 'rust'`);
    // An underscore inside the text: said, with no rewrite offered.
    const u = parseQuery("title LIKE 'snake_case'");
    expect(said(u)).toContain('looks for "snake_case" itself');
    expect(said(u)).not.toContain('write');
    expect(parseQuery("title LIKE 'rust'").ok && parseQuery("title LIKE 'rust'")).toMatchObject({
      warnings: [],
    });
  });
  it('warns when a number field is compared with text that is not a number, and says what to write', () => {
    const w = (q: string) => {
      const r = parseQuery(q);
      return r.ok ? said(r) : `error: ${r.error.message}`;
    };
    expect(w("pubDate > '2024-01-01'")).toContain(`for that date write UNIX_TIMESTAMP('2024-01-01')`);
    expect(w("pubDate > 'yesterday'")).toContain('DATE_SUB(NOW(), INTERVAL 1 DAY)');
    expect(w("pubDate BETWEEN 'last week' AND NOW()")).toContain(
      `compared with the text 'last week' as text`,
    );
    expect(w("feedId IN (1, 'two')")).toContain(
      "feedId is compared with the text 'two' as text, not as a number",
    );
    // Numbers as text, real dates and text fields say nothing.
    expect(w("pubDate > '1700000000'")).toBe('');
    expect(w("pubDate > UNIX_TIMESTAMP('2024-01-01')")).toBe('');
    expect(w("title > 'yesterday'")).toBe('');
    expect(w('isRead = false')).toBe('');
  });
  it('accepts quoted and empty field names, with a warning', () => {
    const r = parseQuery(`"" = 'x'`);
    expect(r.ok && r.query.where).toMatchObject({ field: '' });
    expect(said(r)).toContain('Empty field name');
    expect(r.ok && r.warnings).toEqual([{ code: 'empty_field' }]);
  });
});

describe('parseQuery: errors', () => {
  it('explains a missing value with its position', () => {
    const e = error("title LIKE 'x' AND pubDate =");
    expect(e.code).toBe('query_syntax');
    expect(e.message).toBe("Expected a value after '=' at line 1, column 29 (found the end of the query)");
    expect(e.position).toEqual({ offset: 28, line: 1, column: 29, length: 0 });
    // What was expected, and around what, as parts the app words in its language.
    expect(e.expected).toEqual([{ kind: 'value' }]);
    expect(e).toMatchObject({ before: '=', found: '' });
  });
  it('names the unexpected token', () => {
    const e = error('title = rust');
    expect(e.message).toBe("Expected a value after '=' at line 1, column 9 (found 'rust')");
    expect(e.position).toEqual({ offset: 8, line: 1, column: 9, length: 4 });
  });
  it('lists operators after a field', () => {
    expect(error('title\n  foo').message).toMatch(
      /^Expected an operator \(=, .*\) after 'title' at line 2, column 3/,
    );
  });
  it('reports continuations after a complete condition', () => {
    const e = error('a = 1 b = 2');
    expect(e.expected).toEqual(expect.arrayContaining([{ token: 'AND' }, { token: 'OR' }, { kind: 'end' }]));
    expect(e.position.column).toBe(7);
  });
  it('reports missing field names and unbalanced parentheses', () => {
    expect(error("= 'x'").expected).toContainEqual({ kind: 'field' });
    expect(error('(a = 1').message).toContain("')'");
    expect(error('a = 1)').position.offset).toBe(5);
    expect(error('WHERE').message).toContain("after 'WHERE'");
  });
  it('reports an unterminated string', () => {
    expect(error("title = 'abc").message).toMatch(/^Unterminated string.*line 1, column 9/);
    // With its own code and the quote that is missing, for the app to word (no expected list).
    expect(error("title = 'abc")).toMatchObject({
      expected: [],
      position: { line: 1, column: 9 },
      reason: { code: 'unterminated_string', quote: "'" },
    });
    expect(error('a = 1 OR\n  b = "x').reason).toEqual({ code: 'unterminated_string', quote: '"' });
    expect(error('a = 1 b').reason).toBeUndefined();
  });
  it('rejects reserved words as fields and bad numbers', () => {
    expect(error('order = 1').code).toBe('query_syntax');
    expect(error('a = 1e5').code).toBe('query_syntax');
    expect(error('LIMIT -1').code).toBe('query_syntax');
    expect(error('a > DATE_SUB(NOW(), INTERVAL 1 fortnight)').expected).toEqual([{ kind: 'unit' }]);
  });
  it('caps the input length', () => {
    const e = error(`title = '${'x'.repeat(MAX_QUERY_LENGTH)}'`);
    expect(e.code).toBe('query_too_long');
    expect(e.message).toContain(String(MAX_QUERY_LENGTH));
    expect(e.reason).toEqual({ code: 'too_long', length: MAX_QUERY_LENGTH + 10, max: MAX_QUERY_LENGTH });
    expect(parseQuery(`title = '${'x'.repeat(MAX_QUERY_LENGTH - 12)}'`).ok).toBe(true);
  });
});

function settle(text: string): void {
  const r = parseQuery(text);
  if (!r.ok) {
    expect(typeof r.error.message).toBe('string');
    expect(r.error.position.offset).toBeGreaterThanOrEqual(0);
    expect(r.error.position.offset).toBeLessThanOrEqual(text.length);
  }
}

const TOKENS = [
  'title',
  'feed.title',
  'pubDate',
  'isRead',
  'AND',
  'OR',
  'NOT',
  '(',
  ')',
  '=',
  '!=',
  '<',
  '>=',
  'LIKE',
  'IN',
  'BETWEEN',
  'IS',
  'NULL',
  "'x'",
  '"y',
  "'",
  '1',
  '-2.5',
  ',',
  'NOW()',
  'DATE_SUB(',
  'INTERVAL',
  'DAY',
  'ORDER BY',
  'LIMIT',
  'DESC',
  'WHERE',
  ';',
  '\\',
  '\n',
  '',
];

describe('parseQuery: robustness', () => {
  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (s) => settle(s)),
      { numRuns: 2000 },
    );
  });
  it('never throws on token soup', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (parts) =>
        settle(parts.join(' ')),
      ),
      { numRuns: 3000 },
    );
  });
  it('stays fast and safe on pathological input', () => {
    const cases = [
      '('.repeat(3990),
      '('.repeat(1990) + ')'.repeat(1990),
      'NOT '.repeat(999),
      'a = 1 AND '.repeat(399),
      'a IN (' + '1, '.repeat(1300),
      'a = ' + 'DATE_SUB('.repeat(440),
      "'" + "\\'".repeat(1990),
      'a BETWEEN '.repeat(399),
    ];
    for (const text of cases) {
      const t0 = performance.now();
      settle(text);
      expect(performance.now() - t0, text.slice(0, 20)).toBeLessThan(3000);
    }
  });
});
