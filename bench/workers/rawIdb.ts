/**
 * IndexedDB anchors, in their own worker: feedsmith's parse plus a raw `put` loop (ingest, what
 * a straightforward reader does with feed bytes), the raw `put` loop alone, one raw read-write
 * transaction flipping flags (mark read) and Dexie `offset().limit()` paging (deep paging, over
 * the primary key).
 * They touch the engine's own `rivulet` database (paging, mark read) or a fresh database with
 * the same stores and indexes (ingest), so the store layout costs the same on both sides.
 */
import * as Comlink from 'comlink';
import Dexie from 'dexie';
import { parseFeed } from 'feedsmith';
import { feedItems, feedTitle, siteUrl, type CorpusSpec } from '../corpus';
import { toRss } from '../rss';

const req = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });

// The items store and index of worker/db/schema.ts as of version 8 (Dexie's '[a+b]' = a
// compound key path): the anchor writes the same index entries per article as the engine.
function openFresh(name: string): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const d = open.result;
    const items = d.createObjectStore('items', { keyPath: 'id', autoIncrement: true });
    items.createIndex('[feedId+dedupeKey]', ['feedId', 'dedupeKey'], { unique: true });
  };
  return req(open);
}

const engineDb = new Map<string, IDBDatabase>();
async function openExisting(name: string): Promise<IDBDatabase> {
  let d = engineDb.get(name);
  if (!d) {
    d = await req(indexedDB.open(name));
    // Let the engine upgrade or delete without waiting on us.
    d.onversionchange = () => {
      d?.close();
      engineDb.delete(name);
    };
    engineDb.set(name, d);
  }
  return d;
}

let dexie: Dexie | null = null;
// The records the last setReadTx changed, with their flags before it (for undoReadTx).
let lastFlip: { name: string; before: { rec: { flags: number }; flags: number }[] } | null = null;

/** A put-loop record: the fields the engine stores for an item (derived ones filled plausibly). */
type PutRecord = Record<string, unknown>;
// Every run stores the same feeds: the records are built once per worker and cloned per run
// (a put must not see the previous run's generated keys), still before the clock starts.
let batchCache: { key: string; batches: PutRecord[][] } | null = null;
function cachedBatches(spec: CorpusSpec, feeds: number[]): PutRecord[][] {
  const key = JSON.stringify([spec, feeds]);
  if (batchCache?.key !== key)
    batchCache = {
      key,
      batches: feeds.map((f) =>
        feedItems(spec, f).map((it) => ({
          feedId: f + 1,
          guid: it.guid,
          title: it.title,
          author: it.author,
          description: it.description,
          pubDate: it.pubDate,
          link: it.link,
          enclosure: it.enclosure,
          flags: 0,
          dedupeKey: it.guid,
          contentHash: '0',
          firstSeen: spec.now,
          snippet: it.plain.slice(0, 200),
          thumbnail: '',
        })),
      ),
    };
  return batchCache.batches.map((b) => b.map((rec) => ({ ...rec })));
}

// The parse-and-put anchor reads the same RSS bytes as the engine's ingest (ingest.ts makes them
// the same way): generated once per worker, before any clock starts.
const encoder = new TextEncoder();
let bodyCache: { key: string; bodies: Uint8Array[] } | null = null;
function cachedBodies(spec: CorpusSpec, feeds: number[]): Uint8Array[] {
  const key = JSON.stringify([spec, feeds]);
  if (bodyCache?.key !== key)
    bodyCache = {
      key,
      bodies: feeds.map((f) => encoder.encode(toRss(feedTitle(f), siteUrl(f), feedItems(spec, f)))),
    };
  return bodyCache.bodies;
}

/** A feedsmith item as far as the anchor reads it (RSS 2.0 with dc and itunes namespaces). */
interface ParsedItem {
  title?: string;
  link?: string;
  description?: string;
  guid?: { value?: string };
  pubDate?: string;
  authors?: string[];
  dc?: { creators?: string[] };
  enclosures?: { url?: string; length?: number; type?: string }[];
  itunes?: { duration?: number };
}

/**
 * What a straightforward reader stores per parsed item: the fields as feedsmith gives them, the
 * date parsed, and the derived fields of the put-loop record made the obvious way (snippet by
 * stripping tags with a regular expression, dedupe key = guid or link). The same record shape
 * and indexes as the put loop, so the difference between the two rows is the parse.
 */
function straightforwardRecord(feedId: number, it: ParsedItem, now: number): PutRecord {
  const description = it.description ?? '';
  const enc = it.enclosures?.[0];
  const date = it.pubDate ? Date.parse(it.pubDate) : NaN;
  return {
    feedId,
    guid: it.guid?.value ?? '',
    title: it.title ?? '',
    author: it.dc?.creators?.[0] ?? it.authors?.[0] ?? '',
    description,
    pubDate: Number.isNaN(date) ? now : Math.floor(date / 1000),
    link: it.link ?? '',
    enclosure: enc?.url
      ? {
          url: enc.url,
          type: enc.type ?? '',
          length: enc.length ?? 0,
          duration: it.itunes?.duration ?? 0,
          image: '',
        }
      : null,
    flags: 0,
    dedupeKey: it.guid?.value || it.link || '',
    contentHash: '0',
    firstSeen: now,
    snippet: description
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200),
    thumbnail: '',
  };
}

