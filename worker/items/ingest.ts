import { bumpItemsCounter } from '../db/meta';
import type { StoredItem } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { toIndexRow } from '../index/snapshot';
import type { EngineEvent, IncomingItem } from '../types';
import { hashString } from './hash';
import { extractRowFields } from './snippet';

/** What one ingest call changed. */
export interface IngestResult {
  added: number[];
  updated: number[];
}

interface Prepared {
  item: IncomingItem;
  dedupeKey: string;
  contentHash: string;
}

/** Dedupe key within a feed: the guid, else the link, else a hash of the content. */
export function dedupeKeyOf(item: IncomingItem): string {
  const guid = item.guid.trim();
  if (guid) return guid;
  const link = item.link.trim();
  if (link) return link;
  return `hash:${hashString(`${item.title}\u0000${item.description}\u0000${item.enclosure?.url ?? ''}`)}`;
}

/** Hash of everything shown to the reader, to update a re-seen item only when it changed. */
export function contentHashOf(item: IncomingItem): string {
  return hashString(
    JSON.stringify([item.title, item.author, item.description, item.link, item.pubDate, item.enclosure]),
  );
}

function prepare(incoming: IncomingItem[]): Prepared[] {
  const byKey = new Map<string, Prepared>();
  for (const item of incoming) {
    const dedupeKey = dedupeKeyOf(item);
    // The first occurrence wins: feeds list newest first, and a repeat in one body is noise.
    if (!byKey.has(dedupeKey)) byKey.set(dedupeKey, { item, dedupeKey, contentHash: contentHashOf(item) });
  }
  return [...byKey.values()];
}

function toStored(p: Prepared, feedId: number, prior: StoredItem | undefined, now: number): StoredItem {
  const { item } = p;
  const extract = extractRowFields(item.description, item.link);
  const enclosureImage =
    item.enclosure?.image || (item.enclosure?.type.startsWith('image/') ? item.enclosure.url : '');
  const firstSeen = prior?.firstSeen ?? now;
  return {
    ...(prior ? { id: prior.id } : {}),
    feedId,
    guid: item.guid,
    title: item.title,
    author: item.author,
    description: item.description,
    // Undated items keep the time first seen, so a re-fetch never moves them to the top.
    pubDate: item.pubDate ?? prior?.pubDate ?? firstSeen,
    link: item.link,
    enclosure: item.enclosure,
    flags: prior?.flags ?? 0,
    dedupeKey: p.dedupeKey,
    contentHash: p.contentHash,
    firstSeen,
    snippet: extract.snippet,
    thumbnail: extract.thumbnail || enclosureImage,
  } as StoredItem;
}

/**
 * Stores a feed's parsed items: new ones (unread) are added, already stored ones (same dedupe
 * key in this feed) keep id, flags and firstSeen and are rewritten only when their content hash
 * changed. One read-write transaction per call; then the index is updated and
 * `items-added` / `items-changed` are emitted.
 * Cost: one compound-index lookup for all keys, one bulkAdd, one bulkPut, a snippet parse per
 * written item. Fails: EngineError('feed_not_found'), or `Error adding data: …`.
 */
export async function ingestItems(
  ctx: EngineContext,
  feedId: number,
  incoming: IncomingItem[],
  now: number = ctx.now(),
): Promise<IngestResult> {
  const prepared = prepare(incoming);
  if (prepared.length === 0) return { added: [], updated: [] };
  const { db } = ctx;
  const result = await db.tx('add', 'rw', ['feeds', 'items', 'meta'], async () => {
    if ((await db.table('feeds').get(feedId)) === undefined)
      throw new EngineError('feed_not_found', `Feed ${feedId} does not exist`);
    const items = db.table('items');
    const found = await items
      .where('[feedId+dedupeKey]')
      .anyOf(prepared.map((p) => [feedId, p.dedupeKey]))
      .toArray();
    const prior = new Map(found.map((item) => [item.dedupeKey, item]));
    const fresh: StoredItem[] = [];
    const changed: StoredItem[] = [];
    for (const p of prepared) {
      const old = prior.get(p.dedupeKey);
      if (!old) fresh.push(toStored(p, feedId, undefined, now));
      else if (old.contentHash !== p.contentHash) changed.push(toStored(p, feedId, old, now));
    }
    if (fresh.length === 0 && changed.length === 0) return null;
    const keys = await items.bulkAdd(fresh, { allKeys: true });
    keys.forEach((key, i) => ((fresh[i] as StoredItem).id = Number(key)));
    await items.bulkPut(changed);
    return { fresh, changed, counter: await bumpItemsCounter(db) };
  });
  if (!result) return { added: [], updated: [] };
  ctx.index.upsert([...result.fresh, ...result.changed].map(toIndexRow));
  const added = result.fresh.map((i) => i.id);
  const updated = result.changed.map((i) => i.id);
  const events: EngineEvent[] = [];
  if (added.length) events.push({ type: 'items-added', feedIds: [feedId], count: added.length });
  if (updated.length) events.push({ type: 'items-changed', ids: updated });
  afterItemsWrite(ctx, result.counter, events);
  return { added, updated };
}
