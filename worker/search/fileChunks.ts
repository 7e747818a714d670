/**
 * The text store's chunks in OPFS files (the engine worker is a dedicated worker, where
 * `FileSystemSyncAccessHandle` reads and writes synchronously): at 1M articles the texts are
 * ~700 MB, which the worker's heap cannot hold beside the index. Only the open last chunk and
 * one read buffer stay on the heap; `description LIKE` reads chunk by chunk into that buffer.
 *
 * Files live in the OPFS folder `rivulet-text`, named `<database>.<random>`; chunk at position p
 * of a file starts at HEADER_BYTES + p × CHUNK_BYTES (the header names the file, so a file put
 * in place of another is told apart). Which file and position hold each chunk is a small table
 * (`layout()`) persisted in IndexedDB beside the slot tables (persist.ts).
 *
 * Several tabs, each with its own engine worker, share the files. The rule that keeps them
 * apart: a tab appends only to its own file (created this session, or adopted when the file's
 * writer is gone, see `restore`), and bytes once written are never rewritten, so every chunk
 * another tab or the persisted tables point at stays as it was. A compaction writes a new file
 * (rewrite, then swap); files nobody points at are removed by `collect`, which the browser
 * refuses for a file some tab still has open.
 */
import { CHUNK_BYTES, type ChunkSpace } from './chunkSpace';
import type { ChunkDir, SyncFile } from './chunkDir';

/** Bytes before the first chunk of a file. */
export const HEADER_BYTES = 4096;
const MAGIC = 'rivulet text chunks 1\n';
const encoder = new TextEncoder();

/** Where each chunk is: persisted with the slot tables. */
export interface ChunkLayout {
  files: string[];
  /** Per chunk: index into `files`, and position inside that file. */
  fileOf: Int32Array;
  posOf: Int32Array;
}

export function isChunkLayout(v: unknown, chunks: number): v is ChunkLayout {
  const l = v as Partial<ChunkLayout> | undefined;
  return (
    typeof l === 'object' &&
    l !== null &&
    Array.isArray(l.files) &&
    l.files.every((f) => typeof f === 'string') &&
    l.fileOf instanceof Int32Array &&
    l.fileOf.length === chunks &&
    l.posOf instanceof Int32Array &&
    l.posOf.length === chunks &&
    l.fileOf.every((f) => f >= 0 && f < (l.files as string[]).length) &&
    l.posOf.every((p) => p >= 0)
  );
}

/**
 * A chunk file that no longer holds what this tab wrote: a read or write of it came back short.
 * The text index rebuilds its store into a new file when it meets one (textIndex.ts).
 */
export class ChunkFileError extends Error {
  override name = 'ChunkFileError';
}

const header = (name: string): Uint8Array => {
  const out = new Uint8Array(HEADER_BYTES);
  out.set(encoder.encode(`${MAGIC}${name}\n`).subarray(0, HEADER_BYTES));
  return out;
};

