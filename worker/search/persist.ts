/**
 * Persisting the text store and the search index in `meta`, beside the index snapshot:
 * - `textIndex:valid` {counter, lineage, chunkCount, backing}: the items change counter the data
 *   reflects, and where the chunks are ('memory': in IndexedDB; 'file': in OPFS files);
 * - `textIndex:head`: the store's slot tables, and with file chunks their layout (which file and
 *   position holds each chunk, fileChunks.ts); `textIndex:search`: the merged search index;
 * - `textIndex:chunk:<n>`: with memory chunks only, the text chunks (1 MiB each), rewritten only
 *   when changed. With file chunks IndexedDB holds no text: the open chunk is written to its file
 *   and flushed right before the tables that point at it.
 * All written in one transaction, only when the stored counter still equals the one the data
 * reflects. A `lineage` (random per full write) ties chunks to their head: a tab whose lineage
 * differs from the stored one (another tab wrote meanwhile, or a clear) writes everything.
 * A file that is missing, foreign or shorter than the tables say fails the load, and the caller
 * rebuilds from the items (the truth): never wrong answers from a stale file.
 */
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import { FileChunks, isChunkLayout, type ChunkDir } from './fileChunks';
import { isSearchData, type SearchIndex } from './searchIndex';
import { CHUNK_BYTES, SEP, type TextStore, type TextStoreTables } from './textStore';

/** Layout version; bump when the records change shape (2: postings as lists or bitmaps, 1 MiB text chunks). */
export const TEXT_INDEX_FORMAT = 2;

const KEY_VALID = 'textIndex:valid';
const KEY_HEAD = 'textIndex:head';
const KEY_SEARCH = 'textIndex:search';
const chunkKey = (n: number) => `textIndex:chunk:${n}`;

/** What this tab last wrote or loaded (so unchanged parts are not written again). */
export interface PersistState {
  lineage: string;
  writtenStoreVersion: number;
  writtenSearchVersion: number;
}

interface ValidRecord {
  format: number;
  counter: number;
  lineage: string;
  chunkCount: number;
  /** Where the chunks are (absent in records written before file chunks: memory). */
  backing?: 'memory' | 'file';
  /**
   * Random per write of the search record, which carries it too: the search index is read in a
   * transaction of its own after the tables (so a text filter need not wait for it), and the
   * stamp tells whether it is still the one these tables go with.
   */
  searchStamp?: string;
}

/** Chunk files of one database (the worker's OPFS folder; absent: chunks stay in memory). */
export interface TextFiles {
  dir: ChunkDir;
  /** File name prefix of this database (`<database>.`). */
  prefix: string;
}

type Tables = TextStoreTables;

function isValidRecord(v: unknown): v is ValidRecord {
  const r = v as Partial<ValidRecord> | undefined;
  return (
    typeof r === 'object' &&
    r !== null &&
    r.format === TEXT_INDEX_FORMAT &&
    typeof r.counter === 'number' &&
    typeof r.lineage === 'string' &&
    typeof r.chunkCount === 'number'
  );
}

function isTables(v: unknown): v is Tables {
  const t = v as Partial<Tables> | undefined;
  if (typeof t !== 'object' || t === null || !(t.ids instanceof Float64Array)) return false;
  const n = t.ids.length;
  return (
    t.used instanceof Int32Array &&
    t.chunkOf instanceof Int32Array &&
    t.chunkOf.length === n &&
    t.start instanceof Int32Array &&
    t.start.length === n &&
    t.length instanceof Int32Array &&
    t.length.length === n &&
    t.alive instanceof Uint8Array &&
    t.alive.length === n &&
    (t.histogram === undefined || (t.histogram instanceof Float64Array && t.histogram.length === 256))
  );
}

