/**
 * Persisting the text store and the search index in `meta`, beside the index snapshot:
 * - `textIndex:valid` {counter, lineage, chunkCount, backing}: the items change counter the data
 *   reflects, and where the chunks are ('memory': in IndexedDB; 'file': in OPFS files);
 * - `textIndex:head`: the store's slot columns (item, chunk, start, length) of the slots it had
 *   when last renumbered or when its slots outgrew the tail's share, written only then; and
 *   `textIndex:headTail`: the columns of the slots after those, each slot's live byte, the bytes
 *   used per chunk, and with file chunks their layout (which file and position holds each chunk,
 *   fileChunks.ts), written each time (a refresh at 1M wrote ~21 MB of tables before, now its
 *   own slots' and ~1 MB);
 * - `textIndex:search`: the search index's merged segment, written only when it changed (a merge),
 *   with the per-document arrays of the documents it covers, and `textIndex:searchTail`: what came
 *   after it plus every document's live byte, written each time
 *   (searchIndex.ts `toMain`, `toTail`);
 * - `textIndex:grams:<b>`: the trigram sets of chunks b × 32 … b × 32 + 31 (chunkGrams.ts), written
 *   when one of them changed (appends go to the last chunk: usually one record a write), always
 *   taken after the tables, so a set never lacks a byte the tables count;
 * - `textIndex:chunk:<n>`: with memory chunks only, the text chunks (1 MiB each), rewritten only
 *   when changed. With file chunks IndexedDB holds no text: the open chunk is written to its file
 *   and flushed right before the tables that point at it.
 * All written in one transaction, only when the stored counter still equals the one the data
 * reflects. A `lineage` (random per full write) ties chunks to their head: a tab whose lineage
 * differs from the stored one (another tab wrote meanwhile, or a clear) writes everything.
 * A file that is missing, foreign or shorter than the tables say fails the load, and the caller
 * rebuilds from the items (the truth): never wrong answers from a stale file.
 */
import { backgroundTask } from '../backgroundTask';
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import { onlyFlagsSince } from '../index/flagLog';
import type { ChunkDir } from './chunkDir';
import { GRAM_BLOCK } from './chunkGrams';
import { FileChunks, isChunkLayout } from './fileChunks';
import { isSearchMain, isSearchTail, type SearchIndex, type SearchMain } from './searchIndex';
import { CHUNK_BYTES, SEP, type TextStore } from './textStore';
import { isTables, joinHead } from './textHead';

/**
 * Layout version; bump when the records change shape (2: postings as lists or bitmaps, 1 MiB
 * text chunks; 3: the search index as a merged segment and a tail, read after the tables; 4: the
 * per-document arrays with the segment).
 */
export const TEXT_INDEX_FORMAT = 4;

const KEY_VALID = META_KEYS.textIndexValid;
const KEY_HEAD = 'textIndex:head';
const KEY_HEAD_TAIL = 'textIndex:headTail';
/** The head's tail may hold up to this share of the head's slots; past it the head is written again. */
const HEAD_TAIL_SHARE = 1 / 16;
const KEY_SEARCH = 'textIndex:search';
const KEY_TAIL = 'textIndex:searchTail';
const chunkKey = (n: number) => `textIndex:chunk:${n}`;
const gramKey = (b: number) => `textIndex:grams:${b}`;
const gramBlocks = (chunks: number) => Math.ceil(chunks / GRAM_BLOCK);

/** What this tab last wrote or loaded (so unchanged parts are not written again). */
export interface PersistState {
  lineage: string;
  writtenStoreVersion: number;
  writtenSearchVersion: number;
  /** The search index's `mainVersion` at that time (its segment is written only when it moved). */
  writtenMainVersion: number;
  /** The stored head (slot columns) of this lineage: its stamp, the store's numbering and slots then. */
  head: { stamp: string; numbering: number; slots: number } | null;
  /**
   * The loaded store's items whose text is their whole article, as the record says; null when
   * nothing was loaded or the record predates the list (then every whole article is read again).
   */
  loadedWhole: Float64Array | null;
}

/** The state of an index that has written nothing yet (the first write is a whole one). */
export function unwrittenState(): PersistState {
  return {
    lineage: '',
    writtenStoreVersion: -1,
    writtenSearchVersion: -1,
    writtenMainVersion: -1,
    head: null,
    loadedWhole: null,
  };
}

