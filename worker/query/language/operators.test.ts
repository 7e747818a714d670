import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { parseQuery } from './parse';
import { planAndRun } from './plan';
import { FEEDS, GROUPS, ITEMS } from './testing/fixtures';
import { runBoth } from './testing/run';
import { sourceOf } from './testing/source';

const source = sourceOf(ITEMS, FEEDS, GROUPS);
let warn: MockInstance<(...args: unknown[]) => void>;

/** Ids matched by `q`; asserts that the planner agrees with the reference evaluator. */
function ids(q: string): number[] {
  const { reference, planned } = runBoth(q, ITEMS, source);
  expect(planned.ids).toEqual(reference);
  expect(planned.total).toBe(reference.length);
  return reference;
}

function warnings(): string[] {
  return warn.mock.calls.map((c: unknown[]) => String(c[0]));
}

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

const ALL = [4, 6, 3, 2, 1, 5];

describe('basics', () => {
  it('an empty query matches everything, newest first, ties by id desc', () => {
    expect(ids('')).toEqual(ALL);
    expect(ids('  \n ')).toEqual(ALL);
    expect(ids("WHERE title LIKE ''")).toEqual(ALL);
  });
  it('keywords and field names are case-insensitive', () => {
    expect(ids("where TITLE like 'RUST' order by PUBDATE asc limit 1")).toEqual([1]);
  });
});

describe('string operators', () => {
  it('LIKE is a case-insensitive contains', () => {
    expect(ids("title LIKE 'rust'")).toEqual([2, 1]);
    expect(ids("author LIKE 'ALICE'")).toEqual([4, 1]);
  });
  it('LIKE treats % and _ literally', () => {
    expect(ids("title LIKE '%'")).toEqual([5]);
    expect(ids("title LIKE '_'")).toEqual([5]);
    expect(ids("title LIKE 'r%t'")).toEqual([]);
  });
  it('NOT LIKE is the exact negation of LIKE (null fields match)', () => {
    expect(ids("title NOT LIKE 'rust'")).toEqual([4, 6, 3, 5]);
  });
  it('= is exact and case-sensitive', () => {
    expect(ids("author = 'Alice'")).toEqual([1]);
    expect(ids('author = "alice"')).toEqual([4]);
  });
  it('!= / <> are exact negations of =', () => {
    expect(ids("author != 'Alice'")).toEqual([4, 6, 3, 2, 5]);
    expect(ids("author <> 'Alice'")).toEqual([4, 6, 3, 2, 5]);
  });
  it('IN and NOT IN', () => {
    expect(ids("author IN ('Bob', 'Carol')")).toEqual([6, 3, 5]);
    expect(ids("author NOT IN ('Bob')")).toEqual([4, 2, 1, 5]);
    expect(ids('author IN ()')).toEqual([]);
    expect(ids('author NOT IN ()')).toEqual(ALL);
    expect(ids("id IN (1, '2', 3.0)")).toEqual([3, 2, 1]);
  });
  it('string ordering comparisons use code-unit order', () => {
    expect(ids("title >= 'Rust'")).toEqual([6, 2, 1]);
    expect(ids("title BETWEEN 'N' AND 'S'")).toEqual([3, 2]);
    expect(ids("author BETWEEN 'A' AND 'B'")).toEqual([1]);
  });
});

describe('null rules', () => {
  it("'' is null: = null, = '' and IS NULL agree", () => {
    expect(ids('author = null')).toEqual([2]);
    expect(ids("author = ''")).toEqual([2]);
    expect(ids('author IS NULL')).toEqual([2]);
    expect(ids('author != null')).toEqual([4, 6, 3, 1, 5]);
    expect(ids('author IS NOT NULL')).toEqual([4, 6, 3, 1, 5]);
  });
  it('ordering comparisons with null are false, and NOT flips them', () => {
    expect(ids("author < 'zzz'")).toEqual([4, 6, 3, 1, 5]);
    expect(ids("NOT author < 'zzz'")).toEqual([2]);
    expect(ids('pubDate > null')).toEqual([]);
    expect(ids('pubDate BETWEEN null AND 5000')).toEqual([]);
  });
  it('an unknown field is null for every item, and is logged', () => {
    expect(ids('nope = null')).toEqual(ALL);
    expect(ids("nope = 'x'")).toEqual([]);
    expect(warnings().some((w) => w.includes("Unknown field 'nope'"))).toBe(true);
  });
  it('an empty field name matches nothing and is logged', () => {
    expect(ids('"" = \'x\'')).toEqual([]);
    expect(ids('NOT "" = \'x\'')).toEqual(ALL);
    expect(warnings().some((w) => w.includes('Empty field name'))).toBe(true);
  });
  it('a quoted field name works like a bare one', () => {
    expect(ids('"feed.title" = \'Daily\'')).toEqual([6, 3]);
  });
});

