import { describe, expect, it } from 'vitest';
import type { Counts, Feed } from '../engine/contract';
import { localNextUnread } from './engineExtras';

const feed = (id: number, readCount = 0) => ({ id, readCount }) as Feed;
const counts = (unread: Record<number, number>) => ({ unreadByFeed: unread }) as unknown as Counts;

describe('localNextUnread', () => {
  const feeds = [feed(1, 5), feed(2, 50), feed(3, 0), feed(4, 5)];
  // Priority order: 2 (50), 1 (5), 4 (5), 3 (0).
  it('walks feeds by how much they are read, skipping feeds without unread', () => {
    const c = counts({ 1: 0, 2: 3, 3: 2, 4: 1 });
    expect(localNextUnread(feeds, c, 2, 1)).toBe(4);
    expect(localNextUnread(feeds, c, 4, 1)).toBe(3);
    expect(localNextUnread(feeds, c, 3, 1)).toBe(2);
    expect(localNextUnread(feeds, c, 4, -1)).toBe(2);
  });
  it('starts at the top (or the bottom backwards) when no feed is current', () => {
    const c = counts({ 2: 1, 3: 1 });
    expect(localNextUnread(feeds, c, null, 1)).toBe(2);
    expect(localNextUnread(feeds, c, null, -1)).toBe(3);
  });
  it('answers null when nothing else is unread', () => {
    expect(localNextUnread(feeds, counts({ 2: 4 }), 2, 1)).toBeNull();
    expect(localNextUnread([], counts({}), null, 1)).toBeNull();
  });
});
