/**
 * The text index's storage steps (textIndex.ts): where its chunk files live, loading what was
 * persisted (or an empty store when nothing usable was), writing it, and whether the loaded
 * store holds exactly the metadata index's live items.
 */
import type { Database } from '../db/database';
import { MemoryChunks } from './chunkSpace';
import { opfsChunkDir } from './chunkDir';
import { FileChunks } from './fileChunks';
import type { MetaIndex } from '../index/metaIndex';
import {
  collectTextFiles,
  loadTextIndex,
  releaseHeldFiles,
  unwrittenState,
  type PersistState,
  type TextFiles,
} from './persist';
import { writeTextIndex } from './persistWrite';
import type { SearchIndex } from './searchIndex';
import type { FullTextSource } from './textFeed';
import type { TextStore } from './textStore';
import { emptyTables } from './textStoreTables';

/**
 * The chunk folder for database `dbName`'s text files: the worker's OPFS, or null (chunks in
 * memory) where synchronous handles do not exist or the folder cannot be opened.
 */
export async function findTextFiles(dbName: string): Promise<TextFiles | null> {
  try {
    const dir = await opfsChunkDir();
    return dir ? { dir, prefix: `${dbName}.` } : null;
  } catch (err) {
    console.warn('Rivulet: no OPFS for the text store; its chunks stay in memory', err);
    return null;
  }
}

/**
 * Failures of a snapshot read that another try may not meet: an OPFS file another handle holds
 * (`NoModificationAllowedError`), a handle closed under the read (`InvalidStateError`), a read
 * the system could not do (`NotReadableError`), IndexedDB's aborted, timed-out or unknown
 * (I/O) failures. Anything else thrown (a TypeError or RangeError from malformed stored data)
 * is a corrupt snapshot; one that is missing or malformed in a known way is `false`, no throw.
 */
const TRANSIENT = new Set([
  'NoModificationAllowedError',
  'InvalidStateError',
  'NotReadableError',
  'AbortError',
  'TimeoutError',
  'UnknownError',
]);

/** Waits before each further try of a transient failure, ms (three tries in all). */
export const RESTORE_RETRY_MS = [50, 250];

/**
 * Whether `err` is (or wraps: `dbError`'s details, Dexie's `inner`, a `cause`) a transient
 * failure, by name, never by message. Looks a few levels deep.
 */
export function isTransientFailure(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as { name?: unknown; details?: unknown; inner?: unknown; cause?: unknown };
  if (typeof e.name === 'string' && TRANSIENT.has(e.name)) return true;
  const detailName = (e.details as { name?: unknown } | undefined)?.name;
  if (typeof detailName === 'string' && TRANSIENT.has(detailName)) return true;
  return isTransientFailure(e.inner, depth + 1) || isTransientFailure(e.cause, depth + 1);
}

/**
 * Loads the persisted store and index (persist.ts `loadTextIndex`): true when both are in,
 * 'tables' when only the store is (the search index must then be re-indexed from the items),
 * false when nothing usable was stored (a rebuild). A transient failure (`isTransientFailure`:
 * a busy file, a read error) is tried again, after RESTORE_RETRY_MS, before the snapshot is
 * given up; a corrupt one is a rebuild at once. Each is logged as what it was. A try that failed
 * part-way leaves nothing behind: the next one's `loadWith` replaces (and lets go of) what it
 * loaded, and a rebuild starts from an unwritten `state`. Never throws.
 */
async function loadPersisted(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  state: PersistState,
  files: TextFiles | null,
  tablesLoaded: () => void,
): Promise<boolean | 'tables'> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await loadTextIndex(db, store, search, state, files, tablesLoaded);
    } catch (err) {
      const transient = isTransientFailure(err);
      const wait = RESTORE_RETRY_MS[attempt];
      if (transient && wait !== undefined && db.dexie.isOpen()) {
        console.warn(`Rivulet: text index snapshot read failed (transient); trying again in ${wait} ms`, err);
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      // The engine closed (or lost its database) under the read: nothing is wrong with what is
      // stored, and the rebuild that follows stops at its first read.
      if (db.dexie.isOpen())
        console.warn(
          transient
            ? `Rivulet: text index snapshot read still failing after ${attempt + 1} tries (transient); rebuilding`
            : 'Rivulet: text index snapshot corrupt; rebuilding',
          err,
        );
      releaseHeldFiles(state);
      Object.assign(state, unwrittenState());
      return false;
    }
  }
}

/** What a start restores from (TextIndex's parts). */
export interface RestoreParts {
  db: Database;
  store: TextStore;
  search: SearchIndex;
  state: PersistState;
  files: TextFiles | null;
  /** Called once the store's tables are in (text filters may then answer). */
  tablesLoaded: () => void;
  fullTexts: FullTextSource | null;
  /** The items whose stored text is their whole article: filled here from what was stored. */
  wholeIds: Set<number>;
}

/**
 * A start's restore: the persisted store and index (`loadPersisted`), or an empty store when
 * nothing usable was stored. Returns what was loaded, the files now in use, and the items to
 * read again: every live one when only the store's tables were in (the search index is rebuilt
 * while the store keeps answering), the whole articles that came or went since the write when
 * both were (whole articles are stored and cleared without a counter change) and the articles
 * an ingest since the write changed (`PersistState.changedSince`), none after a
 * rebuild's empty start (the sync reads every item then).
 */
