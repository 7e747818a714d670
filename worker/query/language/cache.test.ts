import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryRunner } from './cache';
import * as plan from './plan';
import { FEEDS, GROUPS, ITEMS } from './testing/fixtures';
import { makeFeed, makeItem } from './testing/fixtures';
import { sourceOf } from './testing/source';

describe('QueryRunner', () => {
  beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('returns parse errors and results', () => {
    const runner = new QueryRunner();
    const source = sourceOf(ITEMS, FEEDS, GROUPS);
    const bad = runner.run('title =', source);
    expect(bad.ok).toBe(false);
    expect(runner.run("title LIKE 'rust'", source)).toEqual({
      ok: true,
      ids: [2, 1],
      total: 2,
      warnings: [],
    });
    expect(runner.run('nope = 1', source)).toMatchObject({
      ok: true,
      warnings: [{ code: 'unknown_field', field: 'nope', suggestions: [] }],
    });
  });

  it('reuses results until the index or the feeds change', () => {
    const spy = vi.spyOn(plan, 'planAndRun');
    const runner = new QueryRunner();
    const source = sourceOf(ITEMS, FEEDS, GROUPS);
    const q = "feed.title = 'Daily'";
    expect(runner.run(q, source)).toMatchObject({ ids: [6, 3] });
    const first = runner.run(q, source);
    if (first.ok) first.ids.push(999); // callers may mutate what they get
    expect(runner.run(q, source)).toMatchObject({ ids: [6, 3] });
    expect(spy).toHaveBeenCalledTimes(1);

    source.index.add(makeItem({ id: 7, feedId: 11, pubDate: 9000 }, FEEDS, GROUPS));
    expect(runner.run(q, source)).toMatchObject({ ids: [7, 6, 3], total: 3 });
    expect(spy).toHaveBeenCalledTimes(2);

    source.feeds.set(11, makeFeed({ id: 11, title: 'Weekly', groupId: 2 }));
    expect(runner.run(q, source)).toMatchObject({ ids: [7, 6, 3] }); // stale: feedsVersion not bumped
    source.feedsVersion = 1;
    expect(runner.run(q, source)).toMatchObject({ ids: [], total: 0 });

    expect(runner.run(q, source, { pageSize: 1 })).toMatchObject({ ids: [] });
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it('does not cache without feedsVersion, and keys NOW() queries on the second', () => {
    const spy = vi.spyOn(plan, 'planAndRun');
    const runner = new QueryRunner();
    const { feedsVersion: _v, ...uncached } = sourceOf(ITEMS, FEEDS, GROUPS);
    runner.run('id = 1', uncached);
    runner.run('id = 1', uncached);
    expect(spy).toHaveBeenCalledTimes(2);

    let now = 2500;
    const source = { ...sourceOf(ITEMS, FEEDS, GROUPS), now: () => now };
    expect(runner.run('pubDate > NOW()', source)).toMatchObject({ ids: [4] });
    now = 2500.5;
    runner.run('pubDate > NOW()', source);
    expect(spy).toHaveBeenCalledTimes(3);
    now = 1500;
    expect(runner.run('pubDate > NOW()', source)).toMatchObject({ ids: [4, 6, 3, 2] });
    expect(spy).toHaveBeenCalledTimes(4);
  });
});
