import type { Engine } from '../engine';
import type { IncomingItem } from '../types';

/** What `seedEngine` made, ids in creation order. */
export interface SeedResult {
  groupIds: number[];
  feedIds: number[];
  itemIds: number[];
}

/** Shape of the generated data. Same options and seed ⇒ same data (ids depend on the db). */
export interface SeedOptions {
  groups: number;
  feedsPerGroup: number;
  itemsPerFeed: number;
  seed: number;
  /** Newest pubDate (Unix seconds); items spread over the 30 days before. Default 1_750_000_000. */
  now?: number;
  /** Share of items marked read / saved (deterministic). Defaults 0.3 / 0.05. */
  readRatio?: number;
  savedRatio?: number;
  /** Extra feeds with groupId -1. Default 0. */
  ungroupedFeeds?: number;
}

// mulberry32: tiny deterministic PRNG, enough for test data.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'river stream delta rain cloud harbor signal lantern orbit maple cedar quartz ember tide'.split(
  ' ',
);

/**
 * Fills an initialised engine with deterministic groups, feeds and items through the public
 * engine calls (one ingest transaction per feed, read/saved marks in chunks), so the index,
 * counts and events are exactly as in real use. Some items share a pubDate on purpose (paging
 * edge cases) and about one in ten has no author. Cost: ~1 s per 10k items under fake-indexeddb.
 */
export async function seedEngine(engine: Engine, opts: SeedOptions): Promise<SeedResult> {
  const random = rng(opts.seed);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const now = opts.now ?? 1_750_000_000;
  const result: SeedResult = { groupIds: [], feedIds: [], itemIds: [] };
  const feedGroups: number[] = [];
  for (let g = 0; g < opts.groups; g++) {
    const id = await engine.groups.save({ title: `Group ${g + 1} ${pick()}` });
    result.groupIds.push(id);
    for (let f = 0; f < opts.feedsPerGroup; f++) feedGroups.push(id);
  }
  for (let u = 0; u < (opts.ungroupedFeeds ?? 0); u++) feedGroups.push(-1);
  for (const [n, groupId] of feedGroups.entries()) {
    const feedId = await engine.feeds.save({
      url: `https://feed${n + 1}.example.test/rss.xml`,
      siteUrl: `https://feed${n + 1}.example.test/`,
      title: `Feed ${n + 1} ${pick()}`,
      groupId,
    });
    result.feedIds.push(feedId);
    const items: IncomingItem[] = [];
    for (let i = 0; i < opts.itemsPerFeed; i++) {
      // Rounded to the minute so equal pubDates occur.
      const pubDate = now - Math.floor(random() * 30 * 24 * 60) * 60;
      const title = `${pick()} ${pick()} ${pick()} #${n + 1}.${i + 1}`;
      items.push({
        guid: `urn:seed:${opts.seed}:${n + 1}:${i + 1}`,
        title,
        author: random() < 0.1 ? '' : `${pick()} writer`,
        description: `<p>${title}: ${pick()} ${pick()} ${pick()} &amp; ${pick()}.</p>`,
        pubDate,
        link: `https://feed${n + 1}.example.test/posts/${i + 1}`,
        enclosure: null,
      });
    }
    const { added } = await engine.items.ingest(feedId, items, now);
    result.itemIds.push(...added);
  }
  const read = result.itemIds.filter(() => random() < (opts.readRatio ?? 0.3));
  const saved = result.itemIds.filter(() => random() < (opts.savedRatio ?? 0.05));
  await engine.state.markRead(read, true);
  await engine.state.markSaved(saved, true);
  return result;
}
