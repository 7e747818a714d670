import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

async function setup(spec: Array<{ title: string; items: number; read: number }>) {
  const e = createTestEngine();
  engines.push(e);
  await e.init();
  const ids: number[] = [];
  for (const s of spec) {
    const id = await e.feeds.save({ url: `https://x.test/${s.title}`, title: s.title });
    ids.push(id);
    const items = Array.from({ length: s.items }, (_, i) => incoming({ guid: `${s.title}-${i}` }));
    const { added } = await e.items.ingest(id, items);
    await e.state.markRead(added.slice(0, s.read), true);
  }
  return { e, ids };
}

describe('feeds.scores', () => {
  it('is 10 − 7 × read share of the feed − 3 × share of all reads', async () => {
    const { e, ids } = await setup([
      { title: 'a', items: 4, read: 2 },
      { title: 'b', items: 10, read: 6 },
      { title: 'c', items: 5, read: 0 },
    ]);
    const [a, b, c] = ids as [number, number, number];
    const s = await e.feeds.scores();
    expect(s[a]).toBeCloseTo(10 - 7 * (2 / 4) - 3 * (2 / 8), 10);
    expect(s[b]).toBeCloseTo(10 - 7 * (6 / 10) - 3 * (6 / 8), 10);
    expect(s[c]).toBe(10);
  });

  it('handles no reads at all, feeds without items, and reads of items since deleted', async () => {
    const { e, ids } = await setup([
      { title: 'a', items: 3, read: 0 },
      { title: 'empty', items: 0, read: 0 },
    ]);
    expect(await e.feeds.scores()).toEqual({ [ids[0]!]: 10, [ids[1]!]: 10 });
    // readCount remembers reads of items that are gone (and legacy counts).
    await e.feeds.update(ids[1]!, { readCount: 4 });
    const s = await e.feeds.scores();
    expect(s[ids[1]!]).toBe(10 - 3);
    expect(s[ids[0]!]).toBe(10);
  });

  it('stays within [0, 10]: a fully read feed holding every read scores 0', async () => {
    const { e, ids } = await setup([{ title: 'only', items: 3, read: 3 }]);
    expect(await e.feeds.scores()).toEqual({ [ids[0]!]: 0 });
  });
});

describe('feeds.nextUnread', () => {
  it('walks feeds with unread items in score order, wrapping, skipping the current one', async () => {
    const { e, ids } = await setup([
      { title: 'most-read', items: 4, read: 3 },
      { title: 'all-read', items: 2, read: 2 },
      { title: 'half', items: 4, read: 2 },
      { title: 'unread', items: 2, read: 0 },
    ]);
    const [most, allRead, half, unread] = ids as [number, number, number, number];
    const order = Object.entries(await e.feeds.scores())
      .sort((x, y) => x[1] - y[1])
      .map(([id]) => Number(id));
    expect(order).toEqual([allRead, most, half, unread]);
    expect(await e.feeds.nextUnread(null, 1)).toBe(most);
    expect(await e.feeds.nextUnread(most, 1)).toBe(half);
    expect(await e.feeds.nextUnread(half, 1)).toBe(unread);
    expect(await e.feeds.nextUnread(unread, 1)).toBe(most);
    expect(await e.feeds.nextUnread(null, -1)).toBe(unread);
    expect(await e.feeds.nextUnread(most, -1)).toBe(unread);
    expect(await e.feeds.nextUnread(allRead, -1)).toBe(unread);
    expect(await e.feeds.nextUnread(9999, 1)).toBe(most);
  });

  it('is null when no other feed has unread items', async () => {
    const { e, ids } = await setup([
      { title: 'a', items: 2, read: 0 },
      { title: 'b', items: 2, read: 2 },
    ]);
    expect(await e.feeds.nextUnread(ids[0]!, 1)).toBeNull();
    expect(await e.feeds.nextUnread(ids[1]!, 1)).toBe(ids[0]);
    const empty = createTestEngine();
    engines.push(empty);
    await empty.init();
    expect(await empty.feeds.nextUnread(null, 1)).toBeNull();
  });
});
