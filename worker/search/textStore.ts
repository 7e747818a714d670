/**
 * The description text store: each item's plain text (lower-cased, as `plainTextLower` gives it)
 * as UTF-8 bytes packed into large chunks, with per-slot offset tables. Why not strings: 100k
 * texts as JS strings cost ~94 MB and turn two-byte as soon as one curly quote appears; packed
 * UTF-8 is the plain-text size (ASCII one byte per character) with no per-item object.
 * Slots are append-only: an update writes a new slot and tombstones the old one; `compact()`
 * drops dead bytes. `description LIKE` scans whole chunks with a byte search (see `matches`).
 */
import { SlotMap } from './slotMap';

/**
 * Bytes per chunk. Big enough that per-chunk overhead is nil; small because the last chunk's
 * free tail is memory held for nothing (and a changed chunk is rewritten whole when persisted).
 */
export const CHUNK_BYTES = 1 << 20;
// Separates texts inside a chunk, so a match never spans two items (plain text has no NUL).
const SEP = 0;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Plain columns of a store (what persistence writes). */
export interface TextStoreData {
  chunks: Uint8Array[];
  /** Bytes used in each chunk. */
  used: Int32Array;
  ids: Float64Array;
  chunkOf: Int32Array;
  start: Int32Array;
  length: Int32Array;
  alive: Uint8Array;
}

/** Chunked UTF-8 text keyed by item id. */
export class TextStore {
  private chunks: Uint8Array[] = [];
  private used: number[] = [];
  private ids = new Float64Array(0);
  private chunkOf = new Int32Array(0);
  private start = new Int32Array(0);
  private len = new Int32Array(0);
  private alive = new Uint8Array(0);
  private slots = 0;
  private live = 0;
  private deadBytes = 0;
  private liveBytes = 0;
  private readonly slotOfId = new SlotMap();
  private readonly histogram = new Float64Array(256);
  /** Chunks changed since the last `takeDirty()` (for incremental persistence). */
  private dirty = new Set<number>();
  private _version = 0;

  /** Bumped on every change. */
  get version(): number {
    return this._version;
  }
  /** Number of slots, live or dead (search doc numbers range over these). */
  slotCount(): number {
    return this.slots;
  }
  liveCount(): number {
    return this.live;
  }
  isLive(slot: number): boolean {
    return this.alive[slot] === 1;
  }
  /** Slot of an item id, or -1. */
  slotOf(id: number): number {
    return this.slotOfId.get(id);
  }
  /** Item id of a slot. */
  idOf(slot: number): number {
    return this.ids[slot] ?? 0;
  }
  has(id: number): boolean {
    return this.slotOfId.has(id);
  }
  /** Live item ids (any order). */
  liveIds(): IterableIterator<number> {
    return this.slotOfId.keys();
  }

  /** Bytes held by chunks (allocated) and by live texts. */
  bytes(): { allocated: number; live: number; dead: number } {
    let allocated = 0;
    for (const chunk of this.chunks) allocated += chunk.length;
    return { allocated, live: this.liveBytes, dead: this.deadBytes };
  }

  /**
   * Stores `text` (already plain and lower-cased) for item `id`, replacing any earlier text.
   * Returns the new slot. Cost: one UTF-8 encode into the current chunk.
   */
  put(id: number, text: string): number {
    this.remove(id);
    let bytes = encoder.encode(text);
    // A text larger than a chunk (impossible with the 4,000-character cap) is cut to fit.
    if (bytes.length + 1 > CHUNK_BYTES) bytes = bytes.subarray(0, CHUNK_BYTES - 1);
    let c = this.chunks.length - 1;
    if (c < 0 || (this.used[c] as number) + bytes.length + 1 > CHUNK_BYTES) {
      this.chunks.push(new Uint8Array(CHUNK_BYTES));
      this.used.push(0);
      c++;
    } else if ((this.used[c] as number) + bytes.length + 1 > (this.chunks[c] as Uint8Array).length) {
      // A loaded last chunk is kept at its used size until something is appended to it.
      const full = new Uint8Array(CHUNK_BYTES);
      full.set(this.chunks[c] as Uint8Array);
      this.chunks[c] = full;
    }
    const chunk = this.chunks[c] as Uint8Array;
    const at = this.used[c] as number;
    chunk.set(bytes, at);
    chunk[at + bytes.length] = SEP;
    this.used[c] = at + bytes.length + 1;
    for (let i = 0; i < bytes.length; i++) this.histogram[bytes[i] as number]!++;
    const slot = this.slots++;
    this.grow(this.slots);
    this.ids[slot] = id;
    this.chunkOf[slot] = c;
    this.start[slot] = at;
    this.len[slot] = bytes.length;
    this.alive[slot] = 1;
    this.slotOfId.set(id, slot);
    this.live++;
    this.liveBytes += bytes.length;
    this.dirty.add(c);
    this._version++;
    return slot;
  }

