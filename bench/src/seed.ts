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
  const next: CorpusState = { spec, unreadIds: [], feed0ReadIds: [], feed0Ids: [] };
  for (let f = 0; f < FEED_COUNT; f++) {
    const first = firstItemId(spec.size, f);
    feedItems(spec, f).forEach((it, i) => addToState(next, f, first + i, it.read));
  }
  state = next;
  return state;
}

// Records one item (feeds in order, ids ascending) in the corpus state.
function addToState(s: CorpusState, f: number, id: number, read: boolean): void {
  if (!read) s.unreadIds.push(id);
  if (f === 0) {
    s.feed0Ids.push(id);
    if (read) s.feed0ReadIds.push(id);
  }
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
 * Seeds the engine through its public API: groups, feeds, one `items.ingest` per feed (in feed
 * order, so ids are predictable), then read/saved marks. The page generates feed f+1 while the
 * engine stores feed f (the two run on different threads); the corpus state for the benchmarks
 * comes from the same generated items, so nothing is generated twice. Fails when the database
 * is not empty or ids come out unexpected.
 */
export async function seedEngine(spec: CorpusSpec): Promise<{ ms: number; items: number }> {
  const engine = engineWorker();
  const start = performance.now();
  const info = await engine.init();
  if (info.counts.items !== 0) throw new Error(`engine database not empty (${info.counts.items} items)`);
  const groupIds: number[] = [];
  for (let g = 0; g < GROUP_COUNT; g++) groupIds.push(await engine.groups.save({ title: groupTitle(g) }));
  for (let f = 0; f < FEED_COUNT; f++) {
    const feedId = await engine.feeds.save({
      url: feedUrl(f),
      siteUrl: siteUrl(f),
      title: feedTitle(f),
      groupId: groupIds[groupOfFeed(f)]!,
    });
    if (feedId !== f + 1) throw new Error(`feed ${f} got id ${feedId}, expected ${f + 1}`);
  }
  const read: number[] = [];
  const saved: number[] = [];
  const next: CorpusState = { spec, unreadIds: [], feed0ReadIds: [], feed0Ids: [] };
  let items = feedItems(spec, 0);
  for (let f = 0; f < FEED_COUNT; f++) {
    const stored = items.length === 0 ? null : engine.items.ingest(f + 1, items.map(toIncoming), spec.now);
    const first = firstItemId(spec.size, f);
    items.forEach((it, i) => {
      if (it.read) read.push(first + i);
      if (it.saved) saved.push(first + i);
      addToState(next, f, first + i, it.read);
    });
    // Generate the next feed while the engine stores this one.
    const following = f + 1 < FEED_COUNT ? feedItems(spec, f + 1) : [];
    if (stored) {
      const { added } = await stored;
      if (added.length !== feedItemCount(spec.size, f) || added[0] !== first)
        throw new Error(`feed ${f}: ids ${added[0]}… (${added.length}), expected ${first}…`);
    }
    items = following;
  }
  for (let i = 0; i < read.length; i += 20_000) await engine.state.markRead(read.slice(i, i + 20_000), true);
  await engine.state.markSaved(saved, true);
  state = next;
  return { ms: performance.now() - start, items: (await engine.counts()).items };
}

/**
 * Loads the SQLite anchor (in memory, in its worker) and writes its OPFS copy; returns the load
 * ms, SQLite's version and the copy's status ('ok' or why not).
 */
export async function seedSqlite(spec: CorpusSpec): Promise<{ ms: number; version: string; opfs: string }> {
  const sqlite = sqliteWorker();
  const loaded = await sqlite.load(spec);
  const opfs = await sqlite.saveToOpfs();
  return { ms: loaded.ms, version: loaded.version, opfs: opfs || 'ok' };
}

/** The OPFS root's files as `name:bytes` (the harness watches the SQLite copy between steps). */
export async function opfsFiles(): Promise<string[]> {
  const out: string[] = [];
  const root = (await navigator.storage.getDirectory()) as unknown as {
    entries(): AsyncIterable<[string, FileSystemHandle]>;
  };
  for await (const [name, handle] of root.entries())
    out.push(
      handle.kind === 'file'
        ? `${name}:${(await (handle as FileSystemFileHandle).getFile()).size}`
        : `${name}/`,
    );
  return out;
}