interface ValidRecord {
  format: number;
  counter: number;
  lineage: string;
  chunkCount: number;
  /** Where the chunks are (absent in records written before file chunks: memory). */
  backing?: 'memory' | 'file';
  /**
   * Random per write of the search segment, which carries it too, as does its tail: the search
   * index is read in a transaction of its own after the tables (so a text filter need not wait
   * for it), and the stamps tell whether the two records are still the ones these tables go with.
   */
  searchStamp: string;
  /** Random per write of the tail, which carries it too. */
  tailStamp: string;
  /**
   * The items whose stored text is their whole article (absent in older records). Whole
   * articles are stored and cleared without a change of the items counter, so a start compares
   * this list with the whole articles stored now and reads again only the difference.
   */
  wholeIds?: Float64Array;
}

/** Chunk files of one database (the worker's OPFS folder; absent: chunks stay in memory). */
export interface TextFiles {
  dir: ChunkDir;
  /** File name prefix of this database (`<database>.`). */
  prefix: string;
}

function isValidRecord(v: unknown): v is ValidRecord {
  const r = v as Partial<ValidRecord> | undefined;
  return (
    typeof r === 'object' &&
    r !== null &&
    r.format === TEXT_INDEX_FORMAT &&
    typeof r.counter === 'number' &&
    typeof r.lineage === 'string' &&
    typeof r.chunkCount === 'number' &&
    typeof r.searchStamp === 'string' &&
    typeof r.tailStamp === 'string' &&
    (r.wholeIds === undefined || r.wholeIds instanceof Float64Array)
  );
}

/**
 * Loads the persisted store and index when they are well-formed and reflect the current items
 * counter; returns false (touching nothing) otherwise. The store's tables come first (then
 * `onTables` runs: text filters may answer), the search index after (segment and tail), in a
 * read of its own; when those no longer go with the tables (another tab wrote meanwhile) or are
 * malformed, it resolves 'tables': the store is loaded (and right for the counter), the search
 * index is not. With `files`, chunks are read from their
 * files only when asked for (the load reads the small tables and the search index); chunks kept
 * in IndexedDB by an older write are moved into a file, and `state.lineage` is left empty so the
 * next write stores the new layout. Without `files`, a file-backed record cannot be read: false.
 * Cost: one read transaction (tables + index, plus the chunks when in IndexedDB). Fails with the
 * storage error texts.
 */
