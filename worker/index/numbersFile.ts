/**
 * The snapshot's number columns as a file in the worker's OPFS (folder `rivulet-index`, one file
 * per write named `<database>.<token>`), with the `meta.indexSnapshot` record pointing at it.
 *
 * Why a file: at 1M articles the numbers record is ~19 MB, and a cold start waited ~45 ms for
 * IndexedDB to hand it over and ~38 ms more to clone it into typed arrays (a CPU profile of the
 * engine worker: the `.result` getter; in a bare Chromium experiment 19 MB cost ~30 ms to
 * clone, compressible or not). A synchronous read of the same bytes from OPFS took 8–11 ms, each
 * column read into its own array (`decodeNumbers`). Every list's first page waits for these columns, so
 * this is most of what a cold start at 1M spends after `init()`. Writes gain too: a read mark
 * rewrites the numbers, and a file write leaves IndexedDB's threads to the article writes.
 *
 * Where there is no OPFS with synchronous handles (Node tests, the main thread) the record keeps
 * the columns inline, as it always did; a pointer whose file is missing, short or of another
 * write reads as an unreadable snapshot (the index is then rebuilt from the items).
 */
import type { ChunkDir, SyncFile } from '../search/chunkDir';
import { SNAPSHOT_FORMAT, type PackedSnapshot } from './snapshotFormat';

/** Where the number files of one database live: the folder and `<database>.` */
export interface NumberFiles {
  dir: ChunkDir;
  prefix: string;
}

/** What `meta.indexSnapshot` holds when the columns are in a file. */
export interface SnapshotPointer {
  format: number;
  counter: number;
  textToken: string;
  tailToken: string;
  /** The file's token (its name is the prefix and this). */
  file: string;
}

export function isPointer(value: unknown): value is SnapshotPointer {
  const v = value as Partial<SnapshotPointer> | null;
  return typeof v === 'object' && v !== null && typeof v.file === 'string' && !('ids' in v);
}

const MAGIC = 0x314e5652; // "RVN1" read as little-endian bytes
const HEADER = 96;
const TOKEN_MAX = HEADER - 32;
const WIDE_IDS = 1;
const WIDE_FEEDS = 2;
const WIDE_DATES = 4;

type Columns = Pick<
  PackedSnapshot,
  'ids' | 'feedIds' | 'pubDates' | 'flags' | 'keyHashes' | 'order' | 'tagItems' | 'tagIds'
>;
const COLUMN_NAMES = [
  'ids',
  'feedIds',
  'pubDates',
  'flags',
  'keyHashes',
  'order',
  'tagItems',
  'tagIds',
] as const;

const align8 = (n: number): number => (n + 7) & ~7;

/** Byte widths of each column for the width bits and the row and tag pair counts. */
function layout(wide: number, rows: number, pairs: number): { start: number; bytes: number }[] {
  const widths = [wide & WIDE_IDS ? 8 : 4, wide & WIDE_FEEDS ? 4 : 2, wide & WIDE_DATES ? 8 : 4, 1, 4, 4];
  const out: { start: number; bytes: number }[] = [];
  let at = HEADER;
  for (const w of widths) {
    out.push({ start: at, bytes: w * rows });
    at = align8(at + w * rows);
  }
  for (const w of [8, 4]) {
    out.push({ start: at, bytes: w * pairs });
    at = align8(at + w * pairs);
  }
  return out;
}

/** A number file as its pieces: each at its offset of a file of `size` bytes (gaps are zeros). */
export interface NumberFileBytes {
  size: number;
  pieces: { at: number; bytes: Uint8Array }[];
}

/**
 * A number file: a header (magic, format, counter, rows, tag pairs, the column widths, the
 * write's token) and each column 8-byte aligned, so a read can view them in place. The columns
 * are views of `s`'s arrays, not copies: at 1M rows a file assembled in one buffer was ~19 MB
 * more on the worker's heap while the snapshot was written.
 */
