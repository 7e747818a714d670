import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Feed } from '../engine/contract';
import { itemCountsByFeed } from './api';

const engine = {
  feeds: { itemCounts: vi.fn() },
  items: { countByFeed: vi.fn() },
};

vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: typeof engine) => Promise<unknown>) => fn(engine),
}));

const feed = (id: number) => ({ id }) as Feed;

beforeEach(() => {
  vi.resetAllMocks();
});

describe('itemCountsByFeed', () => {
  it('asks the engine once for every feed, never once per feed', async () => {
    engine.feeds.itemCounts.mockResolvedValue({ 1: { total: 5, unread: 2 }, 3: { total: 7, unread: 0 } });
    const feeds = Array.from({ length: 50 }, (_, i) => feed(i + 1));
    const out = await itemCountsByFeed(feeds);
    expect(engine.feeds.itemCounts).toHaveBeenCalledTimes(1);
    expect(engine.items.countByFeed).not.toHaveBeenCalled();
    expect(out[1]).toBe(5);
    expect(out[3]).toBe(7);
    // Feeds the engine has no items for read as 0, and only the asked feeds are answered.
    expect(out[2]).toBe(0);
    expect(Object.keys(out)).toHaveLength(50);
  });

  it('answers nothing for no feeds and passes an engine failure on', async () => {
    engine.feeds.itemCounts.mockResolvedValueOnce({ 9: { total: 1, unread: 1 } });
    await expect(itemCountsByFeed([])).resolves.toEqual({});
    engine.feeds.itemCounts.mockRejectedValueOnce(new Error('Error fetching data: closed'));
    await expect(itemCountsByFeed([feed(1)])).rejects.toThrow('closed');
  });
});
