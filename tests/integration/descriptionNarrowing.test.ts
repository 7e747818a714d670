/**
 * `description LIKE` narrowed by the search index (worker/query/descriptionSource.ts) answers as
 * a whole scan does over the articles of real feeds (tests/fixtures/corpus: entities, accents,
 * curly quotes, CJK, long URLs, code): the texts and titles go through the engine's own text
 * pipeline, and the needles are cut from those texts at random, across words, punctuation and
 * non-ASCII characters. Every narrowed chunk is read text by text, so a candidate set missing a
 * match would show.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MetaIndex } from '../../worker/index/metaIndex';
import { readFeed } from '../../worker/formats/read';
import { StoreDescriptionSource } from '../../worker/query/descriptionSource';
import { MemoryChunks } from '../../worker/search/chunkSpace';
import { SearchIndex } from '../../worker/search/searchIndex';
import { ScanCosts } from '../../worker/search/storeScan';
import { searchableText } from '../../worker/search/textFeed';
import { TextStore } from '../../worker/search/textStore';
import { testRow } from '../../worker/testing/indexRow';

const FEEDS = 'tests/fixtures/corpus/feeds';
// Feeds of real sites (the other folders are mostly one-field parser cases).
const REAL = ['netnewswire', 'miniflux', 'yarr', 'rss-parser', 'gofeed', 'feedsmith'];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function articles(): { title: string; author: string; text: string }[] {
  const out: { title: string; author: string; text: string }[] = [];
  for (const path of REAL.flatMap((d) => walk(join(FEEDS, d))).sort()) {
    if (!/\.(xml|rss|atom|json|rdf)$/.test(path)) continue;
    try {
      const feed = readFeed(new Uint8Array(readFileSync(path)), null, 'https://example.test/feed');
      for (const item of feed.items)
        out.push({ title: item.title, author: item.author, text: searchableText(item) });
    } catch {
      // A file that is not a feed is another test's business.
    }
  }
  return out;
}

describe('description LIKE narrowed by the search index, over real feeds', () => {
  it('finds exactly the texts a whole scan finds', () => {
    const all = articles();
    expect(all.length).toBeGreaterThan(1000);
    const index = new MetaIndex();
    const costs = new ScanCosts();
    costs.notedBytes(1, 1e9);
    const store = new TextStore(new MemoryChunks(), costs);
    const search = new SearchIndex();
    all.forEach(({ title, author, text }, id) => {
      index.upsert([testRow(id, { title, author })]);
      const slot = store.put(id, text);
      search.add(slot, { title, author, text, feedId: 1, pubDate: id });
    });
    const narrowed = new StoreDescriptionSource(index, store, () => search, Infinity);
    const scans = vi.spyOn(store, 'matches');
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const needles = new Set<string>();
    while (needles.size < 400) {
      const text = all[rand(all.length)]!.text;
      if (text.length < 20) continue;
      const at = rand(text.length - 12);
      needles.add(text.slice(at, at + 3 + rand(10)));
    }
    for (const w of ['café', 'naïve', 'über', 'the', 'https', '2020', 'swift', 'apple']) needles.add(w);
    // Past the 40th character of words the index cuts there (hashes, base64, run-together text).
    const long = all.flatMap(({ text }) => text.match(/[a-z0-9]{48,}/g) ?? []);
    for (const word of long.slice(0, 40)) needles.add(word.slice(41, 48));
    let checked = 0;
    for (const needle of needles) {
      const rows = narrowed.rowHits(needle);
      const got = [...store.liveIds()].filter((id) => rows[index.rowOf(id)] === 1);
      const want = [...store.liveIds()].filter((id) => store.text(id).includes(needle));
      expect(got, JSON.stringify(needle)).toEqual(want);
      checked += want.length;
    }
    expect(checked).toBeGreaterThan(1000);
    expect(long.length).toBeGreaterThan(0);
    // Most needles hold a run to narrow by (the rest are scanned whole, which proves nothing here).
    expect(scans.mock.calls.filter((call) => call[2] !== undefined).length).toBeGreaterThan(250);
  });
});