describe('numbers and booleans', () => {
  it('compares numeric fields', () => {
    expect(ids('pubDate > 1000')).toEqual([4, 6, 3, 2]);
    expect(ids('pubDate >= 1000')).toEqual([4, 6, 3, 2, 1]);
    expect(ids('pubDate < 2000')).toEqual([1, 5]);
    expect(ids('pubDate <= 2000')).toEqual([6, 3, 2, 1, 5]);
    expect(ids('pubDate = 2000')).toEqual([6, 3, 2]);
    expect(ids('pubDate != 2000')).toEqual([4, 1, 5]);
    expect(ids('pubDate > 999.5')).toEqual([4, 6, 3, 2, 1]);
    expect(ids('pubDate > -1')).toEqual(ALL);
    expect(ids("pubDate = '2000'")).toEqual([6, 3, 2]);
    expect(ids("pubDate = 'abc'")).toEqual([]);
  });
  it('BETWEEN is inclusive and empty when reversed', () => {
    expect(ids('pubDate BETWEEN 1000 AND 2000')).toEqual([6, 3, 2, 1]);
    expect(ids('pubDate BETWEEN 2000 AND 1000')).toEqual([]);
  });
  it('a malformed BETWEEN is the range 0 to 0 and logs a warning', () => {
    expect(ids('pubDate BETWEEN 5')).toEqual([]);
    expect(warnings().some((w) => w.includes('BETWEEN syntax or format error'))).toBe(true);
    expect(ids('isRead BETWEEN 5 AND')).toEqual([4, 6, 2, 5]);
    expect(ids('pubDate BETWEEN (1, 5000) OR id = 1')).toEqual([1]);
    expect(ids('pubDate BETWEEN 1, 5000')).toEqual([]);
    expect(ids('pubDate BETWEEN AND 5000')).toEqual([]);
    expect(ids('pubDate BETWEEN 5 AND id = 1')).toEqual([]);
  });
  it('isRead / isSaved accept true/false, 1/0 and quoted forms', () => {
    expect(ids('isRead = true')).toEqual([3, 1]);
    expect(ids('isRead = 1')).toEqual([3, 1]);
    expect(ids("isRead = 'true'")).toEqual([3, 1]);
    expect(ids('isRead = false')).toEqual([4, 6, 2, 5]);
    expect(ids('isRead = 0')).toEqual([4, 6, 2, 5]);
    expect(ids('isRead != true')).toEqual([4, 6, 2, 5]);
    expect(ids('isSaved = TRUE')).toEqual([3, 2]);
    expect(ids('isSaved = 7')).toEqual([]);
  });
});

describe('other fields', () => {
  it('feed and group fields', () => {
    expect(ids("feed.title = 'Rust Blog'")).toEqual([2, 1]);
    expect(ids('feed.groupId = -1')).toEqual([4]);
    expect(ids("group.title = 'News'")).toEqual([6, 3]);
    expect(ids('group.title = null')).toEqual([4, 5]);
    expect(ids('feed.title = null')).toEqual([5]);
    expect(ids('feed.id = 99')).toEqual([]);
    expect(ids('feedId = 99')).toEqual([5]);
    expect(ids('feedId IN (10, 12)')).toEqual([4, 2, 1]);
    expect(ids("feed.siteUrl LIKE 'rust-lang'")).toEqual([2, 1]);
    expect(ids("feed.url LIKE 'DAILY'")).toEqual([6, 3]);
    expect(ids('group.id = 1')).toEqual([2, 1]);
    expect(ids('feedId = 10 AND pubDate > 1500')).toEqual([2]);
  });
  it('description is its plain text, lower-cased', () => {
    expect(ids("description LIKE 'hello world'")).toEqual([1]);
    expect(ids("description LIKE '&'")).toEqual([3]);
    expect(ids("description LIKE 'ÉTÉ'")).toEqual([4]);
    expect(ids('description = null')).toEqual([6, 2, 5]);
    expect(ids("description = 'hello world'")).toEqual([1]);
  });
  it('link, enclosure, guid and id', () => {
    expect(ids("enclosure LIKE 'mp3'")).toEqual([3]);
    expect(ids('enclosure = null')).toEqual([4, 6, 2, 1, 5]);
    expect(ids("link LIKE 'b.example'")).toEqual([6]);
    expect(ids("guid = 'g-2'")).toEqual([2]);
    expect(ids('id = 3')).toEqual([3]);
  });
  it('without a description source, description is null (logged)', () => {
    const parsed = parseQuery("description LIKE 'hello'");
    if (!parsed.ok) throw new Error('parse');
    const { description: _d, ...rest } = source;
    expect(planAndRun(parsed.query, rest).ids).toEqual([]);
    expect(warnings().some((w) => w.includes('Descriptions are not available'))).toBe(true);
  });
});

