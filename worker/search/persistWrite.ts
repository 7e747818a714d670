/**
 * Writing the text store and the search index: the records persist.ts describes and loads.
 */
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import { gramBlockOf } from './chunkGrams';
import type { ChunkDir } from './chunkDir';
import { FileChunks } from './fileChunks';
import type { PersistState } from './persist';
import {
  HEAD_TAIL_SHARE,
  KEY_HEAD,
  KEY_HEAD_TAIL,
  KEY_SEARCH,
  KEY_TAIL,
  KEY_VALID,
  TEXT_INDEX_FORMAT,
  chunkKey,
  gramBlocks,
  gramKey,
  isValidRecord,
  randomStamp,
  readGramBlocks,
  type ValidRecord,
} from './persistRecords';
import type { SearchIndex, SearchMain } from './searchIndex';
import { writeSearchFile, type SearchFile, type SearchInFile } from './searchFile';
import type { TextStore } from './textStore';
import { writeHeadFile, type HeadFile, type HeadInFile } from './textHead';

/**
 * Writes what changed since the last write (everything when the stored lineage is not ours),
 * if the stored items counter still equals `counter`, with `whole` (the items whose text is
 * their whole article, taken with the tables). Resolves whether it wrote. With file
 * chunks, the open chunk is written and flushed to its file in the same task that takes the
 * tables, and chunk records an older write left in IndexedDB are deleted.
 * Cost: copies of the changed chunks (memory) or of the open chunk's new bytes (file), the slot
 * tables, the search index's tail (~1 byte a document) and, only after a merge, its segment.
 */
export async function writeTextIndex(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  counter: number,
  state: PersistState,
  whole: ReadonlySet<number> = new Set(),
): Promise<boolean> {
  // A new head this write will need (as far as this tab knows) is written to a file first, with
  // the chunks: no file can be written inside the transaction. Used if the numbering still holds.
  const pre = needsNewHead(store, state) ? await newHeadFile(store) : null;
  // Taken together, now: the segment and the tail must be of one moment (a merge may run while
  // the transaction waits). The segment is read when it is written (nothing of it is written
  // in place, see `toMain`), the tail is copied; neither when nothing changed since the last write.
  // The versions written are those of the moment each part is taken: a sync that changes the
  // store or the index while the transaction waits is not marked written (the next write has it).
  const main = search.toMain();
  const searchVersions = { search: search.version, main: search.mainVersion };
  const mainChanged = searchVersions.main !== state.writtenMainVersion;
  const tail = searchVersions.search !== state.writtenSearchVersion || mainChanged ? search.toTail() : null;
  // A segment this write stores (changed, or all of it: no lineage yet) goes to a file first too,
  // used if the segment written is still this one.
  const space = store.chunks;
  const searchPre =
    (mainChanged || state.lineage === '') && space instanceof FileChunks
      ? await writeSearchFile(space.folder(), randomStamp(), main.take(), searchVersions.main)
      : null;
  let stored: string | null = null;
  let storedSearch: string | null = null;
  let wrote = false;
  try {
    wrote = await writeTables(db, store, search, counter, state, whole, {
      main,
      tail,
      searchVersions,
      mainChanged,
      pre,
      searchPre,
      storedHeadFile: (name) => (stored = name),
      storedSearchFile: (name) => (storedSearch = name),
    });
    return wrote;
  } finally {
    // The tab holds the lock of the files its stored records name, and lets go of the ones before.
    if (pre && wrote && stored === pre.name) {
      state.heldHead?.dir.unlock(state.heldHead.name);
      state.heldHead = { dir: pre.dir, name: pre.name };
    } else if (pre) await dropFile(pre);
    if (searchPre && wrote && storedSearch === searchPre.name) {
      state.heldSearch?.dir.unlock(state.heldSearch.name);
      state.heldSearch = { dir: searchPre.dir, name: searchPre.name };
    } else if (searchPre) await dropFile(searchPre);
  }
}

// A file written for a write whose record did not name it: unlocked and removed.
async function dropFile(file: { dir: ChunkDir; name: string }): Promise<void> {
  file.dir.unlock(file.name);
  await file.dir.remove(file.name).catch(() => false);
}

