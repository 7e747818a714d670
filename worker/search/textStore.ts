/**
 * The description text store: each item's plain text (lower-cased, as `plainTextLower` gives it)
 * as UTF-8 bytes packed into large chunks, with per-slot offset tables. Why not strings: 100k
 * texts as JS strings cost ~94 MB and turn two-byte as soon as one curly quote appears; packed
 * UTF-8 is the plain-text size (ASCII one byte per character) with no per-item object.
 * The chunks live in a `ChunkSpace` (chunkSpace.ts): on the heap, or in OPFS files with only the
 * open last chunk in memory (fileChunks.ts; ~700 MB of text at 1M articles). The slot tables
 * stay in memory either way (~25 bytes a slot).
 * Slots are append-only: an update writes a new slot and tombstones the old one; `compact()`
 * drops dead bytes. `description LIKE` scans chunk by chunk with a byte search (see `matches`
 * and storeScan.ts), skipping chunks whose trigram set lacks one of the needle's (chunkGrams.ts).
 */
import { finderKind } from './byteFinder';
import { ChunkGrams } from './chunkGrams';
import { CHUNK_BYTES, MemoryChunks, type ChunkSpace } from './chunkSpace';
import { SlotMap } from './slotMap';
import { foldSafe } from './tokenize';
import { ScanCosts, scanMatches } from './storeScan';
import { emptyTables, type SlotColumns, type TextStoreData, type TextStoreTables } from './textStoreTables';

export { CHUNK_BYTES };
// Separates texts inside a chunk, so a match never spans two items (plain text has no NUL).
export const SEP = 0;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Chunked UTF-8 text keyed by item id. */
export class TextStore {
  private space: ChunkSpace;
  private ids: Float64Array = new Float64Array(0);
  private chunkOf: Int32Array = new Int32Array(0);
  private start: Int32Array = new Int32Array(0);
  private len: Int32Array = new Int32Array(0);
  private alive: Uint8Array = new Uint8Array(0);
  /** Per slot, 1 when its text is `foldSafe` (tokenize.ts); 0 also for slots loaded without the flag. */
  private safe: Uint8Array = new Uint8Array(0);
  private slots = 0;
  private live = 0;
  private deadBytes = 0;
  private liveBytes = 0;
  private readonly slotOfId = new SlotMap();
  private histogram = new Float64Array(256);
  /** Per chunk, the trigrams its texts hold (the scan skips chunks lacking the needle's). */
  readonly grams = new ChunkGrams();
  /** Chunks changed since the last `takeDirty()` (for incremental persistence in IndexedDB). */
  private dirty = new Set<number>();
  private _version = 0;
  private _numbering = 0;

  /**
   * A store over `space` (default: chunks in memory). `costs`: what reading a text and a whole
   * chunk cost here, as the scans measure it (tests pass their own).
   */
  constructor(
    space: ChunkSpace = new MemoryChunks(),
    private readonly costs = new ScanCosts(),
  ) {
    this.space = space;
  }

