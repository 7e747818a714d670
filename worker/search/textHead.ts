/**
 * The text store's slot tables as persist.ts stores them: a head (the columns of the slots up to
 * a renumbering, written rarely) and a tail (the columns after it and every slot's state, written
 * each time), joined back into one set of tables at a load and checked for shape. With the
 * chunks in files, the head's columns are a file too (`<database>.head.<stamp>`, arraysFile.ts),
 * and its record names the file instead of holding them.
 */
import { readArraysFile, writeArraysFile, type Column } from './arraysFile';
import type { ChunkDir } from './chunkDir';
import type { SlotColumns, TextStoreTables } from './textStoreTables';

type Tables = TextStoreTables;

/** Whether `v` has the shape of the slot tables (typed arrays of matching lengths). */
export function isTables(v: unknown): v is Tables {
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
    (t.safe === undefined || (t.safe instanceof Uint8Array && t.safe.length === n)) &&
    (t.histogram === undefined || (t.histogram instanceof Float64Array && t.histogram.length === 256))
  );
}

/**
 * The stored head and its tail as one set of slot tables, when both are of `lineage` and go
 * together (the same stamp); null otherwise. The checks of the joined tables are `isTables`'.
 */
export function joinHead(
  head: unknown,
  tail: unknown,
  lineage: string,
): { tables: unknown; layout: unknown; stamp: string; headSlots: number } | null {
  const h = head as
    { lineage?: unknown; stamp?: unknown; cols?: Partial<Tables>; room?: unknown } | undefined;
  const t = tail as
    | (Partial<Tables> & { lineage?: unknown; stamp?: unknown; cols?: Partial<Tables>; layout?: unknown })
    | undefined;
  if (h?.lineage !== lineage || t?.lineage !== lineage || typeof h.stamp !== 'string' || t.stamp !== h.stamp)
    return null;
  const a = h.cols;
  const b = t.cols;
  const join = <A extends Float64Array | Int32Array>(
    x: unknown,
    y: unknown,
    Kind: { new (n: number): A; new (buffer: ArrayBuffer, at: number, n: number): A },
  ): A | null => {
    const fits = (v: unknown): v is A => v instanceof Kind;
    if (!fits(x) || !fits(y)) return null;
    const n = x.length + y.length;
    // A head read from its file has room for the tail after it in its own buffers
    // (`headWithColumns`): the tail is copied in after it, not both into new arrays (~50 ms at 1M).
    const inPlace =
      h.room === true &&
      x.byteOffset === 0 &&
      x.buffer instanceof ArrayBuffer &&
      x.buffer.byteLength >= n * x.BYTES_PER_ELEMENT;
    const out = inPlace ? new Kind(x.buffer, 0, n) : new Kind(n);
    if (!inPlace) out.set(x);
    out.set(y, x.length);
    return out;
  };
  const ids = join(a?.ids, b?.ids, Float64Array);
  const chunkOf = join(a?.chunkOf, b?.chunkOf, Int32Array);
  const start = join(a?.start, b?.start, Int32Array);
  const length = join(a?.length, b?.length, Int32Array);
  if (!ids || !chunkOf || !start || !length) return null;
  // The fold-safe flags (textStoreTables.ts): a part stored without them counts as not known.
  const headSlots = (a?.ids as Float64Array).length;
  const safe = new Uint8Array(ids.length);
  const flags = (v: unknown, n: number) => (v instanceof Uint8Array && v.length === n ? v : null);
  const headSafe = flags(a?.safe, headSlots);
  const tailSafe = flags(b?.safe, ids.length - headSlots);
  if (headSafe) safe.set(headSafe);
  if (tailSafe) safe.set(tailSafe, headSlots);
  return {
    tables: { ids, chunkOf, start, length, safe, used: t.used, alive: t.alive, histogram: t.histogram },
    layout: t.layout,
    stamp: h.stamp,
    headSlots,
  };
}

/** The name of the head file of `stamp` in the chunks' folder. */
export const headFileName = (prefix: string, stamp: string): string => `${prefix}head.${stamp}`;

/** What the head's record holds when its columns are a file. */
export interface HeadInFile {
  lineage: string;
  stamp: string;
  file: string;
  slots: number;
}

export function isHeadInFile(v: unknown): v is HeadInFile {
  const h = v as Partial<HeadInFile> | undefined;
  return (
    typeof h === 'object' &&
    h !== null &&
    typeof h.lineage === 'string' &&
    typeof h.stamp === 'string' &&
    typeof h.file === 'string' &&
    typeof h.slots === 'number' &&
    Number.isInteger(h.slots) &&
    h.slots >= 0
  );
}

const headArrays = (c: SlotColumns): Column[] => [
  c.ids,
  c.chunkOf,
  c.start,
  c.length,
  c.safe ?? new Uint8Array(c.ids.length),
];

/** A head file written and locked, not yet named by a stored record. */
export interface HeadFile {
  dir: ChunkDir;
  name: string;
  stamp: string;
  numbering: number;
  slots: number;
}

/**
 * Writes `cols` (the slot columns of the store's `numbering`) as the head file of `stamp`;
 * resolves it, locked, or null when it could not be written (the record then holds the columns).
 */
export async function writeHeadFile(
  folder: { dir: ChunkDir; prefix: string },
  stamp: string,
  numbering: number,
  cols: SlotColumns,
): Promise<HeadFile | null> {
  const name = headFileName(folder.prefix, stamp);
  const ok = await writeArraysFile(folder.dir, name, headArrays(cols));
  return ok ? { dir: folder.dir, name, stamp, numbering, slots: cols.ids.length } : null;
}

/**
 * The head record `record` with its columns read from its file when it names one (in
 * `folder`, under this database's prefix); null when that file is missing or not the record's.
 * A record holding its columns comes back as it is.
 */
export async function headWithColumns(
  record: unknown,
  folder: { dir: ChunkDir; prefix: string } | null,
  room = 0,
): Promise<unknown> {
  if (!isHeadInFile(record)) return record;
  if (!folder || record.file !== headFileName(folder.prefix, record.stamp)) return null;
  const n = record.slots;
  // Each column's buffer has `room` more slots after the head's, where `joinHead` puts the tail's.
  const all = Math.max(0, Math.floor(room)) + n;
  const cols = {
    ids: new Float64Array(new ArrayBuffer(all * 8), 0, n),
    chunkOf: new Int32Array(new ArrayBuffer(all * 4), 0, n),
    start: new Int32Array(new ArrayBuffer(all * 4), 0, n),
    length: new Int32Array(new ArrayBuffer(all * 4), 0, n),
    safe: new Uint8Array(n),
  };
  if (!(await readArraysFile(folder.dir, record.file, headArrays(cols)))) return null;
  return { lineage: record.lineage, stamp: record.stamp, cols, room: true };
}
