/**
 * Bringing the index to the items store when its stored copy cannot be used as it is: the rows
 * of stored items (`toIndexRow`), a catch-up past the ingests and deletions the flag log names
 * (`catchUp`), the
 * deferred row-count check (`verifyCount`) and a rebuild from every item (`rebuild`).
 * snapshot.ts decides which one a start needs.
 */
import { hash32 } from '../../shared/hash';
import { backgroundTask } from '../backgroundTask';
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import { highestKey } from '../db/store';
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
 * Ids per step of `verifyCount`. Chromium's IndexedDB answers an origin's requests one after
 * another, and a count walks every record of its range: one count of the whole store at 1M
 * articles held every other read of every tab (a list page, an opened article, the next start's
 * init) for ~2.5–3 s, five seconds into each start (probe over a kept 1M profile on the
 * benchmark VM). A step of 10,000 ids holds them for a few ms to ~30.
 */
export const COUNT_STEP = 10_000;

/**
 * The row-count check `loadIndex({ countLater })` skipped: false when the items store holds
 * another number of items than the index although the change counter still equals `counter`
 * (a write that did not bump the counter; the snapshot must not be trusted). True when they
 * agree or the counter moved on (the check then proves nothing). Counts by id ranges of `step`,
 * each in a transaction of its own that checks the counter, with `between` awaited between
 * them (a background task: reads from the page go first); the last range is open-ended, so
 * an item above every id the store held at the first step still counts. Cost: one walk of the
 * store's records, in steps.
 */
export async function verifyCount(
  db: Database,
  index: MetaIndex,
  counter: number,
  { step = COUNT_STEP, between = backgroundTask }: { step?: number; between?: () => Promise<unknown> } = {},
): Promise<boolean> {
  let top = -1;
  let total = 0;
  for (let from = 0; ; from += step) {
    const counted = await db.tx('fetch', 'r', ['meta', 'items'], async () => {
      const items = db.table('items');
      const stored = toCounter((await db.table('meta').get(META_KEYS.itemsCounter))?.value);
      if (stored !== counter) return null;
      if (top < 0) top = await highestKey(items);
      const last = from + step > top;
      const ids = items.where(':id');
      const n = await (last ? ids.aboveOrEqual(from) : ids.between(from, from + step, true, false)).count();
      return { n, last };
    });
    if (counted === null) return true;
    total += counted.n;
    if (counted.last) return total === index.liveCount();
    await between();
  }
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
