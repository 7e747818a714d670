import { describe, expect, it } from 'vitest';
import { FEED_COUNT, feedItemCount, feedItems, firstItemId, groupOfFeed, type CorpusSpec } from './corpus';
import { toRss } from './rss';
import { readFeed } from '../worker/formats/read';

const spec: CorpusSpec = { size: 20_000, seed: 1, now: 1_750_000_000 };

describe('bench corpus', () => {
  it('spreads exactly N items over 500 feeds, 5% in feed 0', () => {
    let total = 0;
    for (let f = 0; f < FEED_COUNT; f++) total += feedItemCount(spec.size, f);
    expect(total).toBe(spec.size);
    expect(feedItemCount(spec.size, 0)).toBe(1000);
    expect(feedItemCount(100_000, 0)).toBe(5000);
    expect(firstItemId(spec.size, 1)).toBe(1001);
    expect(groupOfFeed(41)).toBe(1);
  });

  it('is deterministic per feed and differs between seeds', () => {
    expect(feedItems(spec, 7)).toEqual(feedItems(spec, 7));
    expect(feedItems({ ...spec, seed: 2 }, 7)[0]!.title).not.toBe(feedItems(spec, 7)[0]!.title);
  });

  it('has the promised shape: ~1 KB descriptions, CJK, read/saved shares, dates within two years', () => {
    const items = Array.from({ length: 100 }, (_, f) => feedItems(spec, f + 1)).flat();
    const share = (p: (i: (typeof items)[number]) => boolean) => items.filter(p).length / items.length;
    const avgDesc = items.reduce((n, i) => n + i.description.length, 0) / items.length;
    expect(avgDesc).toBeGreaterThan(800);
    expect(avgDesc).toBeLessThan(1400);
    expect(share((i) => /[\u3040-\u9fff]/.test(i.title))).toBeGreaterThan(0.07);
    expect(share((i) => /[\u3040-\u9fff]/.test(i.title))).toBeLessThan(0.13);
    expect(share((i) => i.read)).toBeCloseTo(0.7, 1);
    expect(share((i) => i.saved)).toBeLessThan(0.05);
    expect(share((i) => i.enclosure !== null)).toBeGreaterThan(0.03);
    expect(items.every((i) => i.pubDate <= spec.now && i.pubDate > spec.now - 2 * 366 * 86_400)).toBe(true);
    expect(items.every((i) => i.plain === i.plain.toLowerCase() && !i.plain.includes('<'))).toBe(true);
  });

  it('serialises to RSS the engine reads back item for item', () => {
    const items = feedItems(spec, 3);
    const feed = readFeed(
      new TextEncoder().encode(toRss('T & Co', 'https://s.test/', items)),
      null,
      'https://s.test/f',
    );
    expect(feed.items).toHaveLength(items.length);
    expect(feed.items[0]!.guid).toBe(items[0]!.guid);
    expect(feed.items[0]!.title).toBe(items[0]!.title);
    expect(feed.items[0]!.pubDate).toBe(items[0]!.pubDate);
    expect(feed.title).toBe('T & Co');
  });
});