export async function loadTextIndex(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  state: PersistState,
  files: TextFiles | null = null,
  onTables?: () => void,
): Promise<boolean | 'tables'> {
  const found = await db.tx('fetch', 'r', ['meta'], async () => {
    const meta = db.table('meta');
    const counter = (await meta.get(META_KEYS.itemsCounter))?.value;
    const valid = (await meta.get(KEY_VALID))?.value;
    // Written before flag or tag changes only (index/flagLog.ts): the texts are still those.
    if (!isValidRecord(valid) || !(await onlyFlagsSince(meta, valid.counter, counter))) return null;
    const inFile = valid.backing === 'file';
    if (inFile && !files) return null;
    // The search index is read after the tables, in a transaction of its own.
    const blocks = gramBlocks(valid.chunkCount);
    const [head, headTail, ...rest] = await meta.bulkGet([
      KEY_HEAD,
      KEY_HEAD_TAIL,
      ...Array.from({ length: blocks }, (_, b) => gramKey(b)),
      ...(inFile ? [] : Array.from({ length: valid.chunkCount }, (_, i) => chunkKey(i))),
    ]);
    const values = rest.map((r) => r?.value);
    return {
      valid,
      head: head?.value,
      headTail: headTail?.value,
      grams: { lineage: valid.lineage, records: values.slice(0, blocks) },
      chunks: values.slice(blocks),
    };
  });
  if (!found) return false;
  const { valid, chunks, grams } = found;
  const h = joinHead(found.head, found.headTail, valid.lineage);
  if (!h || !isTables(h.tables)) return false;
  const tables = { ...h.tables, grams };
  if (h.tables.used.length !== valid.chunkCount) return false;
  const slots = h.tables.ids.length;
  if (valid.backing === 'file') {
    if (!files || !isChunkLayout(h.layout, valid.chunkCount)) return false;
    const space = await FileChunks.restore(files.dir, files.prefix, h.layout, h.tables.used, SEP);
    if (!space) return false;
    // joinHead made the slot columns for this load: the store takes them as they are.
    store.loadWith(space, tables, { adopt: true });
    state.lineage = valid.lineage;
    state.head = { stamp: h.stamp, numbering: store.numbering, slots: h.headSlots };
  } else {
    const bytes: Uint8Array[] = [];
    for (const [i, c] of chunks.entries()) {
      const rec = c as { lineage?: unknown; bytes?: unknown } | undefined;
      if (rec?.lineage !== valid.lineage || !(rec.bytes instanceof Uint8Array)) return false;
      // A chunk must hold its used bytes and fit the current chunk size (no stale layout).
      if (rec.bytes.length < (h.tables.used[i] as number) || rec.bytes.length > CHUNK_BYTES) return false;
      bytes.push(rec.bytes);
    }
    if (files) {
      const space = await FileChunks.create(files.dir, files.prefix);
      try {
        space.loadChunks(bytes, h.tables.used);
      } catch (err) {
        space.dispose();
        throw err;
      }
      store.loadWith(space, tables);
      // Written again in the file layout at the next write (the caller writes at once).
      state.lineage = '';
      state.head = null;
    } else {
      store.load({ ...tables, chunks: bytes });
      state.lineage = valid.lineage;
      state.head = { stamp: h.stamp, numbering: store.numbering, slots: h.headSlots };
    }
  }
  state.writtenStoreVersion = store.version;
  state.loadedWhole = valid.wholeIds ?? null;
  // The store answers text filters from here on; the search index follows, once the calls that
  // waited for the tables have run. Read at once, its segment (at 1M articles ~0.5 s of the
  // worker's thread to deserialise) was answered before the rows of a filter that had waited
  // for the tables, and the filter's answer waited for it.
  onTables?.();
  await backgroundTask();
  const [mainRec, tailRec] = await db.tx('fetch', 'r', ['meta'], () =>
    db.table('meta').bulkGet([KEY_SEARCH, KEY_TAIL]),
  );
  const m = mainRec?.value as { lineage?: unknown; stamp?: unknown; data?: unknown } | undefined;
  const t = tailRec?.value as { lineage?: unknown; stamp?: unknown; data?: unknown } | undefined;
  // Both must be the ones the tables go with (another tab may have written meanwhile).
  if (m?.lineage !== valid.lineage || m.stamp !== valid.searchStamp || !isSearchMain(m.data)) return 'tables';
  if (t?.lineage !== valid.lineage || t.stamp !== valid.tailStamp) return 'tables';
  const mainTerms = m.data.terms === '' ? 0 : m.data.offsets.length - 1;
  if (!isSearchTail(t.data, slots, mainTerms, m.data.docLen.length)) return 'tables';
  search.load(m.data, t.data);
  state.writtenSearchVersion = search.version;
  state.writtenMainVersion = search.mainVersion;
  return true;
}

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
  // Taken together, now: the segment and the tail must be of one moment (a merge may run while
  // the transaction waits). The segment is read when it is written (nothing of it is written
  // in place, see `toMain`), the tail is copied; neither when nothing changed since the last write.
  // The versions written are those of the moment each part is taken: a sync that changes the
  // store or the index while the transaction waits is not marked written (the next write has it).
  let main = search.toMain();
  let searchVersions = { search: search.version, main: search.mainVersion };
  const mainChanged = searchVersions.main !== state.writtenMainVersion;
  let tail = searchVersions.search !== state.writtenSearchVersion || mainChanged ? search.toTail() : null;
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
    const keepHead =
      was !== null &&
      was.numbering === store.numbering &&
      slots >= was.slots &&
      slots - was.slots <= was.slots * HEAD_TAIL_SHARE;
    const head = keepHead ? was : { stamp: randomStamp(), numbering: store.numbering, slots };
    const writeHead = (): Promise<unknown> =>
      keepHead
        ? Promise.resolve()
        : meta.put({ key: KEY_HEAD, value: { lineage, stamp: head.stamp, cols: store.slotColumns(0) } });
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
      ? new Set(grams.map((c) => Math.floor(c / GRAM_BLOCK)))
      : Array.from({ length: gramBlocks(space.count()) }, (_, b) => b);
    const gramPuts = [...blocks].map((b) => ({ key: gramKey(b), value: store.grams.pack(b, lineage) }));
    if (gramPuts.length > 0) await meta.bulkPut(gramPuts);
    let searchStamp = isValidRecord(valid) ? valid.searchStamp : '';
    if (!ours || mainChanged) {
      searchStamp = randomStamp();
      const data: SearchMain = main.take();
      await meta.put({ key: KEY_SEARCH, value: { lineage, stamp: searchStamp, data } });
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

/**
 * Removes chunk files of this database that neither `space` has open nor the stored head names
 * (files another tab still has open are refused by the browser and stay). Resolves how many
 * went. Call after a write or a clear.
 */
export async function collectTextFiles(db: Database, space: FileChunks): Promise<number> {
  const head = (await db.tx('fetch', 'r', ['meta'], () => db.table('meta').get(KEY_HEAD_TAIL)))?.value as
    { layout?: { files?: unknown } } | undefined;
  const named = Array.isArray(head?.layout?.files) ? (head.layout.files as unknown[]) : [];
  return space.collect(named.filter((f): f is string => typeof f === 'string'));
}

const randomStamp = (): string => Math.random().toString(36).slice(2);
