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
  writeTextIndex,
  type PersistState,
  type TextFiles,
} from './persist';
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
 * Loads the persisted store and index (persist.ts `loadTextIndex`): true when both are in,
 * 'tables' when only the store is (the search index must then be re-indexed from the items),
 * false when nothing usable was stored (a rebuild). Never throws: an unreadable snapshot is a
 * rebuild.
 */
async function loadPersisted(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  state: PersistState,
  files: TextFiles | null,
  tablesLoaded: () => void,
): Promise<boolean | 'tables'> {
  let loaded: boolean | 'tables' = false;
  try {
    loaded = await loadTextIndex(db, store, search, state, files, tablesLoaded);
  } catch (err) {
    console.warn('Rivulet: text index snapshot unreadable; rebuilding', err);
  }
  return loaded;
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
 * both were (whole articles are stored and cleared without a counter change), none after a
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
