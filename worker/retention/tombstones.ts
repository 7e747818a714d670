/**
 * Tombstones: the dedupe keys of articles the engine deleted on purpose (retention), so a feed
 * that still lists one does not bring it back as a new unread article on the next refresh
 * (ingest dedupes against stored items, and a deleted item is no longer stored).
 *
 * Stored in `meta`, one record per feed (`tombstones:<feedId>` → [dedupeKey, lastSeen][]), so
 * every transaction that needs them (retention, ingest, unsubscribe) already holds the store,
 * and a backup carries them (feed ids are kept by a full restore). Bounded two ways: a key not
 * listed by any fetch of its feed for TOMBSTONE_DAYS is forgotten (the feed dropped the
 * article, so it cannot come back), and a feed keeps at most TOMBSTONE_CAP keys (the least
 * recently seen go first).
 */
import type { Database } from '../db/database';

/** Days a tombstone outlives the last feed fetch that still listed its key. */
export const TOMBSTONE_DAYS = 90;
/** Most tombstones kept per feed. */
export const TOMBSTONE_CAP = 2000;

const PREFIX = 'tombstones:';

/** The `meta` key of one feed's tombstones. */
export const tombstoneKey = (feedId: number): string => `${PREFIX}${feedId}`;

/** One tombstone: the dedupe key and when a fetch last listed it (or when it was made), Unix s. */
type Entry = [dedupeKey: string, lastSeen: number];

async function readEntries(db: Database, feedId: number): Promise<Map<string, number>> {
  const value = (await db.table('meta').get(tombstoneKey(feedId)))?.value;
  const out = new Map<string, number>();
  // A malformed record (hand-edited backup) is read as far as it is usable, never trusted.
  if (!Array.isArray(value)) return out;
  for (const entry of value as unknown[]) {
    if (!Array.isArray(entry)) continue;
    const [key, seen] = entry as unknown[];
    if (typeof key === 'string' && typeof seen === 'number' && Number.isFinite(seen)) out.set(key, seen);
  }
  return out;
}

// Prunes expired entries and applies the cap, then writes (or deletes an emptied record).
async function writeEntries(db: Database, feedId: number, entries: Map<string, number>, now: number) {
  const cutoff = now - TOMBSTONE_DAYS * 86400;
  let list: Entry[] = [...entries].filter(([, seen]) => seen >= cutoff);
  if (list.length > TOMBSTONE_CAP) list = list.sort((a, b) => b[1] - a[1]).slice(0, TOMBSTONE_CAP);
  const meta = db.table('meta');
  if (list.length === 0) await meta.delete(tombstoneKey(feedId));
  else await meta.put({ key: tombstoneKey(feedId), value: list });
}

/**
 * Records tombstones for these deleted items (lastSeen = `now`). Call INSIDE the transaction
 * that deletes them (its stores must include 'meta'), so both commit or neither does.
 * Cost: one get and one put of `meta` per feed involved.
 */
export async function buryItems(
  db: Database,
  items: Iterable<{ feedId: number; dedupeKey: string }>,
  now: number,
): Promise<void> {
  const byFeed = new Map<number, string[]>();
  for (const { feedId, dedupeKey } of items) {
    if (typeof dedupeKey !== 'string' || !dedupeKey) continue;
    const keys = byFeed.get(feedId);
    if (keys) keys.push(dedupeKey);
    else byFeed.set(feedId, [dedupeKey]);
  }
  for (const [feedId, keys] of byFeed) {
    const entries = await readEntries(db, feedId);
    for (const key of keys) entries.set(key, now);
    await writeEntries(db, feedId, entries, now);
  }
}

/**
 * Takes these items' dedupe keys out of their feeds' tombstones (an undone deletion: the
 * articles are stored again, so a fetch that lists them must find them, not refuse them). Call
 * INSIDE the transaction that stores them again (its stores must include 'meta').
 * Cost: one get and one put (or delete) of `meta` per feed involved.
 */
export async function unburyItems(
  db: Database,
  items: Iterable<{ feedId: number; dedupeKey: string }>,
): Promise<void> {
  const byFeed = new Map<number, string[]>();
  for (const { feedId, dedupeKey } of items) {
    const keys = byFeed.get(feedId);
    if (keys) keys.push(dedupeKey);
    else byFeed.set(feedId, [dedupeKey]);
  }
  for (const [feedId, keys] of byFeed) {
    const entries = await readEntries(db, feedId);
    let changed = false;
    for (const key of keys) changed = entries.delete(key) || changed;
    if (!changed) continue;
    const meta = db.table('meta');
    if (entries.size === 0) await meta.delete(tombstoneKey(feedId));
    else await meta.put({ key: tombstoneKey(feedId), value: [...entries] });
  }
}

/**
 * The ingest hook: removes from `incoming` (in place) every entry whose dedupe key is a
 * tombstone of `feedId` and is not stored again (a merged backup may have brought the article
 * back; then it is alive and the tombstone goes). Tombstones still listed by the feed get
 * lastSeen = `now`; expired ones are pruned. Call INSIDE the ingest transaction (stores
 * 'items' and 'meta'), before looking up stored items. `noneStored`: the caller knows no key of
 * `incoming` is stored (ingest's in-memory index named no candidate), so the store is not asked;
 * it must be when the caller adds them before this answers (the lookup would find those adds).
 * Answers how many keys it kept out. Cost: one `meta` get; a put and one index lookup only when
 * a listed key is a tombstone.
 */
export async function dropTombstoned<T extends { dedupeKey: string }>(
  db: Database,
  feedId: number,
  incoming: T[],
  now: number,
  noneStored = false,
): Promise<number> {
  const entries = await readEntries(db, feedId);
  if (entries.size === 0) return 0;
  const hits = [...new Set(incoming.map((p) => p.dedupeKey).filter((key) => entries.has(key)))];
  const cutoff = now - TOMBSTONE_DAYS * 86400;
  const expired = [...entries.values()].some((seen) => seen < cutoff);
  if (hits.length === 0 && !expired) return 0;
  const stored = new Set(
    hits.length === 0 || noneStored
      ? []
      : (
          await db
            .table('items')
            .where('[feedId+dedupeKey]')
            .anyOf(hits.map((key) => [feedId, key]))
            .keys()
        ).map((key) => String((key as unknown as [number, string])[1])),
  );
  for (const key of hits) {
    if (stored.has(key)) entries.delete(key);
    else entries.set(key, now);
  }
  const buried = new Set(hits.filter((key) => !stored.has(key)));
  if (buried.size) {
    let kept = 0;
    for (const p of incoming) if (!buried.has(p.dedupeKey)) incoming[kept++] = p;
    incoming.length = kept;
  }
  await writeEntries(db, feedId, entries, now);
  return buried.size;
}

/**
 * Forgets the tombstones of these feeds (unsubscribe). Call inside the transaction that deletes
 * the feeds (stores must include 'meta'). One bulk delete.
 */
export async function dropFeedTombstones(db: Database, feedIds: readonly number[]): Promise<void> {
  if (feedIds.length) await db.table('meta').bulkDelete(feedIds.map(tombstoneKey));
}

/** The dedupe keys currently buried for a feed (tests, diagnostics). Reads one `meta` record. */
export async function tombstonesOf(db: Database, feedId: number): Promise<string[]> {
  return db.run('fetch', async () => [...(await readEntries(db, feedId)).keys()]);
}