const newName = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Chunks in files; see the module comment. */
export class FileChunks implements ChunkSpace {
  readonly kind = 'file';
  private names: string[] = [];
  private files: SyncFile[] = [];
  private fileOf: number[] = [];
  private posOf: number[] = [];
  private used: number[] = [];
  /** Index of the file this tab appends to. */
  private own = -1;
  private ownNext = 0;
  /** Content of the open last chunk, and how much of it is already written at its home. */
  private tail: Uint8Array | null = null;
  private tailWritten = 0;
  private readonly buf = new Uint8Array(CHUNK_BYTES);
  /** A file made ready for the next compaction (`fresh` is synchronous, opening is not). */
  private spare: { name: string; file: SyncFile } | null = null;
  private spareMade: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dir: ChunkDir,
    private readonly prefix: string,
  ) {}

  /** The folder and the database's name prefix the files are in (other files of the store go there too). */
  folder(): { dir: ChunkDir; prefix: string } {
    return { dir: this.dir, prefix: this.prefix };
  }

  /** An empty space appending to a new file. Fails when the file cannot be made. */
  static async create(dir: ChunkDir, prefix: string): Promise<FileChunks> {
    const space = new FileChunks(dir, prefix);
    const made = await makeFile(dir, prefix);
    space.takeOwn(made.name, made.file);
    space.spareMade = space.prepareSpare();
    return space;
  }

  /**
   * The persisted chunks (`layout`, with `used` bytes each), or null when a file is missing,
   * foreign (another header) or shorter than the tables say, or a chunk does not end in `sep`
   * (the caller then rebuilds from the items). The last chunk is read into memory: appends go
   * on in the file that held it when its writer is gone (its lock free, nothing past the chunk),
   * else in a new file of this tab's.
   */
  static async restore(
    dir: ChunkDir,
    prefix: string,
    layout: ChunkLayout,
    used: Int32Array,
    sep: number,
  ): Promise<FileChunks | null> {
    const space = new FileChunks(dir, prefix);
    try {
      for (const name of layout.files) {
        const file = await dir.open(name, false);
        if (!file) return space.abandon();
        space.names.push(name);
        space.files.push(file);
        const head = new Uint8Array(HEADER_BYTES);
        if (file.read(head, { at: 0 }) !== HEADER_BYTES || !sameBytes(head, header(name)))
          return space.abandon();
      }
      const one = new Uint8Array(1);
      for (let c = 0; c < used.length; c++) {
        const f = layout.fileOf[c] as number;
        const at = HEADER_BYTES + (layout.posOf[c] as number) * CHUNK_BYTES;
        const n = used[c] as number;
        if (n < 0 || n > CHUNK_BYTES) return space.abandon();
        const file = space.files[f] as SyncFile;
        if (file.getSize() < at + n) return space.abandon();
        if (n > 0 && (file.read(one, { at: at + n - 1 }) !== 1 || one[0] !== sep)) return space.abandon();
        space.fileOf.push(f);
        space.posOf.push(layout.posOf[c] as number);
        space.used.push(n);
      }
      const last = used.length - 1;
      if (last >= 0) {
        const tail = new Uint8Array(CHUNK_BYTES);
        const n = space.used[last] as number;
        const f = space.fileOf[last] as number;
        const at = HEADER_BYTES + (space.posOf[last] as number) * CHUNK_BYTES;
        const file = space.files[f] as SyncFile;
        if (file.read(tail.subarray(0, n), { at }) !== n) return space.abandon();
        space.tail = tail;
        // Adopt the file when its writer is gone and nothing lies past this chunk (bytes past it
        // may belong to tables another tab loaded; never overwrite them).
        const name = space.names[f] as string;
        if ((await dir.lock(name)) && file.getSize() === at + n) {
          space.own = f;
          space.ownNext = (space.posOf[last] as number) + 1;
          space.tailWritten = n;
        } else if (space.own < 0) dir.unlock(name);
      }
      if (space.own < 0) {
        const made = await makeFile(dir, prefix);
        space.takeOwn(made.name, made.file);
      }
      space.spareMade = space.prepareSpare();
      return space;
    } catch (err) {
      space.dispose();
      throw err;
    }
  }

  count(): number {
    return this.used.length;
  }
  usedOf(c: number): number {
    return this.used[c] ?? 0;
  }

  append(bytes: Uint8Array, sep: number): number {
    let c = this.used.length - 1;
    const need = bytes.length + 1;
    if (c < 0 || (this.used[c] as number) + need > CHUNK_BYTES) {
      if (c >= 0) this.writeTail();
      this.tail ??= new Uint8Array(CHUNK_BYTES);
      this.fileOf.push(-1);
      this.posOf.push(-1);
      this.used.push(0);
      this.tailWritten = 0;
      c++;
    }
    const tail = this.tail as Uint8Array;
    const at = this.used[c] as number;
    tail.set(bytes, at);
    tail[at + bytes.length] = sep;
    this.used[c] = at + need;
    return c;
  }

  view(c: number, at: number, len: number): Uint8Array {
    if (c === this.used.length - 1) return (this.tail as Uint8Array).subarray(at, at + len);
    const out = this.buf.subarray(0, len);
    const got = (this.files[this.fileOf[c] as number] as SyncFile).read(out, {
      at: HEADER_BYTES + (this.posOf[c] as number) * CHUNK_BYTES + at,
    });
    if (got !== len)
      throw new ChunkFileError(
        `Text chunk file too short: chunk ${c} read ${got} of ${len} bytes from ${this.names[this.fileOf[c] as number]}`,
      );
    return out;
  }

  chunk(c: number): Uint8Array {
    return this.view(c, 0, this.used[c] ?? 0);
  }

  heapBytes(): number {
    return this.buf.length + (this.tail?.length ?? 0);
  }

  /** Resolves once a spare file for `fresh` is ready (or could not be made). */
  whenSpare(): Promise<void> {
    return this.spareMade;
  }

  /** An empty space in the spare file, or null while none is ready (the caller compacts later). */
  fresh(): FileChunks | null {
    const spare = this.spare;
    if (!spare) return null;
    this.spare = null;
    const next = new FileChunks(this.dir, this.prefix);
    next.takeOwn(spare.name, spare.file);
    next.spareMade = next.prepareSpare();
    return next;
  }

  reset(): void {
    const own = this.files[this.own];
    const name = this.names[this.own];
    this.files.forEach((file, i) => i !== this.own && file.close());
    this.files = own ? [own] : [];
    this.names = name !== undefined ? [name] : [];
    this.own = own ? 0 : -1;
    this.fileOf = [];
    this.posOf = [];
    this.used = [];
    this.tailWritten = 0;
  }

  /** Appends chunks persisted in IndexedDB (the in-memory layout), written into this tab's file. */
  loadChunks(chunks: Uint8Array[], used: ArrayLike<number>): void {
    for (const [c, bytes] of chunks.entries()) {
      const n = Math.min(bytes.length, used[c] ?? 0, CHUNK_BYTES);
      if (this.used.length > 0) this.writeTail();
      this.tail ??= new Uint8Array(CHUNK_BYTES);
      this.tail.set(bytes.subarray(0, n));
      this.fileOf.push(-1);
      this.posOf.push(-1);
      this.used.push(n);
      this.tailWritten = 0;
    }
  }

  /** Writes the open chunk to this tab's file and flushes it (before the layout is persisted). */
  flush(): void {
    if (this.used.length > 0) this.writeTail();
    this.files[this.own]?.flush();
  }

  /** Where each chunk is (call `flush` first so the open chunk is in its file). */
  layout(): ChunkLayout {
    return {
      files: [...this.names],
      fileOf: Int32Array.from(this.fileOf),
      posOf: Int32Array.from(this.posOf),
    };
  }

  /** Names of the files this space has open. */
  openNames(): string[] {
    return [...this.names, ...(this.spare ? [this.spare.name] : [])];
  }

  /**
   * Removes this database's chunk files that are neither open here nor named in `keep` (the
   * persisted layout). A file another tab still has open is refused by the browser and stays.
   */
  async collect(keep: Iterable<string>): Promise<number> {
    // A file another tab is making is locked before it exists and opened a moment later: removing
    // it in between left that tab a handle on a removed file (its header write came back short)
    // and its text index rebuilt. Locked names are spared; a dead tab's locks are released.
    const spared = new Set([...keep, ...this.openNames(), ...(await this.dir.held())]);
    let removed = 0;
    for (const name of await this.dir.list())
      if (name.startsWith(this.prefix) && !spared.has(name) && (await this.dir.remove(name))) removed++;
    return removed;
  }

  dispose(): void {
    for (const file of this.files) file.close();
    if (this.own >= 0) this.dir.unlock(this.names[this.own] as string);
    this.spare?.file.close();
    if (this.spare) this.dir.unlock(this.spare.name);
    this.files = [];
    this.names = [];
    this.spare = null;
    this.tail = null;
    this.own = -1;
  }

  private abandon(): null {
    this.dispose();
    return null;
  }

  private takeOwn(name: string, file: SyncFile): void {
    this.own = this.names.length;
    this.names.push(name);
    this.files.push(file);
    this.ownNext = 0;
  }

  private async prepareSpare(): Promise<void> {
    try {
      const made = await makeFile(this.dir, this.prefix);
      if (this.own < 0) {
        // Disposed meanwhile.
        made.file.close();
        this.dir.unlock(made.name);
        await this.dir.remove(made.name);
      } else this.spare = made;
    } catch (err) {
      console.warn('Rivulet: no spare text chunk file (compaction waits)', err);
    }
  }

  // Writes the open chunk's new bytes at its home in this tab's file (a new position when the
  // chunk came from another file: that file is never written).
  private writeTail(): void {
    const c = this.used.length - 1;
    const file = this.files[this.own] as SyncFile;
    if (this.fileOf[c] !== this.own) {
      this.fileOf[c] = this.own;
      this.posOf[c] = this.ownNext++;
      this.tailWritten = 0;
    }
    const n = this.used[c] as number;
    if (n === this.tailWritten) return;
    const part = (this.tail as Uint8Array).subarray(this.tailWritten, n);
    const at = HEADER_BYTES + (this.posOf[c] as number) * CHUNK_BYTES + this.tailWritten;
    const wrote = file.write(part, { at });
    if (wrote !== part.length)
      throw new ChunkFileError(
        `Text chunk file write was cut short: ${wrote} of ${part.length} bytes at ${at} of ${this.names[this.own]} (its size ${file.getSize()})`,
      );
    this.tailWritten = n;
  }
}

// Creates a new file with its header, holding its writer lock.
async function makeFile(dir: ChunkDir, prefix: string): Promise<{ name: string; file: SyncFile }> {
  for (let attempt = 0; ; attempt++) {
    const name = newName(prefix);
    await dir.lock(name);
    const file = await dir.open(name, true);
    // Another tab's `collect` may remove a file between its creation and its opening: try again.
    if (!file) {
      dir.unlock(name);
      if (attempt < 2) continue;
      throw new Error('Text chunk file could not be created');
    }
    const head = header(name);
    if (file.write(head, { at: 0 }) !== head.length) {
      // A handle on a file removed while it was being opened stores nothing: another name.
      file.close();
      dir.unlock(name);
      if (attempt < 2) continue;
      throw new Error('Text chunk file header write was cut short');
    }
    return { name, file };
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