  /** Tombstones the text of `id`; returns its old slot or -1. */
  remove(id: number): number {
    const slot = this.slotOfId.get(id);
    if (slot < 0) return -1;
    this.slotOfId.delete(id);
    this.alive[slot] = 0;
    this.live--;
    this.liveBytes -= this.len[slot] as number;
    this.deadBytes += this.len[slot] as number;
    this._version++;
    return slot;
  }

  /** The text of a slot ('' for dead or unknown slots). Cost: one UTF-8 decode of that text. */
  textOfSlot(slot: number): string {
    if (this.alive[slot] !== 1) return '';
    const s = this.start[slot] as number;
    return decoder.decode(
      (this.chunks[this.chunkOf[slot] as number] as Uint8Array).subarray(s, s + (this.len[slot] as number)),
    );
  }

  /** The text of an item ('' when unknown). */
  text(id: number): string {
    const slot = this.slotOfId.get(id);
    return slot < 0 ? '' : this.textOfSlot(slot);
  }

  /**
   * A map by slot (1 = match) of every live slot whose text contains `needle` (already
   * lower-cased). Scans each chunk once: finds the needle's rarest byte with the native
   * `indexOf`, then compares the rest. An empty needle matches every slot.
   * Cost: ~one pass over the text bytes; far fewer comparisons for needles with a rare byte.
   */
  matches(needle: string): Uint8Array {
    const out = new Uint8Array(this.slots);
    const pat = encoder.encode(needle);
    if (pat.length === 0 || pat.includes(SEP)) {
      for (let s = 0; s < this.slots; s++)
        out[s] = this.alive[s] === 1 && (pat.length === 0 || this.textOfSlot(s).includes(needle)) ? 1 : 0;
      return out;
    }
    let pivot = 0;
    for (let i = 1; i < pat.length; i++)
      if ((this.histogram[pat[i] as number] as number) < (this.histogram[pat[pivot] as number] as number))
        pivot = i;
    const key = pat[pivot] as number;
    const m = pat.length;
    // Slots of one chunk are contiguous and in byte order, so one cursor walks them.
    let slot = 0;
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c] as Uint8Array;
      const end = this.used[c] as number;
      while (slot < this.slots && (this.chunkOf[slot] as number) < c) slot++;
      let p = chunk.indexOf(key, pivot);
      while (p !== -1 && p < end) {
        const at = p - pivot;
        let ok = at + m <= end;
        for (let i = 0; ok && i < m; i++) if (chunk[at + i] !== pat[i]) ok = false;
        if (ok) {
          while (
            slot + 1 < this.slots &&
            this.chunkOf[slot + 1] === c &&
            (this.start[slot + 1] as number) <= at
          )
            slot++;
          if (this.alive[slot] === 1) out[slot] = 1;
          // Later matches in the same text add nothing: jump to the text's end.
          p = chunk.indexOf(
            key,
            Math.max(p + 1, (this.start[slot] as number) + (this.len[slot] as number) + pivot),
          );
        } else {
          p = chunk.indexOf(key, p + 1);
        }
      }
    }
    return out;
  }

  /**
   * Rewrites the live texts into fresh chunks when dead bytes exceed a third of the total.
   * Returns the slot remap (old slot → new slot, -1 for dead) or null when nothing was done.
   * Cost: a copy of the live bytes.
   */
  compact(force = false): Int32Array | null {
    if (!force && this.deadBytes < Math.max(1 << 20, (this.liveBytes + this.deadBytes) / 3)) return null;
    const old = {
      chunks: this.chunks,
      ids: this.ids,
      chunkOf: this.chunkOf,
      start: this.start,
      len: this.len,
    };
    const aliveOld = this.alive;
    const n = this.slots;
    const remap = new Int32Array(n).fill(-1);
    this.chunks = [];
    this.used = [];
    this.ids = new Float64Array(0);
    this.chunkOf = new Int32Array(0);
    this.start = new Int32Array(0);
    this.len = new Int32Array(0);
    this.alive = new Uint8Array(0);
    this.slots = this.live = this.liveBytes = this.deadBytes = 0;
    this.slotOfId.clear();
    this.histogram.fill(0);
    for (let s = 0; s < n; s++) {
      if (aliveOld[s] !== 1) continue;
      const st = old.start[s] as number;
      const bytes = (old.chunks[old.chunkOf[s] as number] as Uint8Array).subarray(
        st,
        st + (old.len[s] as number),
      );
      remap[s] = this.putBytes(old.ids[s] as number, bytes);
    }
    this.dirty = new Set(this.chunks.keys());
    this._version++;
    return remap;
  }

  private putBytes(id: number, bytes: Uint8Array): number {
    return this.put(id, decoder.decode(bytes));
  }

  /** Chunk numbers changed since the last call, and the current chunk count. */
  takeDirty(): { dirty: number[]; count: number } {
    const dirty = [...this.dirty].sort((a, b) => a - b);
    this.dirty.clear();
    return { dirty, count: this.chunks.length };
  }

  /** Marks every chunk dirty (after a failed write, the next one rewrites everything). */
  markAllDirty(): void {
    this.dirty = new Set(this.chunks.keys());
  }

  /**
   * The chunk `c` trimmed to its used bytes, for persistence: a view, not a copy (copying every
   * chunk for a full write held a second text store in memory until the write committed). The
   * viewed bytes never change afterwards: texts are only appended past them, and compaction
   * builds new chunks. IndexedDB clones the view when it is put.
   */
  chunkBytes(c: number): Uint8Array {
    return (this.chunks[c] as Uint8Array).subarray(0, this.used[c]);
  }

  /** Plain columns without the chunk bytes (persistence stores chunks separately). */
  tables(): Omit<TextStoreData, 'chunks'> {
    const n = this.slots;
    return {
      used: Int32Array.from(this.used),
      ids: this.ids.slice(0, n),
      chunkOf: this.chunkOf.slice(0, n),
      start: this.start.slice(0, n),
      length: this.len.slice(0, n),
      alive: this.alive.slice(0, n),
    };
  }

  /**
   * Replaces the content with persisted columns (chunks trimmed to their used bytes, at most
   * CHUNK_BYTES each; they are kept, not copied, unless they are views into a larger buffer).
   * Cost: O(slots) + one pass over the bytes (the byte histogram).
   */
  load(data: TextStoreData): void {
    const n = data.ids.length;
    this.chunks = data.chunks.map((bytes) => {
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const trimmed = bytes.subarray(0, Math.min(bytes.length, CHUNK_BYTES));
      return own && trimmed.length === bytes.length ? bytes : trimmed.slice();
    });
    this.used = Array.from(data.used);
    this.slots = 0;
    this.grow(n);
    this.ids.set(data.ids);
    this.chunkOf.set(data.chunkOf);
    this.start.set(data.start);
    this.len.set(data.length);
    this.alive.set(data.alive);
    this.slots = n;
    this.slotOfId.clear();
    this.histogram.fill(0);
    this.live = this.liveBytes = this.deadBytes = 0;
    for (let s = 0; s < n; s++) {
      const l = this.len[s] as number;
      if (this.alive[s] === 1) {
        this.slotOfId.set(this.ids[s] as number, s);
        this.live++;
        this.liveBytes += l;
      } else this.deadBytes += l;
    }
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c] as Uint8Array;
      const end = this.used[c] as number;
      for (let i = 0; i < end; i++) this.histogram[chunk[i] as number]!++;
    }
    this.dirty.clear();
    this._version++;
  }

  /** Empties the store. */
  clear(): void {
    this.load({
      chunks: [],
      used: new Int32Array(0),
      ids: new Float64Array(0),
      chunkOf: new Int32Array(0),
      start: new Int32Array(0),
      length: new Int32Array(0),
      alive: new Uint8Array(0),
    });
  }

  private grow(min: number): void {
    if (min <= this.ids.length) return;
    const cap = Math.max(1024, min, this.ids.length * 2);
    const copy = <A extends Float64Array | Int32Array | Uint8Array>(src: A, next: A): A => {
      next.set(src.subarray(0, this.slots));
      return next;
    };
    this.ids = copy(this.ids, new Float64Array(cap));
    this.chunkOf = copy(this.chunkOf, new Int32Array(cap));
    this.start = copy(this.start, new Int32Array(cap));
    this.len = copy(this.len, new Int32Array(cap));
    this.alive = copy(this.alive, new Uint8Array(cap));
  }
}
