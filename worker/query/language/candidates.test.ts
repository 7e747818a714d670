import { describe, expect, it, vi } from 'vitest';
import type { Condition } from './ast';
import { conjuncts, feedRestriction } from './candidates';
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

describe('planAndRun on the per-feed path', () => {
  it('does not ask a row about the feed conditions its feed already answered', () => {
    const source = metaSourceOf(ITEMS, new Set(), FEEDS, GROUPS, 0, true);
    const feedOfRow = vi.spyOn(source.index, 'feedId');
    const parsed = parseQuery("group.title = 'News'");
    if (!parsed.ok) throw new Error('parse');
    expect(planAndRun(parsed.query, source, { pageSize: 50 })).toEqual({ ids: [6, 3], total: 2 });
    expect(feedOfRow).not.toHaveBeenCalled();
  });
});
