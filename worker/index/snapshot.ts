/**
 * Persisting the index: one structured-clonable object of column arrays in `meta`, so a cold
 * start with 100k items is one `get` instead of 100k records. The snapshot records the items
 * change counter it reflects; a snapshot whose counter or row count disagrees with the database
 * is stale and the index is rebuilt from the items store.
 */
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import type { StoredItem } from '../db/schema';
import type { IndexColumns, IndexRow, MetaIndex } from './metaIndex';

/** Snapshot layout version; bump when IndexColumns changes shape. */
export const SNAPSHOT_FORMAT = 1;

/** What is stored under `meta.indexSnapshot`. */
export interface IndexSnapshot extends IndexColumns {
  format: number;
  /** The items change counter this snapshot reflects. */
  counter: number;
}

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
  };
}

const isStrings = (v: unknown, n: number): boolean =>
  Array.isArray(v) && v.length === n && v.every((s) => typeof s === 'string');

/** True when `value` is a well-formed snapshot of the current format (all columns same length). */
export function isSnapshot(value: unknown): value is IndexSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<IndexSnapshot>;
  if (s.format !== SNAPSHOT_FORMAT || typeof s.counter !== 'number') return false;
  if (!(s.ids instanceof Float64Array)) return false;
  const n = s.ids.length;
  return (
    s.feedIds instanceof Int32Array &&
    s.feedIds.length === n &&
    s.pubDates instanceof Float64Array &&
    s.pubDates.length === n &&
    s.flags instanceof Uint8Array &&
    s.flags.length === n &&
    [s.titles, s.authors, s.links, s.enclosures, s.guids].every((col) => isStrings(col, n))
  );
}

/** How the index was loaded. */
export interface LoadResult {
  source: 'snapshot' | 'rebuild';
  counter: number;
  /** Set when a snapshot existed but could not be used (corrupt, stale or old format). */
  staleReason: string | null;
}

// Rows read per step of a rebuild: bounds memory (records carry descriptions).
const REBUILD_CHUNK = 2000;

/**
 * Fills `index` from the snapshot when it is valid and current, else rebuilds it from the items
 * store (one read transaction, chunked by id) and writes a fresh snapshot.
 * Cost: one get + one count on the fast path; a full items read on rebuild.
 * Fails with the storage error texts (`Error fetching data`, …).
 */
export async function loadIndex(db: Database, index: MetaIndex): Promise<LoadResult> {
  const { counter, snapshot, count } = await db.tx('fetch', 'r', ['meta', 'items'], async () => {
    const meta = db.table('meta');
    return {
      counter: toCounter((await meta.get(META_KEYS.itemsCounter))?.value),
      snapshot: (await meta.get(META_KEYS.indexSnapshot))?.value,
      count: await db.table('items').count(),
    };
  });
  let staleReason: string | null = null;
  if (snapshot !== undefined) {
    if (!isSnapshot(snapshot)) staleReason = 'index snapshot unreadable';
    else if (snapshot.counter !== counter || snapshot.ids.length !== count)
      staleReason = 'index snapshot out of date';
    else {
      index.load(snapshot);
      return { source: 'snapshot', counter, staleReason: null };
    }
  }
  const rebuilt = await rebuild(db, index);
  await writeSnapshot(db, index, rebuilt);
  return { source: 'rebuild', counter: rebuilt, staleReason };
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

/**
 * Writes the snapshot if the stored counter still equals `counter` (the index reflects the
 * database); otherwise skips, because the snapshot would claim changes it lacks. Returns
 * whether it wrote. Cost: copying the columns + one structured-clone put.
 */
export async function writeSnapshot(db: Database, index: MetaIndex, counter: number): Promise<boolean> {
  const snapshot: IndexSnapshot = { format: SNAPSHOT_FORMAT, counter, ...index.columns() };
  return db.tx('update', 'rw', ['meta'], async () => {
    const meta = db.table('meta');
    if (toCounter((await meta.get(META_KEYS.itemsCounter))?.value) !== counter) return false;
    await meta.put({ key: META_KEYS.indexSnapshot, value: snapshot });
    return true;
  });
}

function toCounter(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

function columnsOf(rows: IndexRow[]): IndexColumns {
  return {
    ids: Float64Array.from(rows, (r) => r.id),
    feedIds: Int32Array.from(rows, (r) => r.feedId),
    pubDates: Float64Array.from(rows, (r) => r.pubDate),
    flags: Uint8Array.from(rows, (r) => r.flags),
    titles: rows.map((r) => r.title),
    authors: rows.map((r) => r.author),
    links: rows.map((r) => r.link),
    enclosures: rows.map((r) => r.enclosure),
    guids: rows.map((r) => r.guid),
  };
}