// Whether a write keeps the stored head `was`: the numbering holds and the slots past it stay
// within the tail's share (otherwise the head is written again, with every slot).
function keepsHead(was: PersistState['head'], store: TextStore): was is NonNullable<PersistState['head']> {
  const slots = store.slotCount();
  return (
    was !== null &&
    was.numbering === store.numbering &&
    slots >= was.slots &&
    slots - was.slots <= was.slots * HEAD_TAIL_SHARE
  );
}

// Whether the next write makes a new head, as far as `state` knows (the stored lineage may not
// be ours: the transaction decides).
const needsNewHead = (store: TextStore, state: PersistState): boolean =>
  state.lineage === '' || !keepsHead(state.head, store);

// The store's slot columns as a head file, when its chunks are files.
async function newHeadFile(store: TextStore): Promise<HeadFile | null> {
  const space = store.chunks;
  if (!(space instanceof FileChunks)) return null;
  return writeHeadFile(space.folder(), randomStamp(), store.numbering, store.slotColumns(0));
}

/** What `writeTextIndex` took before its transaction. */
interface Taken {
  main: ReturnType<SearchIndex['toMain']>;
  tail: ReturnType<SearchIndex['toTail']> | null;
  searchVersions: { search: number; main: number };
  mainChanged: boolean;
  /** A head file written for this write, if any. */
  pre: HeadFile | null;
  /** A segment file written for this write, if any. */
  searchPre: SearchFile | null;
  /** Told the head file's name when the head record naming it is put. */
  storedHeadFile: (name: string) => void;
  /** Told the segment file's name when the segment record naming it is put. */
  storedSearchFile: (name: string) => void;
}