const api = {
  /**
   * The ingest anchor: per feed, UTF-8 decode + feedsmith `parseFeed` of the RSS bytes, one
   * record per item (see straightforwardRecord), then a `put` loop in one read-write
   * transaction, into a fresh database `name` with the engine's item indexes. Bytes are made
   * before the clock starts; returns ms and items stored, and deletes the database afterwards.
   */
  async parsePutLoop(
    spec: CorpusSpec,
    feeds: number[],
    name: string,
  ): Promise<{ ms: number; items: number }> {
    await req(indexedDB.deleteDatabase(name));
    const bodies = cachedBodies(spec, feeds);
    const d = await openFresh(name);
    const start = performance.now();
    let n = 0;
    for (let i = 0; i < feeds.length; i++) {
      const parsed = parseFeed(new TextDecoder().decode(bodies[i])) as { feed: { items?: ParsedItem[] } };
      const items = parsed.feed.items ?? [];
      const tx = d.transaction('items', 'readwrite');
      const store = tx.objectStore('items');
      for (const it of items) store.put(straightforwardRecord(feeds[i]! + 1, it, spec.now));
      n += items.length;
      await done(tx);
    }
    const ms = performance.now() - start;
    d.close();
    await req(indexedDB.deleteDatabase(name));
    return { ms, items: n };
  },

  /**
   * Stores the given feeds' items with one read-write transaction per feed (the engine's
   * transaction size) into a fresh database `name`; returns ms for the puts only (records are
   * built before the clock starts) and deletes the database afterwards.
   */
  async putLoop(spec: CorpusSpec, feeds: number[], name: string): Promise<{ ms: number; items: number }> {
    await req(indexedDB.deleteDatabase(name));
    const batches = cachedBatches(spec, feeds);
    const d = await openFresh(name);
    const start = performance.now();
    let n = 0;
    for (const batch of batches) {
      const tx = d.transaction('items', 'readwrite');
      const store = tx.objectStore('items');
      for (const rec of batch) store.put(rec);
      n += batch.length;
      await done(tx);
    }
    const ms = performance.now() - start;
    d.close();
    await req(indexedDB.deleteDatabase(name));
    return { ms, items: n };
  },

  /**
   * One read-write transaction over the engine's items: get each record (by id, or every item
   * of `feedId`), set or clear FLAG_READ, put it back. Returns ms until the transaction commits.
   */
  async setReadTx(name: string, sel: { ids?: number[]; feedId?: number }, read: boolean): Promise<number> {
    const d = await openExisting(name);
    const start = performance.now();
    const tx = d.transaction('items', 'readwrite');
    const store = tx.objectStore('items');
    const before: { rec: { flags: number }; flags: number }[] = [];
    const flip = (rec: { flags: number }) => {
      before.push({ rec, flags: rec.flags });
      rec.flags = read ? rec.flags | 1 : rec.flags & ~1;
      store.put(rec);
    };
    if (sel.feedId !== undefined) {
      // The feed's range of the index that starts with the feed id (the store has no other).
      const feed = IDBKeyRange.bound([sel.feedId], [sel.feedId, []]);
      const recs = await req(store.index('[feedId+dedupeKey]').getAll(feed));
      for (const rec of recs as { flags: number }[]) flip(rec);
    } else {
      for (const id of sel.ids ?? []) {
        const r = store.get(id);
        r.onsuccess = () => {
          if (r.result) flip(r.result as { flags: number });
        };
      }
    }
    await done(tx);
    const ms = performance.now() - start;
    lastFlip = { name, before };
    return ms;
  },

  /**
   * Untimed undo of the last `setReadTx`: puts those records back with their earlier flags in
   * one transaction (no reads needed: they were kept). Fails when there is nothing to undo.
   */
  async undoReadTx(name: string): Promise<void> {
    if (lastFlip?.name !== name) throw new Error(`no setReadTx on ${name} to undo`);
    const { before } = lastFlip;
    lastFlip = null;
    const d = await openExisting(name);
    const tx = d.transaction('items', 'readwrite');
    const store = tx.objectStore('items');
    for (const { rec, flags } of before) {
      rec.flags = flags;
      store.put(rec);
    }
    await done(tx);
  },

  /**
   * Page `page` (1-based, 50 rows, newest stored first) with Dexie offset().limit() over the
   * primary key: the engine's store has had no date index since schema version 8, so this is
   * how offset paging walks it. Returns ms and row count.
   */
  async dexiePage(name: string, page: number): Promise<{ ms: number; rows: number }> {
    if (!dexie) {
      dexie = new Dexie(name);
      await dexie.open(); // dynamic mode: the engine's schema as found
    }
    const start = performance.now();
    const rows = await dexie
      .table('items')
      .orderBy(':id')
      .reverse()
      .offset((page - 1) * 50)
      .limit(50)
      .toArray();
    return { ms: performance.now() - start, rows: rows.length };
  },

  /** Closes every connection (before the engine deletes or reloads). */
  close(): void {
    for (const d of engineDb.values()) d.close();
    engineDb.clear();
    dexie?.close();
    dexie = null;
  },
};

export type RawIdbAnchor = typeof api;
Comlink.expose(api);