describe('logic', () => {
  it('AND binds tighter than OR', () => {
    expect(ids("author = 'Bob' OR author = 'Alice' AND isRead = false")).toEqual([6, 3]);
    expect(ids("(author = 'Bob' OR author = 'Alice') AND isRead = true")).toEqual([3, 1]);
  });
  it('NOT applies to a condition or a group', () => {
    expect(ids("NOT author = 'Bob'")).toEqual([4, 2, 1, 5]);
    expect(ids("NOT (author = 'Bob' OR author = null)")).toEqual([4, 1, 5]);
    expect(ids("NOT NOT author = 'Bob'")).toEqual([6, 3]);
    expect(ids("NOT author = 'Bob' AND isRead = false")).toEqual([4, 2, 5]);
  });
});

describe('time helpers', () => {
  it('UNIX_TIMESTAMP takes numbers and dates', () => {
    expect(ids("pubDate = UNIX_TIMESTAMP('1970-01-01 00:33:20')")).toEqual([6, 3, 2]);
    expect(ids('pubDate >= UNIX_TIMESTAMP(2000)')).toEqual([4, 6, 3, 2]);
    expect(ids("pubDate > UNIX_TIMESTAMP('nope')")).toEqual([]);
    expect(warnings().some((w) => w.includes("Invalid date 'nope'"))).toBe(true);
  });
  it('NOW() and DATE_SUB use the source clock', () => {
    const late = sourceOf(ITEMS, FEEDS, GROUPS, 3000 + 86400);
    const { reference, planned } = runBoth('pubDate >= DATE_SUB(NOW(), INTERVAL 1 DAY)', ITEMS, late);
    expect(reference).toEqual([4]);
    expect(planned.ids).toEqual([4]);
    expect(ids('pubDate < NOW() AND pubDate > DATE_SUB(NOW(), INTERVAL 1 YEAR)')).toEqual([]);
  });
});

describe('order and limit', () => {
  it('ORDER BY unindexed string fields, nulls last both ways', () => {
    expect(ids('ORDER BY title')).toEqual([5, 3, 2, 1, 6, 4]);
    expect(ids('ORDER BY title DESC')).toEqual([6, 1, 2, 3, 5, 4]);
    expect(ids('ORDER BY author ASC')).toEqual([1, 4, 6, 3, 5, 2]);
    expect(ids('ORDER BY author DESC')).toEqual([5, 6, 3, 4, 1, 2]);
    expect(ids('ORDER BY link')).toEqual([1, 6, 4, 3, 2, 5]);
  });
  it('ORDER BY numbers, booleans and feed fields; ties by pubDate desc, id desc', () => {
    expect(ids('ORDER BY pubDate ASC')).toEqual([5, 1, 6, 3, 2, 4]);
    expect(ids('ORDER BY pubDate DESC')).toEqual(ALL);
    expect(ids('ORDER BY id')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids('ORDER BY isRead')).toEqual([4, 6, 2, 5, 3, 1]);
    expect(ids('ORDER BY feed.title')).toEqual([6, 3, 4, 2, 1, 5]);
    expect(ids('ORDER BY nope DESC')).toEqual(ALL);
  });
  it('LIMIT caps the result and the total', () => {
    expect(ids('LIMIT 2')).toEqual([4, 6]);
    expect(ids('ORDER BY title LIMIT 3')).toEqual([5, 3, 2]);
    expect(ids('LIMIT 0')).toEqual([]);
    const parsed = parseQuery("title LIKE 'o' LIMIT 2");
    if (!parsed.ok) throw new Error('parse');
    expect(planAndRun(parsed.query, source)).toEqual({ ids: [3, 1], total: 2 });
  });
  it('pages with offset and page size; LIMIT replaces the page size', () => {
    const all = parseQuery('');
    const limited = parseQuery('LIMIT 5');
    const ordered = parseQuery('ORDER BY id DESC');
    if (!all.ok || !limited.ok || !ordered.ok) throw new Error('parse');
    expect(planAndRun(all.query, source, { pageSize: 2, offset: 2 })).toEqual({ ids: [3, 2], total: 6 });
    expect(planAndRun(all.query, source)).toEqual({ ids: ALL, total: 6 });
    expect(planAndRun(limited.query, source, { pageSize: 2 })).toEqual({ ids: [4, 6, 3, 2, 1], total: 5 });
    expect(planAndRun(limited.query, source, { offset: 4 })).toEqual({ ids: [1], total: 5 });
    expect(planAndRun(ordered.query, source, { pageSize: 2, offset: 1 })).toEqual({ ids: [5, 4], total: 6 });
  });
});
