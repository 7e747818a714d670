/**
 * Fills the real engine with the corpus once per browser session (reused across benchmarks) and
 * loads the same rows into the SQLite anchor. Item ids are predictable (feeds are ingested in
 * order into an empty database), which lets anchors address the same records.
 */
import type { IncomingItem } from '../../worker/types';
import {
  FEED_COUNT,
  GROUP_COUNT,
  feedItemCount,
  feedItems,
  feedTitle,
  feedUrl,
  firstItemId,
  groupOfFeed,
  groupTitle,
  siteUrl,
  type CorpusSpec,
} from '../corpus';
import { engineWorker, sqliteWorker } from './workers';

/** What the corpus holds, by id, for benchmarks that pick records. */
export interface CorpusState {
  spec: CorpusSpec;
  /** Ids of unread items, in id order. */
  unreadIds: number[];
  /** Ids of feed 0's items that the corpus marks read. */
  feed0ReadIds: number[];
  /** All ids of feed 0 (the big feed). */
  feed0Ids: number[];
}

let state: CorpusState | null = null;

/** The seeded corpus, or an error when `seedEngine` has not run in this page. */
export function corpus(): CorpusState {
  if (!state) throw new Error('corpus not seeded in this page');
  return state;
}

/** The corpus state derived from the spec alone (after a reload nothing needs re-seeding). */
export function describeCorpus(spec: CorpusSpec): CorpusState {
  const unreadIds: number[] = [];
  const feed0ReadIds: number[] = [];
  const feed0Ids: number[] = [];
  for (let f = 0; f < FEED_COUNT; f++) {
    let id = firstItemId(spec.size, f);
    for (const it of feedItems(spec, f)) {
      if (!it.read) unreadIds.push(id);
      if (f === 0) {
        feed0Ids.push(id);
        if (it.read) feed0ReadIds.push(id);
      }
      id++;
    }
  }
  state = { spec, unreadIds, feed0ReadIds, feed0Ids };
  return state;
}

const toIncoming = ({
  guid,
  title,
  author,
  description,
  pubDate,
  link,
  enclosure,
}: IncomingItem): IncomingItem => ({
  guid,
  title,
  author,
  description,
  pubDate,
  link,
  enclosure,
});

/**
 * Seeds the engine through its public API: groups, feeds, one `items.ingest` per feed, then
 * read/saved marks. Fails when the database is not empty or ids come out unexpected.
 */
export async function seedEngine(spec: CorpusSpec): Promise<{ ms: number; items: number }> {
  const engine = engineWorker();
  const start = performance.now();
  const info = await engine.init();
  if (info.counts.items !== 0) throw new Error(`engine database not empty (${info.counts.items} items)`);
  const groupIds: number[] = [];
  for (let g = 0; g < GROUP_COUNT; g++) groupIds.push(await engine.groups.save({ title: groupTitle(g) }));
  const read: number[] = [];
  const saved: number[] = [];
  for (let f = 0; f < FEED_COUNT; f++) {
    const feedId = await engine.feeds.save({
      url: feedUrl(f),
      siteUrl: siteUrl(f),
      title: feedTitle(f),
      groupId: groupIds[groupOfFeed(f)]!,
    });
    if (feedId !== f + 1) throw new Error(`feed ${f} got id ${feedId}, expected ${f + 1}`);
    const items = feedItems(spec, f);
    if (items.length === 0) continue;
    const { added } = await engine.items.ingest(feedId, items.map(toIncoming), spec.now);
    const first = firstItemId(spec.size, f);
    if (added.length !== feedItemCount(spec.size, f) || added[0] !== first)
      throw new Error(`feed ${f}: ids ${added[0]}… (${added.length}), expected ${first}…`);
    items.forEach((it, i) => {
      if (it.read) read.push(first + i);
      if (it.saved) saved.push(first + i);
    });
  }
  for (let i = 0; i < read.length; i += 20_000) await engine.state.markRead(read.slice(i, i + 20_000), true);
  await engine.state.markSaved(saved, true);
  describeCorpus(spec);
  return { ms: performance.now() - start, items: (await engine.counts()).items };
}

/** Loads the SQLite anchor (in memory) and copies it to OPFS; returns the load ms and OPFS status. */
export async function seedSqlite(spec: CorpusSpec): Promise<{ ms: number; version: string; opfs: string }> {
  const sqlite = sqliteWorker();
  const loaded = await sqlite.load(spec);
  const opfs = await sqlite.saveToOpfs();
  return { ms: loaded.ms, version: loaded.version, opfs: opfs || 'ok' };
}
