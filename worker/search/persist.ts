/**
 * Persisting the text store and the search index in `meta`, beside the index snapshot (the
 * records' keys: persistRecords.ts; the write: persistWrite.ts; the load and the clean-up: here):
 * - `textIndex:valid` {counter, lineage, chunkCount, backing}: the items change counter the data
 *   reflects, and where the chunks are ('memory': in IndexedDB; 'file': in OPFS files);
 * - `textIndex:head`: the store's slot columns (item, chunk, start, length) of the slots it had
 *   when last renumbered or when its slots outgrew the tail's share, written only then (with file
 *   chunks, the columns are a file beside them, `<database>.head.<stamp>`, which the record
 *   names: textHead.ts; written before the transaction, as no file can be written inside it); and
 *   `textIndex:headTail`: the columns of the slots after those, each slot's live byte, the bytes
 *   used per chunk, and with file chunks their layout (which file and position holds each chunk,
 *   fileChunks.ts), written each time (a refresh at 1M wrote ~21 MB of tables before, now its
 *   own slots' and ~1 MB);
 * - `textIndex:search`: the search index's merged segment, written only when it changed (a merge),
 *   with the per-document arrays of the documents it covers (with file chunks, a file beside
 *   them, `<database>.search.<stamp>`, which the record names: searchFile.ts), and
 *   `textIndex:searchTail`: what came
 *   after it plus every document's live byte, written each time
 *   (searchIndex.ts `toMain`, `toTail`);
 * - `textIndex:grams:<b>`: the trigram sets of chunks b × 32 … b × 32 + 31 (chunkGrams.ts), written
 *   when one of them changed (appends go to the last chunk: usually one record a write), always
 *   taken after the tables, so a set never lacks a byte the tables count, with their generation;
 *   read not with the tables but when a scan or a write first needs them (`loadGramBlocks`);
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
import { textChangesSince } from '../index/flagLog';
import type { ChunkDir } from './chunkDir';
import { FileChunks, isChunkLayout } from './fileChunks';
import {
  KEY_HEAD,
  KEY_HEAD_TAIL,
  KEY_SEARCH,
  KEY_TAIL,
  KEY_VALID,
  chunkKey,
  isValidRecord,
  readGramBlocks,
} from './persistRecords';
import { isSearchMain, isSearchTail, type SearchIndex } from './searchIndex';
import { isSearchInFile, readSearchFile } from './searchFile';
import { CHUNK_BYTES, SEP, type TextStore } from './textStore';
import { headWithColumns, isHeadInFile, isTables, joinHead } from './textHead';

export { TEXT_INDEX_FORMAT } from './persistRecords';

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
   * The head file this tab wrote last, whose lock it holds while it lives (`releaseHeldFiles`):
   * a file is closed once written, and another tab's clean-up that read the head record just
   * before this one was stored would otherwise take it.
   */
  heldHead: { dir: ChunkDir; name: string } | null;
  /** The same for the search segment's file this tab wrote last (searchFile.ts). */
  heldSearch: { dir: ChunkDir; name: string } | null;
  /**
   * The loaded store's items whose text is their whole article, as the record says; null when
   * nothing was loaded or the record predates the list (then every whole article is read again).
   */
  loadedWhole: Float64Array | null;
  /**
   * Set by a load of a store written before an ingest (index/flagLog.ts `textChangesSince`): the
   * articles that ingest added or changed, to read again. The stored copy is then behind the
   * items and is written again once in step. Null when the load was in step, flags aside.
   */
  changedSince: number[] | null;
}

/** The state of an index that has written nothing yet (the first write is a whole one). */
export function unwrittenState(): PersistState {
  return {
    lineage: '',
    writtenStoreVersion: -1,
    writtenSearchVersion: -1,
    writtenMainVersion: -1,
    head: null,
    heldHead: null,
    heldSearch: null,
    loadedWhole: null,
    changedSince: null,
  };
}

/** Lets go of the locks of the head and segment files this tab wrote last (at a close or a clear). */
export function releaseHeldFiles(state: PersistState): void {
  state.heldHead?.dir.unlock(state.heldHead.name);
  state.heldHead = null;
  state.heldSearch?.dir.unlock(state.heldSearch.name);
  state.heldSearch = null;
}

/** Chunk files of one database (the worker's OPFS folder; absent: chunks stay in memory). */
export interface TextFiles {
  dir: ChunkDir;
  /** File name prefix of this database (`<database>.`). */
  prefix: string;
}

