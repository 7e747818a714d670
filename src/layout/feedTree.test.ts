import { describe, expect, it } from 'vitest';
import type { Counts, Feed } from '../engine/contract';
import { buildFeedTree } from './feedTree';
import { clampSidebarWidth } from './sidebarWidth';

const feed = (id: number, title: string, groupId: number) => ({ id, title, groupId }) as Feed;
const counts = { unreadByFeed: { 1: 2, 2: 5, 3: 1, 4: 9 } } as unknown as Counts;

describe('buildFeedTree', () => {
  const groups = [
    { id: 10, title: 'tech' },
    { id: 11, title: 'Art' },
    { id: 12, title: 'Empty' },
  ];
  const feeds = [
    feed(1, 'b feed', 10),
    feed(2, 'A feed', 10),
    feed(3, 'Loose', -1),
    feed(4, 'Orphan', 99),
    feed(5, 'Paint', 11),
  ];

  it('groups and sorts feeds, sums unread per group', () => {
    const tree = buildFeedTree(groups, feeds, counts);
    expect(tree.groups.map((g) => [g.group.title, g.feeds.map((f) => f.title), g.unread])).toEqual([
      ['Art', ['Paint'], 0],
      ['Empty', [], 0],
      ['tech', ['A feed', 'b feed'], 7],
    ]);
    expect(tree.ungrouped.map((f) => f.title)).toEqual(['Loose', 'Orphan']);
  });

  it('works without counts', () => {
    expect(buildFeedTree(groups, feeds, undefined).groups.every((g) => g.unread === 0)).toBe(true);
  });

  it('does not reorder its inputs', () => {
    const input = [...feeds];
    buildFeedTree(groups, input, counts);
    expect(input).toEqual(feeds);
  });
});

describe('clampSidebarWidth', () => {
  it.each([
    [256, 256],
    [50, 200],
    [9999, 480],
    [300.6, 301],
    [Number.NaN, 256],
    [Number.POSITIVE_INFINITY, 256],
  ])('%d → %d', (input, out) => {
    expect(clampSidebarWidth(input)).toBe(out);
  });
});
