import { describe, expect, it } from 'vitest';
import type { Feed, Group } from '../engine/contract';
import { buildFeedTree } from '../layout/feedTree';
import { nextInOrder, sidebarFeedOrder } from './sidebarOrder';

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
