/**
 * Fills the real engine with the corpus once per browser session (reused across benchmarks) and
 * loads the same rows into the SQLite anchor. Item ids are predictable (feeds are ingested in
 * order into an empty database), which lets anchors address the same records.
 */
import type { IncomingItem } from '../../worker/types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
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
  type CorpusItem,
  type CorpusSpec,
} from '../corpus';
import type { AnchorStorage } from '../workers/sqlite';
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

// The corpus item as the engine's ingest takes it: its fields, and its read and saved marks as
// the state it starts in (as a sync import hands over a server's articles).
const toIncoming = ({
  guid,
  title,
  author,
  description,
  pubDate,
  link,
  enclosure,
  read,
  saved,
}: CorpusItem): IncomingItem => ({
  guid,
  title,
  author,
  description,
  pubDate,
  link,
  enclosure,
  flags: (read ? FLAG_READ : 0) | (saved ? FLAG_SAVED : 0),
});

/**
 * Seeds the engine through its public API: groups, feeds, one `items.ingest` per feed (in feed
 * order, so ids are predictable), each article with its read and saved marks as the state it
 * starts in. The page generates feed f+1 while the engine stores feed f (the two run on
 * different threads); the corpus state for the benchmarks comes from the same generated items,
 * so nothing is generated twice. Fails when the database is not empty, ids come out unexpected
 * or the counts differ from the corpus.
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
  const next: CorpusState = { spec, unreadIds: [], feed0ReadIds: [], feed0Ids: [] };
  // The next feed's ingest is queued while the previous one runs (in a CPU profile of seeding
  // one call at a time the engine worker sat idle 43% of the time, waiting for a commit or for
  // the next feed to arrive). IndexedDB runs read-write transactions on the same stores in
  // creation order, so ids stay in feed order (checked per feed). Until 2026-11-30 the marks
  // were sent as calls of their own after each feed's ingest, which wrote ~70% of the records
  // twice (at 1M: 450 s of seeding without the SQLite anchor beside it, 643 s with it).
  let pending: { f: number; first: number; done: Promise<{ added: number[] }> } | null = null;
  let unread = 0;
  let savedTotal = 0;
  const settle = async (): Promise<void> => {
    if (!pending) return;
    const { f, first, done } = pending;
    pending = null;
    const { added } = await done;
    if (added.length !== feedItemCount(spec.size, f) || added[0] !== first)
      throw new Error(`feed ${f}: ids ${added[0]}… (${added.length}), expected ${first}…`);
  };
  for (let f = 0; f < FEED_COUNT; f++) {
    const items = feedItems(spec, f);
    const first = firstItemId(spec.size, f);
    if (!items.length) continue;
    items.forEach((it, i) => {
      if (!it.read) unread++;
      if (it.saved) savedTotal++;
      addToState(next, f, first + i, it.read);
    });
    const done = engine.items.ingest(f + 1, items.map(toIncoming), spec.now);
    await settle();
    pending = { f, first, done };
  }
  await settle();
  const counts = await engine.counts();
  if (counts.items !== spec.size || counts.unread !== unread || counts.saved !== savedTotal)
    throw new Error(
      `seeded engine counts ${counts.items} items / ${counts.unread} unread / ${counts.saved} saved, ` +
        `corpus has ${spec.size} / ${unread} / ${savedTotal}`,
    );
  state = next;
  return { ms: performance.now() - start, items: counts.items };
}

/**
 * Loads the SQLite anchor (in memory, in its worker) and writes its OPFS copy; returns the load
 * ms, SQLite's version and the copy's status ('ok' or why not). A failed load is tried once
 * more: at 1M the `opfs` VFS once failed the build with "result code -1: unknown error" 4 s in,
 * which ended the whole run; `load` starts by removing its files, so a second try starts clean.
 */
export async function seedSqlite(
  spec: CorpusSpec,
  where: AnchorStorage = 'memory',
): Promise<{ ms: number; version: string; opfs: string; storage: AnchorStorage; bytes: number }> {
  const sqlite = sqliteWorker();
  let retried = '';
  const loaded = await sqlite.load(spec, where).catch((err: unknown) => {
    retried = `; the first load failed (${err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)}), the second is measured`;
    return sqlite.load(spec, where);
  });
  // Built in OPFS, the file is the copy: nothing to write again.
  const opfs = (where === 'opfs' ? 'built there' : (await sqlite.saveToOpfs()) || 'ok') + retried;
  return { ms: loaded.ms, version: loaded.version, opfs, storage: where, bytes: loaded.bytes };
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