export function numberFile(s: PackedSnapshot, token: string): NumberFileBytes {
  if (token.length > TOKEN_MAX || !/^[\x20-\x7e]*$/.test(token)) throw new Error('bad number file token');
  const rows = s.ids.length;
  const pairs = s.tagItems.length;
  const wide =
    (s.ids instanceof Float64Array ? WIDE_IDS : 0) |
    (s.feedIds instanceof Int32Array ? WIDE_FEEDS : 0) |
    (s.pubDates instanceof Float64Array ? WIDE_DATES : 0);
  const parts = layout(wide, rows, pairs);
  const last = parts[parts.length - 1]!;
  const header = new Uint8Array(HEADER);
  const view = new DataView(header.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, SNAPSHOT_FORMAT, true);
  view.setFloat64(8, s.counter, true);
  view.setUint32(16, rows, true);
  view.setUint32(20, pairs, true);
  view.setUint32(24, wide, true);
  view.setUint32(28, token.length, true);
  for (let i = 0; i < token.length; i++) header[32 + i] = token.charCodeAt(i);
  const pieces: NumberFileBytes['pieces'] = [{ at: 0, bytes: header }];
  COLUMN_NAMES.forEach((name, i) => {
    const col = s[name];
    pieces.push({ at: parts[i]!.start, bytes: new Uint8Array(col.buffer, col.byteOffset, col.byteLength) });
  });
  return { size: align8(last.start + last.bytes), pieces };
}

/** What a number file is read through (an OPFS file's sync handle, or a test's stand-in). */
export type NumberSource = Pick<SyncFile, 'read' | 'getSize'>;

/**
 * The columns of a number file (`numberFile`'s pieces in place) with this token and counter, or
 * null when the bytes are anything else: another write's file, another format, a header that
 * does not fit, a size other than the header promises. Each column is read straight into its own
 * array of the file's type (ids, feed ids and dates narrow where they fit, as the index keeps
 * them: narrowColumns.ts), so the index takes every column as it is (`IndexRows.loadNumbers`),
 * not the whole file into one buffer first: in Chromium on a two-core VM each megabyte of memory
 * a worker touches for the first time cost ~4–9 ms, and at 1M articles the file's ~19 MB and the
 * index's ~25 MB copy of it were ~165 ms of a cold start (bench/run/coldProbe.mjs's trace; README
 * "At 1,000,000 items"). Widening the narrow columns as they were read was most of what was left.
 */
export function decodeNumbers(
  file: NumberSource,
  token: string,
  counter: number,
  { hashesLater = false }: { hashesLater?: boolean } = {},
): Columns | null {
  const head = readHeader(file, token, counter);
  if (!head) return null;
  const { rows, pairs, wide, parts } = head;
  let whole = true;
  const into = <A extends Float64Array | Int32Array | Uint8Array | Uint16Array | Uint32Array>(
    i: number,
    out: A,
  ): A => {
    const { start, bytes } = parts[i]!;
    whole &&= file.read(new Uint8Array(out.buffer, out.byteOffset, bytes), { at: start }) === bytes;
    return out;
  };
  const columns: Columns = {
    ids: wide & WIDE_IDS ? into(0, new Float64Array(rows)) : into(0, new Uint32Array(rows)),
    feedIds: wide & WIDE_FEEDS ? into(1, new Int32Array(rows)) : into(1, new Uint16Array(rows)),
    pubDates: wide & WIDE_DATES ? into(2, new Float64Array(rows)) : into(2, new Int32Array(rows)),
    flags: into(3, new Uint8Array(rows)),
    keyHashes: hashesLater ? new Uint32Array(0) : into(4, new Uint32Array(rows)),
    order: into(5, new Int32Array(rows)),
    tagItems: into(6, new Float64Array(pairs)),
    tagIds: into(7, new Int32Array(pairs)),
  };
  return whole ? columns : null;
}

/**
 * The key hash column of a number file with this token and counter (what `decodeNumbers` with
 * `hashesLater` left out), or null when the file is anything else or reads short.
 */
export function decodeHashes(file: NumberSource, token: string, counter: number): Uint32Array | null {
  const head = readHeader(file, token, counter);
  if (!head) return null;
  const { start, bytes } = head.parts[4]!;
  const out = new Uint32Array(head.rows);
  return file.read(new Uint8Array(out.buffer), { at: start }) === bytes ? out : null;
}

// The header of a number file with this token and counter, checked against the file's size.
function readHeader(
  file: NumberSource,
  token: string,
  counter: number,
): { rows: number; pairs: number; wide: number; parts: { start: number; bytes: number }[] } | null {
  const size = file.getSize();
  const header = new Uint8Array(HEADER);
  if (size < HEADER || file.read(header, { at: 0 }) !== HEADER) return null;
  const view = new DataView(header.buffer);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== SNAPSHOT_FORMAT) return null;
  if (view.getFloat64(8, true) !== counter) return null;
  const rows = view.getUint32(16, true);
  const pairs = view.getUint32(20, true);
  const wide = view.getUint32(24, true);
  const tokenLength = view.getUint32(28, true);
  if (wide > 7 || tokenLength !== token.length) return null;
  for (let i = 0; i < tokenLength; i++) if (header[32 + i] !== token.charCodeAt(i)) return null;
  const parts = layout(wide, rows, pairs);
  const last = parts[parts.length - 1]!;
  return align8(last.start + last.bytes) === size ? { rows, pairs, wide, parts } : null;
}

