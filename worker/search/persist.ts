/**
 * Persisting the text store and the search index in `meta`, beside the index snapshot:
 * - `textIndex:valid` {counter, lineage, chunkCount}: the items change counter the data reflects;
 * - `textIndex:head`: the store's slot tables; `textIndex:search`: the merged search index;
 * - `textIndex:chunk:<n>`: the store's text chunks (≤ 4 MB each), rewritten only when changed.
 * All written in one transaction, only when the stored counter still equals the one the data
 * reflects. A `lineage` (random per full write) ties chunks to their head: a tab whose lineage
 * differs from the stored one (another tab wrote meanwhile, or a clear) writes everything.
 */
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import { isSearchData, type SearchIndex } from './searchIndex';
import { CHUNK_BYTES, type TextStore, type TextStoreData } from './textStore';

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
}

type Tables = Omit<TextStoreData, 'chunks'>;

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
    t.alive.length === n
  );
}

/**
 * Loads the persisted store and index when they are well-formed and reflect the current items
 * counter; returns false (touching nothing) otherwise. Cost: one read transaction of ~the text
 * size. Fails with the storage error texts.
 */
export async function loadTextIndex(
  db: Database,
  store: TextStore,
  search: SearchIndex,
  state: PersistState,
): Promise<boolean> {
  const found = await db.tx('fetch', 'r', ['meta'], async () => {
    const meta = db.table('meta');
    const counter = (await meta.get(META_KEYS.itemsCounter))?.value;
    const valid = (await meta.get(KEY_VALID))?.value;
    if (!isValidRecord(valid) || valid.counter !== counter) return null;
    const [head, searchRec, ...chunks] = await meta.bulkGet([
      KEY_HEAD,
      KEY_SEARCH,
      ...Array.from({ length: valid.chunkCount }, (_, i) => chunkKey(i)),
    ]);
    return { valid, head: head?.value, search: searchRec?.value, chunks: chunks.map((c) => c?.value) };
  });
  if (!found) return false;
  const { valid, head, search: data, chunks } = found;
  const h = head as { lineage?: unknown; tables?: unknown } | undefined;
  const s = data as { lineage?: unknown; data?: unknown } | undefined;
  if (h?.lineage !== valid.lineage || s?.lineage !== valid.lineage || !isTables(h.tables)) return false;
  if (!isSearchData(s.data, h.tables.ids.length)) return false;
  if (h.tables.used.length !== valid.chunkCount) return false;
  const bytes: Uint8Array[] = [];
  for (const [i, c] of chunks.entries()) {
    const rec = c as { lineage?: unknown; bytes?: unknown } | undefined;
    if (rec?.lineage !== valid.lineage || !(rec.bytes instanceof Uint8Array)) return false;
    // A chunk must hold its used bytes and fit the current chunk size (no stale layout).
    if (rec.bytes.length < (h.tables.used[i] as number) || rec.bytes.length > CHUNK_BYTES) return false;
    bytes.push(rec.bytes);
  }
  store.load({ ...h.tables, chunks: bytes });
  search.load(s.data);
  state.lineage = valid.lineage;
  state.writtenStoreVersion = store.version;
  state.writtenSearchVersion = search.version;
  return true;
}

/**
 * Writes what changed since the last write (everything when the stored lineage is not ours),
 * if the stored items counter still equals `counter`. Resolves whether it wrote.
 * Cost: copies of the changed chunks, the slot tables and the merged index, one put each.
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
    if (storeChanged) {
      const which = ours ? dirty.filter((c) => c < count) : Array.from({ length: count }, (_, i) => i);
      await meta.bulkPut(
        which.map((c) => ({ key: chunkKey(c), value: { lineage, bytes: store.chunkBytes(c) } })),
      );
      await meta.put({ key: KEY_HEAD, value: { lineage, tables: store.tables() } });
      const before = isValidRecord(valid) ? valid.chunkCount : 0;
      if (before > count)
        await meta.bulkDelete(Array.from({ length: before - count }, (_, i) => chunkKey(count + i)));
    }
    if (!ours || searchData)
      await meta.put({ key: KEY_SEARCH, value: { lineage, data: searchData ?? search.toData() } });
    await meta.put({
      key: KEY_VALID,
      value: { format: TEXT_INDEX_FORMAT, counter, lineage, chunkCount: count },
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
