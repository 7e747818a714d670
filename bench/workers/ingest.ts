/**
 * Ingest and parse subjects and the feedsmith anchor, in one worker. The public engine API has
 * no "ingest this XML" call (bytes arrive through the refresh pipeline from the network), so this
 * worker builds the same engine (`createEngine`) over its own database and runs the same read
 * path (`readFeed`: decode → feedsmith → normalise) the refresh uses, then `items.ingest`.
 */
import * as Comlink from 'comlink';
import { parseFeed } from 'feedsmith';
import { createEngine } from '../../worker/engine';
import { readFeed } from '../../worker/formats/read';
import { opfsChunkDir } from '../../worker/search/chunkDir';
import { feedItems, feedTitle, feedUrl, siteUrl, type CorpusSpec } from '../corpus';
import { toRss } from '../rss';
import type { RuleInput } from '../../worker/rules/rules';

const RARE_WORDS = ['quartz', 'webassembly', 'zeppelin', 'obsidian'];

const encoder = new TextEncoder();

/** RSS bytes of one corpus feed, optionally only its first `limit` items. */
function feedBytes(spec: CorpusSpec, f: number, limit = Infinity): Uint8Array {
  const items = feedItems(spec, f);
  return encoder.encode(
    toRss(feedTitle(f), siteUrl(f), limit < items.length ? items.slice(0, limit) : items),
  );
}

// Every run ingests the same feeds: their bytes are generated once per worker, not per run.
let bodyCache: { key: string; bodies: Uint8Array[] } | null = null;
function cachedBodies(spec: CorpusSpec, feeds: number[]): Uint8Array[] {
  const key = JSON.stringify([spec, feeds]);
  if (bodyCache?.key !== key) bodyCache = { key, bodies: feeds.map((f) => feedBytes(spec, f)) };
  return bodyCache.bodies;
}

/**
 * `n` rules as people write them: title keywords (rare corpus words, so most match nothing),
 * one feed's articles, an author, keyword alternatives, and a few that match and act. Every
 * rule is enabled, so each new item is tested against all of them.
 */
function benchRules(n: number, feedIds: number[]): RuleInput[] {
  const shapes = [
    (i: number) => `title LIKE '${RARE_WORDS[i % RARE_WORDS.length]}'`,
    (i: number) => `feed.id = ${1_000_000 + i}`,
    (i: number) => `author = 'Nobody ${i}'`,
    (i: number) => `title LIKE 'sponsored ${i}' OR title LIKE 'giveaway ${i}'`,
    (i: number) => `feed.id = ${feedIds[i % feedIds.length] ?? 0} AND title LIKE 'quartz'`,
  ];
  return Array.from({ length: n }, (_, i) => ({
    name: `rule ${i}`,
    query: shapes[i % shapes.length]!(i),
    actions: i % 2 === 0 ? [{ type: 'markRead' }] : [{ type: 'hide' }],
    enabled: true,
  }));
}

const deleteDb = (name: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const r = indexedDB.deleteDatabase(name);
    r.onsuccess = () => resolve();
    r.onerror = () => reject(r.error ?? new Error('delete failed'));
  });

// The engine's OPFS files of database `name` (text chunks, head, search segment; number and text
// files): deleting a database from outside leaves them (the engine removes files after its own
// writes and at clear all), and 18 runs at 1M left ~170 MB of them beside the profile.
async function dropFilesOf(name: string): Promise<void> {
  for (const folder of ['rivulet-text', 'rivulet-index']) {
    const dir = await opfsChunkDir(folder).catch(() => null);
    if (!dir) continue;
    for (const file of await dir.list()) if (file.startsWith(`${name}.`)) await dir.remove(file);
  }
}

const api = {
  /** Answers once the worker runs (lets the harness attach a profiler first). */
  ping: () => true,

  /**
   * Ingests the given corpus feeds from RSS bytes into a fresh engine database `name`: per feed,
   * `readFeed` then `items.ingest` (one transaction per feed). Feeds and XML are prepared before
   * the clock starts. Returns ms, items stored and `indexMs`: how long a search right after the
   * last write waits for the text index to take in what is still queued. Deletes the database
   * and its files.
   */
  async ingest(
    spec: CorpusSpec,
    feeds: number[],
    name: string,
    rules = 0,
  ): Promise<{ ms: number; items: number; indexMs: number }> {
    await deleteDb(name);
    const bodies = cachedBodies(spec, feeds);
    const engine = createEngine({ indexedDB, IDBKeyRange, dbName: name, snapshotDelayMs: 60_000 });
    await engine.init();
    const ids: number[] = [];
    for (const f of feeds)
      ids.push(await engine.feeds.save({ url: feedUrl(f), title: feedTitle(f), groupId: -1 }));
    for (const rule of benchRules(rules, ids)) await engine.rules.save(rule);
    const start = performance.now();
    let n = 0;
    for (let i = 0; i < feeds.length; i++) {
      const feed = readFeed(bodies[i]!, 'application/rss+xml; charset=utf-8', feedUrl(feeds[i]!));
      n += (await engine.items.ingest(ids[i]!, feed.items)).added.length;
    }
    const ms = performance.now() - start;
    // The text index indexes a burst's items once writes pause (worker/search/textIndex.ts); a
    // search right away drains what is still queued first. Timed apart, as information.
    const indexStart = performance.now();
    await engine.search.run('quartz');
    const indexMs = performance.now() - indexStart;
    engine.close();
    await deleteDb(name);
    await dropFilesOf(name);
    return { ms, items: n, indexMs };
  },

  /** The engine's read path over `bytes`; returns ms and the item count. Throws on a bad feed. */
  parse(bytes: Uint8Array): { ms: number; items: number } {
    const start = performance.now();
    const feed = readFeed(bytes, null, 'https://bench.example.test/feed');
    return { ms: performance.now() - start, items: feed.items.length };
  },

  /** The anchor: UTF-8 decode + feedsmith's `parseFeed` on the same bytes; returns ms. */
  feedsmith(bytes: Uint8Array): { ms: number } {
    const start = performance.now();
    parseFeed(new TextDecoder().decode(bytes));
    return { ms: performance.now() - start };
  },

  /** A big generated RSS body: corpus feed 0 cut to `items` items (~1.3 KB each). */
  generated(spec: CorpusSpec, items: number): Uint8Array {
    return feedBytes({ ...spec, size: Math.max(spec.size, items * 20) }, 0, items);
  },
};

export type IngestWorker = typeof api;
Comlink.expose(api);
