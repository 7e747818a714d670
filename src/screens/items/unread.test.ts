import { describe, expect, it } from 'vitest';
import type { Counts, Feed } from '../../engine/contract';
import { groupUnread } from './unread';

const feed = (id: number, groupId: number) => ({ id, groupId }) as Feed;
const counts = { unreadByFeed: { 1: 3, 2: 4, 3: 10 } } as unknown as Counts;

describe('groupUnread', () => {
  it('sums the unread counts of the group’s feeds only', () => {
    const feeds = [feed(1, 7), feed(2, 7), feed(3, 8), feed(4, 7)];
    expect(groupUnread(7, feeds, counts)).toBe(7);
    expect(groupUnread(8, feeds, counts)).toBe(10);
    expect(groupUnread(9, feeds, counts)).toBe(0);
  });
});