/**
 * Writes a new number file; resolves its name, or null when it could not be written whole (what
 * was made is removed). The name is locked before the file is made and, on success, stays locked
 * until the caller's `files.dir.unlock(name)`: the caller unlocks once the record naming the file
 * is stored, so no tab's clean-up (`collectNumberFiles`) removes it in between.
 */
export async function writeNumberFile(
  files: NumberFiles,
  token: string,
  { size, pieces }: NumberFileBytes,
): Promise<string | null> {
  const name = files.prefix + token;
  if (!(await files.dir.lock(name))) return null;
  let whole = false;
  try {
    const file = await files.dir.open(name, true);
    if (!file) return null;
    try {
      file.truncate(0);
      file.truncate(size);
      let wrote = true;
      for (const { at, bytes } of pieces) wrote &&= file.write(bytes, { at }) === bytes.byteLength;
      file.flush();
      whole = wrote && file.getSize() === size;
    } finally {
      file.close();
    }
    return whole ? name : null;
  } finally {
    if (!whole) {
      await files.dir.remove(name).catch(() => false);
      files.dir.unlock(name);
    }
  }
}

/** The key hash column a number file still open holds, read once after the first pages. */
export interface LaterHashes {
  /** The column (then the file is closed), or null when it reads short or was closed. */
  read(): Uint32Array | null;
  /** Closes the file unread (a load that went another way). */
  close(): void;
}

/**
 * The numbers record `pointer` names, read from its file: the record's fields and the file's
 * columns. Null when there is no folder or no such file, or it holds anything but that write's
 * columns (the caller then treats the snapshot as unreadable).
 * With `hashesLater` the key hash column is left out (an empty array) and the file left open for
 * it (`hashes`): a cold start's first pages do not need the hashes (only an ingest's duplicate
 * check does), and at 1M rows they are 4 MB of memory touched for the first time. The file stays
 * open until `read` or `close`: a file another tab's engine holds open cannot be removed (its
 * clean-up leaves it for a later write), so the hashes still match the rows loaded when read.
 */
export async function readPointedLater(
  files: NumberFiles | null,
  pointer: SnapshotPointer,
  hashesLater: boolean,
): Promise<{ snapshot: PackedSnapshot; hashes: LaterHashes | null } | null> {
  if (!files) return null;
  const file = await files.dir.open(files.prefix + pointer.file, false);
  if (!file) return null;
  let columns: Columns | null = null;
  let open = true;
  const close = () => {
    if (open) file.close();
    open = false;
  };
  try {
    columns = decodeNumbers(file, pointer.file, pointer.counter, { hashesLater });
  } finally {
    if (!columns || !hashesLater) close();
  }
  if (!columns) return null;
  const hashes: LaterHashes | null = hashesLater
    ? {
        read: () => {
          if (!open) return null;
          try {
            return decodeHashes(file, pointer.file, pointer.counter);
          } finally {
            close();
          }
        },
        close,
      }
    : null;
  return {
    snapshot: {
      format: pointer.format as PackedSnapshot['format'],
      counter: pointer.counter,
      textToken: pointer.textToken,
      tailToken: pointer.tailToken,
      ...columns,
    },
    hashes,
  };
}

/**
 * Removes this database's number and text files (textFile.ts) except those the stored records
 * name (`current`: full names, read last) and those some tab holds locked (being written, or written and not yet named by a stored
 * record). The order matters: a file listed but not locked when the locks are read was written
 * and its record stored (or given up) before, so the record read after names it if it is
 * current; a file made after the listing is not touched. A file another tab is reading cannot
 * be removed (the browser refuses while a handle is open) and goes at a later write. Resolves how
 * many went.
 */
export async function collectNumberFiles(
  files: NumberFiles,
  current: () => Promise<string[]>,
): Promise<number> {
  const names = (await files.dir.list()).filter((name) => name.startsWith(files.prefix));
  if (names.length === 0) return 0;
  const held = await files.dir.held();
  const keep = new Set(await current());
  let removed = 0;
  for (const name of names) {
    if (keep.has(name) || held.has(name)) continue;
    if (await files.dir.remove(name)) removed++;
  }
  return removed;
}