export async function restoreText(
  parts: RestoreParts,
): Promise<{ loaded: boolean | 'tables'; files: TextFiles | null; reread: Iterable<number> }> {
  const { store, search, state, files, fullTexts, wholeIds } = parts;
  const loaded = await loadPersisted(parts.db, store, search, state, files, parts.tablesLoaded);
  if (loaded === 'tables') {
    search.clear();
    const reread = [...store.liveIds()];
    console.info(`Rivulet: search index out of step with its tables; re-indexing ${reread.length} articles`);
    return { loaded, files, reread };
  }
  if (!loaded) return { loaded, files: await emptyForRebuild(store, search, wholeIds, files), reread: [] };
  const reread = fullTexts ? wholeChanges(state.loadedWhole, await fullTexts.ids(), wholeIds) : [];
  // Written before an ingest: the articles it changed are read again (those it added are found
  // by the sync's comparison with the index).
  // A loop, not a spread: a spread of 150,000 ids or more overflows the stack.
  if (state.changedSince) for (const id of state.changedSince) reread.push(id);
  return { loaded, files, reread };
}

/**
 * Empties `store`, in a new chunk file when `files` are given. When none can be made the store
 * keeps its text in memory (it keeps working; only its heap is larger) and null is returned:
 * the folder is not used from then on. Returns the files in use.
 */
export async function emptyStore(store: TextStore, files: TextFiles | null): Promise<TextFiles | null> {
  if (files) {
    try {
      store.loadWith(await FileChunks.create(files.dir, files.prefix), emptyTables());
      return files;
    } catch (err) {
      console.warn('Rivulet: text chunk file could not be made; keeping text in memory', err);
    }
  }
  store.loadWith(new MemoryChunks(), emptyTables());
  return null;
}

/**
 * Writes the store and the search index as of items change `counter` (persist.ts), then removes
 * chunk files nobody names any more (in the background). Resolves whether it wrote; a failure is
 * logged and resets `state.lineage`, so the next write is a whole one. Never throws.
 */
export async function writeText(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  counter: number,
  state: PersistState,
  whole: ReadonlySet<number>,
): Promise<boolean> {
  try {
    const wrote = await writeTextIndex(db, store, search, counter, state, whole);
    const space = store.chunks;
    if (wrote && space instanceof FileChunks)
      void collectTextFiles(db, space).catch((err: unknown) =>
        console.warn('Rivulet: old text chunk files not removed', err),
      );
    return wrote;
  } catch (err) {
    // A database closed under the write (a closing tab, an engine closed right after an ingest)
    // is not worth a warning; the next start writes the whole index either way.
    if (db.dexie.isOpen()) console.warn('Rivulet: text index not written', err);
    state.lineage = '';
    return false;
  }
}

/**
 * An empty store (in a new chunk file when `files` are given, see `emptyStore`), search index and
 * list of whole articles, for a rebuild from the items. Returns the files in use.
 */
export async function emptyForRebuild(
  store: TextStore,
  search: SearchIndex,
  wholeIds: Set<number>,
  files: TextFiles | null,
): Promise<TextFiles | null> {
  search.clear();
  wholeIds.clear();
  return emptyStore(store, files);
}

/**
 * The whole comparison of `store` with the metadata index: the texts of items the index no
 * longer holds leave the store and the search index; returns the ids of the index's live items
 * the store lacks, in row order. O(store + rows).
 */
export function reconcile(
  store: TextStore,
  search: SearchIndex,
  wholeIds: Set<number>,
  index: MetaIndex,
): number[] {
  const gone: number[] = [];
  for (const id of store.liveIds()) if (index.rowOf(id) < 0) gone.push(id);
  for (const id of gone) {
    search.remove(store.remove(id));
    wholeIds.delete(id);
  }
  const missing: number[] = [];
  const rows = index.rowCount();
  for (let row = 0; row < rows; row++) {
    if (!index.isLive(row)) continue;
    const id = index.id(row);
    if (!store.has(id)) missing.push(id);
  }
  return missing;
}

/** Whether `store` holds a text for every live row of `index`. O(rows). */
export function holdsEveryLive(store: TextStore, index: MetaIndex): boolean {
  const rows = index.rowCount();
  for (let row = 0; row < rows; row++) if (index.isLive(row) && !store.has(index.id(row))) return false;
  return true;
}

/**
 * At a start on a loaded store: fills `whole` with the items the store holds as whole articles
 * (`recorded`, the record's list) and returns those whose whole article came or went since
 * (`now`: the whole articles stored now); every one of `now` when the record has no list.
 * O(whole articles).
 */
function wholeChanges(recorded: Float64Array | null, now: readonly number[], whole: Set<number>): number[] {
  const stored = new Set(now);
  const out: number[] = [];
  for (const id of recorded ?? []) {
    whole.add(id);
    if (!stored.has(id)) out.push(id);
  }
  for (const id of now) if (!whole.has(id)) out.push(id);
  return out;
}
