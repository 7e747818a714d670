/**
 * Bringing the index to the items store when its stored copy cannot be used as it is: the rows
 * of stored items (`toIndexRow`), a catch-up past the ingests and deletions the flag log names
 * (`catchUp`), the
 * deferred row-count check (`verifyCount`) and a rebuild from every item (`rebuild`).
 * snapshot.ts decides which one a start needs.
 */
import { hash32 } from '../../shared/hash';
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import type { StoredItem } from '../db/schema';
import type { IndexColumns, IndexRow, MetaIndex } from './metaIndex';
import { DATES, FEEDS, IDS, narrowed } from './narrowColumns';
import { toCounter } from './snapshotFormat';

/** The index row of a stored item. */
export function toIndexRow(item: StoredItem): IndexRow {
  return {
    id: item.id,
    feedId: item.feedId,
    pubDate: item.pubDate,
    flags: item.flags,
    title: item.title ?? '',
    author: item.author ?? '',
    link: item.link ?? '',
    enclosure: item.enclosure?.url ?? '',
    guid: item.guid ?? '',
    keyHash: hash32(item.dedupeKey ?? ''),
    ...(item.tags?.length ? { tags: item.tags } : {}),
  };
}

// Rows read per step of a rebuild: bounds memory (records carry descriptions).
const REBUILD_CHUNK = 2000;

/**
 * Brings a loaded snapshot up to `counter` past the ingests and deletions the flag log names
 * (flagLog.ts): the rows of the articles written since, read as the store holds them now (their
 * flags too, so flag changes after them are in), and the rows of the articles removed since
 * dropped. Null when in, else why not (the index is rebuilt): the store moved on meanwhile, or a
 * written article is gone, or the rows do not add up to `count`.
 * Cost: one read of the written articles (a refresh's worth, not the store).
 */
export async function catchUp(
  db: Database,
  index: MetaIndex,
  counter: number,
  { written, removed }: { written: readonly number[]; removed: readonly number[] },
  count: number | null,
): Promise<string | null> {
  const rows = await db.tx('fetch', 'r', ['meta', 'items'], async () => {
    const stored = await db.table('meta').get(META_KEYS.itemsCounter);
    if (toCounter(stored?.value) !== counter) return null;
    // In steps, as a rebuild reads (records carry descriptions): a first import the tab closed
    // during names a great many.
    const out: IndexRow[] = [];
    for (let i = 0; i < written.length; i += REBUILD_CHUNK) {
      for (const item of await db.table('items').bulkGet(written.slice(i, i + REBUILD_CHUNK))) {
        if (item === undefined) return null;
        out.push(toIndexRow(item));
      }
    }
    return out;
  });
  if (rows === null) return 'index snapshot out of date';
  if (removed.length > 0) index.remove(removed);
  if (rows.length > 0) index.upsert(rows);
  return count !== null && index.liveCount() !== count ? 'index snapshot out of date' : null;
}

/**
 * The row-count check `loadIndex({ countLater })` skipped: false when the items store holds
 * another number of items than the index although the change counter still equals `counter`
 * (a write that did not bump the counter; the snapshot must not be trusted). True when they
 * agree or the counter moved on (the check then proves nothing). Cost: one store count.
 */
export async function verifyCount(db: Database, index: MetaIndex, counter: number): Promise<boolean> {
  return db.tx('fetch', 'r', ['meta', 'items'], async () => {
    const stored = toCounter((await db.table('meta').get(META_KEYS.itemsCounter))?.value);
    if (stored !== counter) return true;
    return (await db.table('items').count()) === index.liveCount();
  });
}

/** Reads every item (chunked, one transaction) into the index; returns the counter it matches. */
export async function rebuild(db: Database, index: MetaIndex): Promise<number> {
  const { rows, counter } = await db.tx('fetchAll', 'r', ['meta', 'items'], async () => {
    const items = db.table('items');
    const all: IndexRow[] = [];
    let after = -Infinity;
    for (;;) {
      const chunk = await items.where(':id').above(after).limit(REBUILD_CHUNK).toArray();
      for (const item of chunk) all.push(toIndexRow(item));
      const last = chunk[chunk.length - 1];
      if (!last || chunk.length < REBUILD_CHUNK) break;
      after = last.id;
    }
    return { rows: all, counter: toCounter((await db.table('meta').get(META_KEYS.itemsCounter))?.value) };
  });
  index.load(columnsOf(rows));
  return counter;
}

function columnsOf(rows: IndexRow[]): IndexColumns {
  return {
    // Narrow where every value fits, as the index keeps them (narrowColumns.ts).
    ids: narrowed(
      IDS,
      Float64Array.from(rows, (r) => r.id),
    ),
    feedIds: narrowed(
      FEEDS,
      Int32Array.from(rows, (r) => r.feedId),
    ),
    pubDates: narrowed(
      DATES,
      Float64Array.from(rows, (r) => r.pubDate),
    ),
    flags: Uint8Array.from(rows, (r) => r.flags),
    keyHashes: Uint32Array.from(rows, (r) => r.keyHash),
    titles: rows.map((r) => r.title),
    authors: rows.map((r) => r.author),
    links: rows.map((r) => r.link),
    enclosures: rows.map((r) => r.enclosure),
    guids: rows.map((r) => r.guid),
    tags: new Map(rows.filter((r) => r.tags?.length).map((r) => [r.id, r.tags!])),
  };
}