/**
 * Loads the persisted store and index when they are well-formed and reflect the current items
 * counter; returns false (touching nothing) otherwise. The store's tables come first (then
 * `onTables` runs: text filters may answer), the search index after, in a read of its own; when
 * that one no longer goes with the tables (another tab wrote meanwhile) it resolves 'tables':
 * the store is loaded (and right for the counter), the search index is not. With `files`, chunks are read from their
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
    if (!isValidRecord(valid) || valid.counter !== counter) return null;
    const inFile = valid.backing === 'file';
    if (inFile && !files) return null;
    // With a stamp the search index is read after the tables, in a transaction of its own.
    const later = typeof valid.searchStamp === 'string';
    const [head, ...rest] = await meta.bulkGet([
      KEY_HEAD,
      ...(later ? [] : [KEY_SEARCH]),
      ...(inFile ? [] : Array.from({ length: valid.chunkCount }, (_, i) => chunkKey(i))),
    ]);
    const chunks = later ? rest : rest.slice(1);
    return {
      valid,
      head: head?.value,
      search: later ? undefined : (rest[0]?.value ?? null),
      chunks: chunks.map((c) => c?.value),
    };
  });
  if (!found) return false;
  const { valid, head, chunks } = found;
  const h = head as { lineage?: unknown; tables?: unknown; layout?: unknown } | undefined;
  if (h?.lineage !== valid.lineage || !isTables(h.tables)) return false;
  if (h.tables.used.length !== valid.chunkCount) return false;
  const slots = h.tables.ids.length;
  const searchOf = (rec: unknown) => {
    const s = rec as { lineage?: unknown; stamp?: unknown; data?: unknown } | undefined;
    if (s?.lineage !== valid.lineage || (valid.searchStamp !== undefined && s.stamp !== valid.searchStamp))
      return null;
    return isSearchData(s.data, slots) ? s.data : null;
  };
  let data = found.search === undefined ? null : searchOf(found.search);
  if (found.search !== undefined && !data) return false;
  if (valid.backing === 'file') {
    if (!files || !isChunkLayout(h.layout, valid.chunkCount)) return false;
    const space = await FileChunks.restore(files.dir, files.prefix, h.layout, h.tables.used, SEP);
    if (!space) return false;
    store.loadWith(space, h.tables);
    state.lineage = valid.lineage;
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
      store.loadWith(space, h.tables);
      // Written again in the file layout at the next write (the caller writes at once).
      state.lineage = '';
    } else {
      store.load({ ...h.tables, chunks: bytes });
      state.lineage = valid.lineage;
    }
  }
  state.writtenStoreVersion = store.version;
  if (!data) {
    // The store answers text filters from here on; the search index follows.
    onTables?.();
    const rec = await db.tx(
      'fetch',
      'r',
      ['meta'],
      async () => (await db.table('meta').get(KEY_SEARCH))?.value,
    );
    data = searchOf(rec);
    if (!data) return 'tables';
  }
  search.load(data);
  state.writtenSearchVersion = search.version;
  return true;
}

/**
 * Writes what changed since the last write (everything when the stored lineage is not ours),
 * if the stored items counter still equals `counter`. Resolves whether it wrote. With file
 * chunks, the open chunk is written and flushed to its file in the same task that takes the
 * tables, and chunk records an older write left in IndexedDB are deleted.
 * Cost: copies of the changed chunks (memory) or of the open chunk's new bytes (file), the slot
 * tables and the merged index, one put each.
 */
export async function writeTextIndex(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  counter: number,
  state: PersistState,
): Promise<boolean> {
  // Merging changes the index version, so merge before comparing versions.
  const searchData = search.version !== state.writtenSearchVersion || !state.lineage ? search.toData() : null;
  const { dirty, count } = store.takeDirty();
  const wrote = await db.tx('update', 'rw', ['meta'], async () => {
    const meta = db.table('meta');
    if ((await meta.get(META_KEYS.itemsCounter))?.value !== counter) return null;
    const valid = (await meta.get(KEY_VALID))?.value;
    const ours = isValidRecord(valid) && state.lineage !== '' && valid.lineage === state.lineage;
    const lineage = ours
      ? state.lineage
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const storeChanged = !ours || store.version !== state.writtenStoreVersion;
    const space = store.chunks;
    const before = isValidRecord(valid) && valid.backing !== 'file' ? valid.chunkCount : 0;
    let chunkCount = isValidRecord(valid) ? valid.chunkCount : 0;
    if (storeChanged && space instanceof FileChunks) {
      // Synchronous from here to the put: the tables, the layout and the file agree.
      space.flush();
      const tables = store.tables();
      chunkCount = tables.used.length;
      const put = meta.put({ key: KEY_HEAD, value: { lineage, tables, layout: space.layout() } });
      if (before > 0) await meta.bulkDelete(Array.from({ length: before }, (_, i) => chunkKey(i)));
      await put;
    } else if (storeChanged) {
      const which = ours ? dirty.filter((c) => c < count) : Array.from({ length: count }, (_, i) => i);
      await meta.bulkPut(
        which.map((c) => ({ key: chunkKey(c), value: { lineage, bytes: store.chunkBytes(c) } })),
      );
      await meta.put({ key: KEY_HEAD, value: { lineage, tables: store.tables() } });
      chunkCount = count;
      if (before > count)
        await meta.bulkDelete(Array.from({ length: before - count }, (_, i) => chunkKey(count + i)));
    }
    let searchStamp = isValidRecord(valid) ? (valid.searchStamp ?? '') : '';
    if (!ours || searchData || !isValidRecord(valid) || valid.searchStamp === undefined) {
      searchStamp = Math.random().toString(36).slice(2);
      await meta.put({
        key: KEY_SEARCH,
        value: { lineage, stamp: searchStamp, data: searchData ?? search.toData() },
      });
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
      } satisfies ValidRecord,
    });
    return { lineage };
  });
  if (!wrote) {
    store.markAllDirty();
    return false;
  }
  state.lineage = wrote.lineage;
  state.writtenStoreVersion = store.version;
  state.writtenSearchVersion = search.version;
  return true;
}

/**
 * Removes chunk files of this database that neither `space` has open nor the stored head names
 * (files another tab still has open are refused by the browser and stay). Resolves how many
 * went. Call after a write or a clear.
 */
export async function collectTextFiles(db: Database, space: FileChunks): Promise<number> {
  const head = (await db.tx('fetch', 'r', ['meta'], () => db.table('meta').get(KEY_HEAD)))?.value as
    { layout?: { files?: unknown } } | undefined;
  const named = Array.isArray(head?.layout?.files) ? (head.layout.files as unknown[]) : [];
  return space.collect(named.filter((f): f is string => typeof f === 'string'));
}
