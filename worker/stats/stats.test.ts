import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine } from '../testing/createTestEngine';
import { dayStarts } from './stats';

// 2025-06-15 12:00 local time: built from local parts so the test holds in every time zone.
const NOW = Math.floor(new Date(2025, 5, 15, 12, 0, 0).getTime() / 1000);
let engine: Engine;
afterEach(() => engine?.close());

const at = (month: number, day: number, hour: number) =>
  Math.floor(new Date(2025, month, day, hour).getTime() / 1000);

describe('dayStarts', () => {
  it('gives local midnights, today last, plus the next one', () => {
    const starts = dayStarts(NOW, 3);
    expect(starts).toEqual([at(5, 13, 0), at(5, 14, 0), at(5, 15, 0), at(5, 16, 0)]);
  });
});

describe('stats.daily', () => {
  it('counts read and unread items per local day, oldest first, ignoring older and future ones', async () => {
    engine = createTestEngine({ now: () => NOW });
    await engine.init();
    const feedId = await engine.feeds.save({ url: 'https://a.example/feed', title: 'A' });
    const dates = [at(5, 15, 0), at(5, 15, 11), at(5, 14, 23), at(5, 13, 1), at(4, 1, 12), at(5, 16, 1)];
    const { added } = await engine.items.ingest(
      feedId,
      dates.map((pubDate, k) => ({
        guid: `g${k}`,
        title: `t${k}`,
        author: '',
        description: '',
        pubDate,
        link: '',
        enclosure: null,
      })),
      NOW,
    );
    await engine.state.markRead([added[1]!, added[3]!], true);
    const days = await engine.stats.daily(3);
    expect(days).toEqual([
      { date: '2025-06-13', start: at(5, 13, 0), read: 1, unread: 0 },
      { date: '2025-06-14', start: at(5, 14, 0), read: 0, unread: 1 },
      { date: '2025-06-15', start: at(5, 15, 0), read: 1, unread: 1 },
    ]);
    expect(await engine.stats.daily()).toHaveLength(30);
    expect(await engine.stats.daily(0)).toHaveLength(1);
    expect(await engine.stats.daily(10_000)).toHaveLength(366);
  });
});