// The transaction of `writeTextIndex` and the state it leaves (see there).
async function writeTables(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  counter: number,
  state: PersistState,
  whole: ReadonlySet<number>,
  taken: Taken,
): Promise<boolean> {
  let { main, tail, searchVersions } = taken;
  const { mainChanged, pre, searchPre, storedHeadFile, storedSearchFile } = taken;
  const wrote = await db.tx('update', 'rw', ['meta'], async () => {
    const meta = db.table('meta');
    if ((await meta.get(META_KEYS.itemsCounter))?.value !== counter) return null;
    const valid = (await meta.get(KEY_VALID))?.value;
    const ours = isValidRecord(valid) && state.lineage !== '' && valid.lineage === state.lineage;
    if (!ours && !tail) {
      // Everything is written: take both parts again, together, now.
      main = search.toMain();
      tail = search.toTail();
      searchVersions = { search: search.version, main: search.mainVersion };
    }
    const lineage = ours
      ? state.lineage
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    // Synchronous from here to the puts of the store's chunks and tables: what they hold, the
    // dirty chunks and the version are of one moment.
    const storeVersion = store.version;
    const storeChanged = !ours || storeVersion !== state.writtenStoreVersion;
    const { dirty, count } = storeChanged ? store.takeDirty() : { dirty: [], count: 0 };
    const space = store.chunks;
    const before = isValidRecord(valid) && valid.backing !== 'file' ? valid.chunkCount : 0;
    let chunkCount = isValidRecord(valid) ? valid.chunkCount : 0;
    let newHead = state.head;
    // The head (slot columns up to `from`) is kept while the numbering holds and the slots past
    // it stay within the tail's share; the tail is written whenever the store changed.
    const was = ours ? state.head : null;
    const slots = store.slotCount();
    const wholeIds = Float64Array.from(whole);
    const keepHead = keepsHead(was, store);
    // The head file written before, while its slots are still the store's first ones.
    const filed = !keepHead && pre && pre.numbering === store.numbering && slots >= pre.slots ? pre : null;
    const head = keepHead
      ? was
      : filed
        ? { stamp: filed.stamp, numbering: filed.numbering, slots: filed.slots }
        : { stamp: randomStamp(), numbering: store.numbering, slots };
    const writeHead = (): Promise<unknown> => {
      if (keepHead) return Promise.resolve();
      if (filed) storedHeadFile(filed.name);
      const value = filed
        ? ({ lineage, stamp: head.stamp, file: filed.name, slots: filed.slots } satisfies HeadInFile)
        : { lineage, stamp: head.stamp, cols: store.slotColumns(0) };
      return meta.put({ key: KEY_HEAD, value });
    };
    const tailOf = (layout?: unknown) => ({
      lineage,
      stamp: head.stamp,
      cols: store.slotColumns(head.slots),
      ...store.slotState(),
      ...(layout === undefined ? {} : { layout }),
    });
    if (storeChanged && space instanceof FileChunks) {
      // The tables, the layout and the file agree.
      space.flush();
      const puts = [writeHead(), meta.put({ key: KEY_HEAD_TAIL, value: tailOf(space.layout()) })];
      chunkCount = space.count();
      if (before > 0) await meta.bulkDelete(Array.from({ length: before }, (_, i) => chunkKey(i)));
      await Promise.all(puts);
      newHead = head;
    } else if (storeChanged) {
      const which = ours ? dirty.filter((c) => c < count) : Array.from({ length: count }, (_, i) => i);
      // Chunks and tables put together: an await between let a compaction renumber the slots
      // after the chunks were taken and before the tables were.
      await Promise.all([
        meta.bulkPut(
          which.map((c) => ({ key: chunkKey(c), value: { lineage, bytes: store.chunkBytes(c) } })),
        ),
        writeHead(),
        meta.put({ key: KEY_HEAD_TAIL, value: tailOf() }),
      ]);
      chunkCount = count;
      newHead = head;
      if (before > count)
        await meta.bulkDelete(Array.from({ length: before - count }, (_, i) => chunkKey(count + i)));
    }
    // After the tables were taken: a set may hold more than they count, never less.
    const grams = store.grams.takeDirty();
    const blocks = ours
      ? new Set(grams.map(gramBlockOf))
      : Array.from({ length: gramBlocks(space.count()) }, (_, b) => b);
    // A block whose stored record this store has not read yet (chunkGrams.ts `defer`) is read
    // first, still of the lineage and generation it was loaded with (this write replaces it): packed
    // unread, its other chunks' sets would be stored as unknown.
    await readGramBlocks(meta, store.grams, blocks);
    const gramGen = store.grams.gen;
    const gramPuts = [...blocks].map((b) => ({ key: gramKey(b), value: store.grams.pack(b, lineage) }));
    if (gramPuts.length > 0) await meta.bulkPut(gramPuts);
    let searchStamp = isValidRecord(valid) ? valid.searchStamp : '';
    if (!ours || mainChanged) {
      // The segment file holds this segment when no merge came between (the segment of one
      // `mainVersion` is never changed in place: searchIndex.ts `toMain`).
      if (searchPre && searchPre.mainVersion === searchVersions.main) {
        searchStamp = searchPre.stamp;
        storedSearchFile(searchPre.name);
        const value: SearchInFile = {
          lineage,
          stamp: searchStamp,
          file: searchPre.name,
          sizes: searchPre.sizes,
        };
        await meta.put({ key: KEY_SEARCH, value });
      } else {
        searchStamp = randomStamp();
        const data: SearchMain = main.take();
        await meta.put({ key: KEY_SEARCH, value: { lineage, stamp: searchStamp, data } });
      }
    }
    let tailStamp = isValidRecord(valid) ? valid.tailStamp : '';
    if (tail) {
      tailStamp = randomStamp();
      await meta.put({ key: KEY_TAIL, value: { lineage, stamp: tailStamp, data: tail } });
    }
    await meta.put({
      key: KEY_VALID,
      value: {
        format: TEXT_INDEX_FORMAT,
        counter,
        lineage,
        chunkCount,
        backing: space instanceof FileChunks ? 'file' : 'memory',
        searchStamp,
        tailStamp,
        wholeIds,
        gramGen,
      } satisfies ValidRecord,
    });
    return { lineage, head: newHead, storeVersion };
  });
  // Not written (another counter): nothing was taken, so the dirty chunks are still marked.
  if (!wrote) return false;
  state.lineage = wrote.lineage;
  state.head = wrote.head;
  state.writtenStoreVersion = wrote.storeVersion;
  state.writtenSearchVersion = searchVersions.search;
  state.writtenMainVersion = searchVersions.main;
  return true;
}