  /** Bumped on every change. */
  get version(): number {
    return this._version;
  }
  /** Bumped whenever slots are renumbered (compaction, load, clear): slot → id answers change. */
  get numbering(): number {
    return this._numbering;
  }
  /** How `matches` searches the bytes here: WebAssembly SIMD, or `indexOf` where that cannot run. */
  scanKind(): 'simd' | 'indexOf' {
    return finderKind();
  }
  /** Where the chunks are. */
  get chunks(): ChunkSpace {
    return this.space;
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
  /**
   * Whether the slot's text is known to be `foldSafe` (tokenize.ts): then a run of ASCII letters
   * and digits inside one of its search terms is in the text itself. False when not known
   * (tables stored before the flag was): callers must read the text then.
   */
  isFoldSafe(slot: number): boolean {
    return this.safe[slot] === 1;
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

  /** Bytes held on the heap by chunks (allocated) and bytes of live and dead texts (anywhere). */
  bytes(): { allocated: number; live: number; dead: number } {
    return {
      allocated: this.space.heapBytes() + this.grams.bytes(),
      live: this.liveBytes,
      dead: this.deadBytes,
    };
  }

  /**
   * Stores `text` (already plain and lower-cased) for item `id`, replacing any earlier text.
   * Returns the new slot. Cost: one UTF-8 encode into the current chunk (plus, when that chunk
   * fills, one write of it to its file).
   */
  put(id: number, text: string): number {
    return this.putBytes(id, encoder.encode(text), text);
  }

  // `text`: the string `encoded` was made from, when the caller has it (saves a decode).
  private putBytes(id: number, encoded: Uint8Array, text?: string): number {
    this.remove(id);
    let bytes = encoded;
    // A text larger than a chunk (impossible with the 4,000-character cap) is cut to fit.
    if (bytes.length + 1 > CHUNK_BYTES) bytes = bytes.subarray(0, CHUNK_BYTES - 1);
    const c = this.space.append(bytes, SEP);
    const at = this.space.usedOf(c) - bytes.length - 1;
    let high = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i] as number;
      this.histogram[b]!++;
      high |= b;
    }
    // ASCII (every byte below 0x80) is safe as it stands; other texts are checked as strings.
    const safe =
      high < 0x80 || foldSafe(text !== undefined && bytes === encoded ? text : decoder.decode(bytes));
    // A chunk whose stored set is unread (chunkGrams.ts `defer`), which lacks these bytes, gets
    // its set from its bytes now, once (left unknown, every scan would read it whole).
    if (this.grams.unread(c)) this.grams.fill(c, this.space.chunk(c));
    else this.grams.added(c, bytes);
    const slot = this.slots++;
    this.grow(this.slots);
    this.ids[slot] = id;
    this.chunkOf[slot] = c;
    this.start[slot] = at;
    this.len[slot] = bytes.length;
    this.alive[slot] = 1;
    this.safe[slot] = safe ? 1 : 0;
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

  /**
   * The text of a slot ('' for dead or unknown slots). Cost: one UTF-8 decode of that text (and
   * with file chunks one read of just its bytes).
   */
  textOfSlot(slot: number): string {
    if (this.alive[slot] !== 1) return '';
    return decoder.decode(
      this.space.view(this.chunkOf[slot] as number, this.start[slot] as number, this.len[slot] as number),
    );
  }

  /** The text of an item ('' when unknown). */
  text(id: number): string {
    const slot = this.slotOfId.get(id);
    return slot < 0 ? '' : this.textOfSlot(slot);
  }

  /**
   * A map by slot (1 = match) of every live slot whose text contains `needle` (already
   * lower-cased), by a byte search chunk by chunk (storeScan.ts). A chunk whose trigram set
   * lacks one of the needle's is neither read nor searched; one whose set is not known gets it
   * from a whole read. An empty needle matches every slot.
   * `earlier`: a map this returned for the same needle while `numbering` was what it is now.
   * Its slots are taken as they were (less those removed since) and only the slots added after
   * it are searched: after a refresh, a filter reads the new texts, not the whole store.
   * `among`: 1 for each slot that may hold the needle (the others cannot): chunks without one
   * are skipped, and those with few are read text by text.
   * Cost: ~one pass over the bytes of the chunks that may hold the needle, or of the texts added
   * since `earlier`, or of the texts `among` names; plus O(slots) for the map.
   */
  matches(needle: string, earlier?: Uint8Array, among?: Uint8Array): Uint8Array {
    const pat = encoder.encode(needle);
    if (pat.length > 0 && !pat.includes(SEP)) {
      const { slots, chunkOf, start, len, alive, space, grams, histogram } = this;
      const layout = { slots, chunkOf, start, len, alive, space, grams, histogram };
      return scanMatches(layout, pat, this.costs, earlier, among);
    }
    const out = new Uint8Array(this.slots);
    const from = earlier ? Math.min(earlier.length, this.slots) : 0;
    for (let s = 0; s < from; s++) out[s] = (earlier![s] as number) & (this.alive[s] as number);
    for (let s = from; s < this.slots; s++)
      out[s] = this.alive[s] === 1 && (pat.length === 0 || this.textOfSlot(s).includes(needle)) ? 1 : 0;
    return out;
  }

  /**
   * Rewrites the live texts into a fresh space (memory: new chunks; files: a new file, the old
   * ones left for other tabs and the persisted tables until nobody needs them) when dead bytes
   * exceed a third of the total, or always with `force`. Returns the slot remap (old slot → new
   * slot, -1 for dead) or null when nothing was done (also while no spare file is ready).
   * Cost: a copy of the live bytes (one read of each old chunk).
   */
  compact(force = false): Int32Array | null {
    if (!force && this.deadBytes < Math.max(1 << 20, (this.liveBytes + this.deadBytes) / 3)) return null;
    const next = this.space.fresh();
    if (!next) return null;
    const oldSpace = this.space;
    const old = { ids: this.ids, chunkOf: this.chunkOf, start: this.start, len: this.len };
    const aliveOld = this.alive;
    const n = this.slots;
    const remap = new Int32Array(n).fill(-1);
    this.space = next;
    this.ids = new Float64Array(0);
    this.chunkOf = new Int32Array(0);
    this.start = new Int32Array(0);
    this.len = new Int32Array(0);
    this.alive = new Uint8Array(0);
    this.safe = new Uint8Array(0);
    this.slots = this.live = this.liveBytes = this.deadBytes = 0;
    this.slotOfId.clear();
    this.histogram.fill(0);
    this.grams.clear();
    let loaded = -1;
    let chunk: Uint8Array = new Uint8Array(0);
    for (let s = 0; s < n; s++) {
      if (aliveOld[s] !== 1) continue;
      const c = old.chunkOf[s] as number;
      if (c !== loaded) {
        chunk = oldSpace.chunk(c);
        loaded = c;
      }
      const st = old.start[s] as number;
      remap[s] = this.putBytes(old.ids[s] as number, chunk.subarray(st, st + (old.len[s] as number)));
    }
    oldSpace.dispose();
    this.dirty = new Set(Array.from({ length: this.space.count() }, (_, i) => i));
    this._version++;
    this._numbering++;
    return remap;
  }

  /** Chunk numbers changed since the last call, and the current chunk count. */
  takeDirty(): { dirty: number[]; count: number } {
    const dirty = [...this.dirty].sort((a, b) => a - b);
    this.dirty.clear();
    return { dirty, count: this.space.count() };
  }

  /** Marks every chunk dirty (after a failed write, the next one rewrites everything). */
  markAllDirty(): void {
    this.dirty = new Set(Array.from({ length: this.space.count() }, (_, i) => i));
    this.grams.markAllDirty();
  }

  /**
   * The chunk `c` trimmed to its used bytes, for persistence in IndexedDB (memory chunks: a view
   * whose bytes never change afterwards; texts are only appended past them).
   */
  chunkBytes(c: number): Uint8Array {
    return this.space.chunk(c);
  }

  /** Slot tables without the chunk bytes (persistence stores chunks separately). */
  tables(): TextStoreTables {
    return { ...this.slotColumns(0), ...this.slotState() };
  }

  /**
   * Item, chunk, start and length of the slots from `from` on (copies). Slots are append-only
   * until the numbering moves (`numbering`), so those of earlier slots never change meanwhile:
   * persistence writes them once and the later slots' after them. O(slots copied).
   */
  slotColumns(from: number): SlotColumns {
    const n = this.slots;
    return {
      ids: this.ids.slice(from, n),
      chunkOf: this.chunkOf.slice(from, n),
      start: this.start.slice(from, n),
      length: this.len.slice(from, n),
      safe: this.safe.slice(from, n),
    };
  }

  /** What a change of any slot moves: bytes used per chunk, the live byte of every slot, the histogram (copies). */
  slotState(): Pick<TextStoreTables, 'used' | 'alive' | 'histogram'> {
    return {
      used: Int32Array.from({ length: this.space.count() }, (_, c) => this.space.usedOf(c)),
      alive: this.alive.slice(0, this.slots),
      histogram: this.histogram.slice(),
    };
  }

  /**
   * Replaces the content with persisted columns and their chunks (trimmed to their used bytes, at
   * most CHUNK_BYTES each), put into the current space. Cost: O(slots) + the chunk bytes.
   */
  load(data: TextStoreData): void {
    this.space.reset();
    this.space.loadChunks(data.chunks, data.used);
    this.loadTables(data);
  }

  /**
   * Makes `space` (already holding the persisted chunks, e.g. restored files) this store's, with
   * the slot tables. Cost: O(slots) (plus one pass over the bytes when no histogram was kept).
   */
  loadWith(space: ChunkSpace, tables: TextStoreTables, { adopt = false }: { adopt?: boolean } = {}): void {
    if (space !== this.space) this.space.dispose();
    this.space = space;
    this.loadTables(tables, adopt);
  }

  // With `adopt` the slot columns become the store's own arrays where each is one slot long
  // (the caller made them for this load and keeps no reference): at 1M articles copying them
  // was ~22 MB of fresh memory, which costs ~5–12 ms a megabyte on the two-core benchmark VM.
  private loadTables(data: TextStoreTables, adopt = false): void {
    const n = data.ids.length;
    const own =
      adopt &&
      n > 0 &&
      [data.chunkOf, data.start, data.length, data.alive, data.safe].every((a) => a?.length === n);
    this.slots = 0;
    if (own) {
      this.ids = data.ids;
      this.chunkOf = data.chunkOf;
      this.start = data.start;
      this.len = data.length;
      this.alive = data.alive;
      this.safe = data.safe!;
    } else {
      this.grow(n);
      this.ids.set(data.ids);
      this.chunkOf.set(data.chunkOf);
      this.start.set(data.start);
      this.len.set(data.length);
      this.alive.set(data.alive);
      // Tables stored before the flag leave it 0 (not known) for their slots.
      this.safe.fill(0, 0, n);
      if (data.safe?.length === n) this.safe.set(data.safe);
    }
    this.slots = n;
    this.slotOfId.clear();
    this.live = this.liveBytes = this.deadBytes = 0;
    for (let s = 0; s < n; s++) {
      const l = this.len[s] as number;
      if (this.alive[s] === 1) {
        this.slotOfId.set(this.ids[s] as number, s);
        this.live++;
        this.liveBytes += l;
      } else this.deadBytes += l;
    }
    if (data.histogram?.length === 256) this.histogram = data.histogram.slice();
    else {
      this.histogram.fill(0);
      for (let c = 0; c < this.space.count(); c++) {
        const chunk = this.space.chunk(c);
        for (let i = 0; i < chunk.length; i++) this.histogram[chunk[i] as number]!++;
      }
    }
    this.grams.reset(this.space.count());
    this.dirty.clear();
    this._version++;
    this._numbering++;
  }

  /** Empties the store. */
  clear(): void {
    this.load({ chunks: [], ...emptyTables() });
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
    this.safe = copy(this.safe, new Uint8Array(cap));
  }
}
