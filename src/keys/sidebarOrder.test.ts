import { describe, expect, it } from 'vitest';
import type { Counts, Feed, Group } from '../engine/contract';
import { buildFeedTree } from '../layout/feedTree';
import { nextInOrder, nextUnreadStop, sidebarFeedOrder } from './sidebarOrder';

const feed = (id: number, title: string, groupId = -1) => ({ id, title, groupId }) as Feed;

describe('n / N in sidebar order', () => {
  const groups = [
    { id: 2, title: 'Tech' },
    { id: 1, title: 'Art' },
  ] as Group[];
  const feeds = [feed(10, 'Zeta', 2), feed(11, 'Alpha', 2), feed(12, 'Brush', 1), feed(13, 'Loner')];
  const order = sidebarFeedOrder(buildFeedTree(groups, feeds, undefined));

  it('lists groups by title with their feeds by title, then feeds in no group', () => {
    expect(order).toEqual([12, 11, 10, 13]);
  });

  it('walks forward and back, skipping feeds without unread, wrapping around', () => {
    const unread = { 12: 3, 11: 0, 10: 5, 13: 1 };
    expect(nextInOrder(order, unread, null, 1)).toBe(12);
    expect(nextInOrder(order, unread, 12, 1)).toBe(10);
    expect(nextInOrder(order, unread, 10, 1)).toBe(13);
    expect(nextInOrder(order, unread, 13, 1)).toBe(12);
    expect(nextInOrder(order, unread, 12, -1)).toBe(13);
    expect(nextInOrder(order, unread, null, -1)).toBe(13);
    expect(nextInOrder(order, unread, 11, -1)).toBe(12);
  });

  it('does not change as the current feed gets read, and says when nothing else is unread', () => {
    expect(nextInOrder(order, { 12: 0, 10: 4 }, 12, 1)).toBe(10);
    expect(nextInOrder(order, { 10: 4 }, 10, 1)).toBeNull();
    expect(nextInOrder([], {}, null, 1)).toBeNull();
  });
});

describe('next unread at the end of a feed or a group', () => {
  const groups = [
    { id: 1, title: 'Art' },
    { id: 2, title: 'Tech' },
    { id: 3, title: 'Zoo' },
  ] as Group[];
  // Art: Brush, Canvas; Tech: Alpha, Zeta; Zoo: Otter; no group: Loner.
  const feeds = [
    feed(12, 'Brush', 1),
    feed(14, 'Canvas', 1),
    feed(11, 'Alpha', 2),
    feed(10, 'Zeta', 2),
    feed(15, 'Otter', 3),
    feed(13, 'Loner'),
  ];
  const unreadByFeed = { 12: 2, 14: 3, 11: 4, 10: 1, 15: 0, 13: 5 };
  const counts = { unreadByFeed } as unknown as Counts;
  const tree = buildFeedTree(groups, feeds, counts);

  it('from a feed: the next feed with unread, in its own group too', () => {
    expect(nextUnreadStop(tree, unreadByFeed, { scope: 'feed', id: 12 })).toEqual({
      kind: 'feed',
      id: 14,
      title: 'Canvas',
    });
    expect(nextUnreadStop(tree, unreadByFeed, { scope: 'feed', id: 10 })).toMatchObject({ id: 13 });
    // Wraps around past the feeds in no group.
    expect(nextUnreadStop(tree, unreadByFeed, { scope: 'feed', id: 13 })).toMatchObject({ id: 12 });
  });

  it('from a group: the next group with unread, never a feed of its own', () => {
    // Art still has unread (Brush, Canvas): the way on is Tech, not Brush.
    expect(nextUnreadStop(tree, unreadByFeed, { scope: 'group', id: 1 })).toEqual({
      kind: 'group',
      id: 2,
      title: 'Tech',
    });
    // Zoo has nothing unread: from Tech, the feed in no group comes next.
    expect(nextUnreadStop(tree, unreadByFeed, { scope: 'group', id: 2 })).toEqual({
      kind: 'feed',
      id: 13,
      title: 'Loner',
    });
    // From the last group, around to the first.
    expect(nextUnreadStop(tree, { ...unreadByFeed, 13: 0 }, { scope: 'group', id: 3 })).toMatchObject({
      kind: 'group',
      id: 1,
    });
  });

  it('from the feeds in no group: the first group with unread; null when only the list itself has some', () => {
    expect(nextUnreadStop(tree, unreadByFeed, { scope: 'group', id: -1 })).toMatchObject({
      kind: 'group',
      id: 1,
    });
    const onlyArt = { 12: 2, 14: 3 };
    const artTree = buildFeedTree(groups, feeds, { unreadByFeed: onlyArt } as unknown as Counts);
    expect(nextUnreadStop(artTree, onlyArt, { scope: 'group', id: 1 })).toBeNull();
    expect(nextUnreadStop(artTree, onlyArt, { scope: 'feed', id: 14 })).toMatchObject({ id: 12 });
  });
});
