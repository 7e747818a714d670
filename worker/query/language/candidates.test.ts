import { describe, expect, it, vi } from 'vitest';
import type { Condition } from './ast';
import { conjuncts, dateBounds, feedRestriction } from './candidates';
import type { CompileEnv } from './compileEnv';
import { parseQuery } from './parse';
import { planAndRun } from './plan';
import { FEEDS, GROUPS, ITEMS } from './testing/fixtures';
import { metaSourceOf } from './testing/metaSource';
import { sourceOf } from './testing/source';
import { evalValue } from './values';

function where(text: string): Condition {
  const parsed = parseQuery(text);
  if (!parsed.ok || !parsed.query.where) throw new Error(`no condition in ${text}`);
  return parsed.query.where;
}

function restrict(text: string): { feeds: number[] | null; rest: Condition[] } {
  const source = sourceOf(ITEMS, FEEDS, GROUPS);
  const env: CompileEnv = { source, warn: () => undefined, value: (e) => evalValue(e, 0, () => undefined) };
  const { feeds, rest } = feedRestriction(conjuncts(where(text)), env);
  return { feeds: feeds ? [...feeds].sort((a, b) => a - b) : null, rest };
}

describe('feedRestriction', () => {
  it('answers feed and group conjuncts with feed ids and leaves the rest to the row test', () => {
    const unread = where('isRead = false');
    expect(restrict("group.title = 'Tech' AND isRead = false")).toEqual({ feeds: [10], rest: [unread] });
    expect(restrict("feedId IN (10, 11) AND feed.title = 'Daily'")).toEqual({ feeds: [11], rest: [] });
    expect(restrict('feed.groupId = 2')).toEqual({ feeds: [11], rest: [] });
  });

  it('keeps in the rest what it cannot answer exactly', () => {
    // A comparison on feedId other than = or IN, a field of the item, and an OR with one.
    for (const text of ['feedId > 10', "title LIKE 'rust'", "feed.title = 'Daily' OR title LIKE 'x'"])
      expect(restrict(text)).toEqual({ feeds: null, rest: [where(text)] });
    // A constant false stays, so the row test is false; a constant true is dropped.
    expect(restrict("feedId = 10 AND 'a' = 'b'").rest).toHaveLength(1);
  });
});

/** `text` planned over a loaded MetaIndex of the fixtures, with the index's `column` spied on. */
function runSpied(text: string, column: 'feedId' | 'pubDate') {
  const source = metaSourceOf(ITEMS, new Set(), FEEDS, GROUPS, 0, true);
  const spy = vi.spyOn(source.index, column);
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(`parse: ${text}`);
  return { answer: planAndRun(parsed.query, source, { pageSize: 50 }), spy };
}

describe('planAndRun on the per-feed path', () => {
  it('does not ask a row about the feed conditions its feed already answered', () => {
    const { answer, spy: feedOfRow } = runSpied("group.title = 'News'", 'feedId');
    expect(answer).toEqual({ ids: [6, 3], total: 2 });
    expect(feedOfRow).not.toHaveBeenCalled();
  });
});

describe('dateBounds: the conjuncts its slice answers', () => {
  const env = (value: CompileEnv['value'] = (e) => evalValue(e, 0, () => undefined)): CompileEnv => ({
    source: sourceOf(ITEMS, FEEDS, GROUPS),
    warn: () => undefined,
    value,
  });
  const answered = (text: string, e = env()): Condition[] => {
    const conds = conjuncts(where(text));
    return conds.filter((c) => dateBounds(conds, e).answered.has(c));
  };

  it('takes the comparisons and BETWEEN of pubDate with numbers, and nothing else', () => {
    for (const text of ['pubDate > 1000', 'pubDate <= 2000', 'pubDate = 500', 'pubDate BETWEEN 1 AND 2'])
      expect(answered(text)).toEqual([where(text)]);
    expect(answered('pubDate >= 10 AND isRead = false AND pubDate < 20')).toEqual([
      where('pubDate >= 10'),
      where('pubDate < 20'),
    ]);
    // Not !=, not IN, not a number held as text, not another field, not inside an OR.
    for (const text of [
      'pubDate != 1000',
      'pubDate IN (1, 2)',
      "pubDate > '1000'",
      'feedId > 10',
      'pubDate > 10 OR isRead = false',
    ])
      expect(answered(text)).toEqual([]);
  });

  it('leaves a comparison with NaN to the row test, as the bounds stay open for it', () => {
    expect(
      answered(
        'pubDate > 1000',
        env(() => NaN),
      ),
    ).toEqual([]);
  });
});

describe('planAndRun on a date range', () => {
  it('answers pubDate bounds from the date order without asking each row its date again', () => {
    const { answer, spy: dateOfRow } = runSpied('pubDate >= 1000 AND pubDate < 3000', 'pubDate');
    const expected = ITEMS.filter((i) => i.pubDate >= 1000 && i.pubDate < 3000);
    expect(answer.total).toBe(expected.length);
    expect([...answer.ids].sort((a, b) => a - b)).toEqual(expected.map((i) => i.id).sort((a, b) => a - b));
    // The two binary searches ask O(log n) rows; a row test would have asked every candidate.
    expect(dateOfRow.mock.calls.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(ITEMS.length + 1)) + 2);
  });
});