/**
 * Loads the persisted store and index when they are well-formed and reflect the current items
 * counter, or one before changes of flags, tags, ingests and deletions only (then
 * `state.changedSince` names the articles the ingests wrote; the sync after the load finds the
 * deleted ones gone from the index); returns false (touching nothing) otherwise. The store's
 * tables come first (then `onTables` runs: text filters may answer), the search index after
 * (segment and tail), in a read of its own; when those no longer go with the tables (another tab
 * wrote meanwhile) or are malformed, it resolves 'tables': the store is loaded (and right for the
 * counter), the search index is not. With `files`, chunks are read from their
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
    if (!isValidRecord(valid)) return null;
    // Written before changes of flags or tags (the texts are still those), ingests (whose
    // articles are read again after the load) and deletions only: index/flagLog.ts.
    const since = await textChangesSince(meta, valid.counter, counter);
    if (since === null) return null;
    const inFile = valid.backing === 'file';
    if (inFile && !files) return null;
    // The search index is read after the tables, in a transaction of its own, and the chunks'
    // trigram sets when first needed (`loadGramBlocks`).
    const [head, headTail, ...chunks] = await meta.bulkGet([
      KEY_HEAD,
      KEY_HEAD_TAIL,
      ...(inFile ? [] : Array.from({ length: valid.chunkCount }, (_, i) => chunkKey(i))),
    ]);
    return {
      valid,
      since,
      head: head?.value,
      headTail: headTail?.value,
      chunks: chunks.map((r) => r?.value),
    };
  });
  if (!found) return false;
  const { valid, chunks } = found;
  // With room for the tail's slots, joined after the head's in the same arrays.
  const tailIds = (found.headTail as { cols?: { ids?: unknown } } | undefined)?.cols?.ids;
  const head = await headWithColumns(found.head, files, tailIds instanceof Float64Array ? tailIds.length : 0);
  const h = joinHead(head, found.headTail, valid.lineage);
  if (!h || !isTables(h.tables)) return false;
  if (h.tables.used.length !== valid.chunkCount) return false;
  const slots = h.tables.ids.length;
  if (valid.backing === 'file') {
    if (!files || !isChunkLayout(h.layout, valid.chunkCount)) return false;
    const space = await FileChunks.restore(files.dir, files.prefix, h.layout, h.tables.used, SEP);
    if (!space) return false;
    // joinHead made the slot columns for this load: the store takes them as they are.
    store.loadWith(space, h.tables, { adopt: true });
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
      store.loadWith(space, h.tables);
      // Written again in the file layout at the next write (the caller writes at once).
      state.lineage = '';
      state.head = null;
    } else {
      store.load({ ...h.tables, chunks: bytes });
      state.lineage = valid.lineage;
      state.head = { stamp: h.stamp, numbering: store.numbering, slots: h.headSlots };
    }
  }
  store.grams.defer(valid.lineage, valid.gramGen ?? '', valid.chunkCount);
  state.writtenStoreVersion = store.version;
  state.loadedWhole = valid.wholeIds ?? null;
  state.changedSince = found.since.length > 0 ? found.since : null;
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
  if (m?.lineage !== valid.lineage || m.stamp !== valid.searchStamp) return 'tables';
  if (t?.lineage !== valid.lineage || t.stamp !== valid.tailStamp) return 'tables';
  // The segment itself, or the file that holds it (searchFile.ts).
  const main = isSearchInFile(m) ? (files ? await readSearchFile(m, files) : null) : m.data;
  if (!isSearchMain(main)) return 'tables';
  const mainTerms = main.terms === '' ? 0 : main.offsets.length - 1;
  if (!isSearchTail(t.data, slots, mainTerms, main.docLen.length)) return 'tables';
  search.load(main, t.data);
  state.writtenSearchVersion = search.version;
  // A segment an older build kept in the record goes to a file at the next write.
  state.writtenMainVersion = isSearchInFile(m) || !files ? search.mainVersion : -1;
  return true;
}

/**
 * Reads the stored trigram sets of the blocks the store has not read yet (chunkGrams.ts
 * `defer`), in one read, and gives them to it. Resolves at once when none is pending.
 * Cost: one read of up to 256 KiB a block (at 1M articles 27 blocks, ~7 MB).
 */
export async function loadGramBlocks(db: Database, store: TextStore): Promise<void> {
  if (store.grams.pendingBlocks().length === 0) return;
  await db.tx('fetch', 'r', ['meta'], () => readGramBlocks(db.table('meta'), store.grams));
}

/**
 * Removes chunk files of this database that neither `space` has open nor the stored head or
 * search segment names
 * (files another tab still has open are refused by the browser and stay). Resolves how many
 * went. Call after a write or a clear.
 */
export async function collectTextFiles(db: Database, space: FileChunks): Promise<number> {
  const [head, headTail, segment] = await db.tx('fetch', 'r', ['meta'], () =>
    db.table('meta').bulkGet([KEY_HEAD, KEY_HEAD_TAIL, KEY_SEARCH]),
  );
  const tail = headTail?.value as { layout?: { files?: unknown } } | undefined;
  const named = Array.isArray(tail?.layout?.files) ? (tail.layout.files as unknown[]) : [];
  if (isHeadInFile(head?.value)) named.push(head.value.file);
  if (isSearchInFile(segment?.value)) named.push(segment.value.file);
  return space.collect(named.filter((f): f is string => typeof f === 'string'));
}
