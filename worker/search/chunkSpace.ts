/**
 * Where the text store's chunks live. One interface, two backings:
 * - `MemoryChunks`: every chunk a Uint8Array on the heap (node tests, jsdom, browsers without
 *   OPFS sync access handles); persist.ts copies changed chunks into IndexedDB.
 * - `FileChunks` (fileChunks.ts): full chunks in OPFS files, only the open last chunk in memory.
 * Chunks are append-only: bytes below a chunk's `used` never change once written, which is what
 * lets other tabs (and the persisted tables) keep pointing at them.
 */

/**
 * Bytes per chunk. Big enough that per-chunk overhead is nil; small because the last chunk's
 * free tail is memory held for nothing (and a changed chunk is rewritten whole when persisted).
 */
export const CHUNK_BYTES = 1 << 20;

/** Storage of a text store's chunks. */
export interface ChunkSpace {
  readonly kind: 'memory' | 'file';
  /** Number of chunks. */
  count(): number;
  /** Bytes used in chunk `c`. */
  usedOf(c: number): number;
  /**
   * Appends `bytes` and one `sep` byte to the last chunk, opening a new chunk when they do not
   * fit (`bytes.length < CHUNK_BYTES`). Returns the chunk; the text starts at `usedOf(c) - len - 1`.
   */
  append(bytes: Uint8Array, sep: number): number;
  /** Bytes `[at, at + len)` of chunk `c`: a view valid until the next call on this space. */
  view(c: number, at: number, len: number): Uint8Array;
  /** The used bytes of chunk `c`: a view valid until the next call on this space. */
  chunk(c: number): Uint8Array;
  /** Bytes this space holds on the JS heap (ArrayBuffers included). */
  heapBytes(): number;
  /** An empty space of the same kind to compact into, or null when none is ready. */
  fresh(): ChunkSpace | null;
  /** Drops every chunk (a file keeps its bytes: new chunks go past them, other tabs may read them). */
  reset(): void;
  /** Appends whole chunks, `used[c]` bytes of each (persisted in IndexedDB). */
  loadChunks(chunks: Uint8Array[], used: ArrayLike<number>): void;
  /** Releases what this space holds (it was replaced). */
  dispose(): void;
}

/** Chunks as heap arrays. */
export class MemoryChunks implements ChunkSpace {
  readonly kind = 'memory';
  private chunks: Uint8Array[] = [];
  private used: number[] = [];

  count(): number {
    return this.chunks.length;
  }
  usedOf(c: number): number {
    return this.used[c] ?? 0;
  }

  append(bytes: Uint8Array, sep: number): number {
    let c = this.chunks.length - 1;
    const need = bytes.length + 1;
    if (c < 0 || (this.used[c] as number) + need > CHUNK_BYTES) {
      this.chunks.push(new Uint8Array(CHUNK_BYTES));
      this.used.push(0);
      c++;
    } else if ((this.used[c] as number) + need > (this.chunks[c] as Uint8Array).length) {
      // A loaded last chunk is kept at its used size until something is appended to it.
      const full = new Uint8Array(CHUNK_BYTES);
      full.set(this.chunks[c] as Uint8Array);
      this.chunks[c] = full;
    }
    const chunk = this.chunks[c] as Uint8Array;
    const at = this.used[c] as number;
    chunk.set(bytes, at);
    chunk[at + bytes.length] = sep;
    this.used[c] = at + need;
    return c;
  }

  view(c: number, at: number, len: number): Uint8Array {
    return (this.chunks[c] as Uint8Array).subarray(at, at + len);
  }

  /**
   * A view, not a copy (persistence writes it: copying every chunk for a full write held a second
   * text store in memory until the write committed). IndexedDB clones the view when it is put.
   */
  chunk(c: number): Uint8Array {
    return (this.chunks[c] as Uint8Array).subarray(0, this.used[c]);
  }

  heapBytes(): number {
    let n = 0;
    for (const chunk of this.chunks) n += chunk.length;
    return n;
  }

  fresh(): ChunkSpace {
    return new MemoryChunks();
  }

  // Loaded chunks are kept, not copied, unless they are views into a larger buffer.
  loadChunks(chunks: Uint8Array[], used: ArrayLike<number>): void {
    this.chunks = chunks.map((bytes, c) => {
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const trimmed = bytes.subarray(0, Math.min(bytes.length, used[c] ?? 0, CHUNK_BYTES));
      return own && trimmed.length === bytes.length ? bytes : trimmed.slice();
    });
    this.used = this.chunks.map((c) => c.length);
  }

  reset(): void {
    this.chunks = [];
    this.used = [];
  }

  dispose(): void {
    this.reset();
  }
}
