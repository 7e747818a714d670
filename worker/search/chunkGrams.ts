/**
 * Which byte trigrams each text chunk holds, as a 65,536-bit set per chunk (8 KiB for 1 MiB of
 * text, 0.8%), so `description LIKE` reads and scans only the chunks that may hold its needle.
 * Why: a whole scan reads and searches every byte (at 1M articles ~1 GB of text: 1.3 s with
 * `Uint8Array.indexOf`, ~0.3 s with the SIMD search of byteFinder.ts); a needle of three bytes or
 * more that some chunk lacks a trigram of skips that chunk whole. A set is a superset (hash
 * collisions, dead texts, trigrams across two texts), never a subset, so a skipped chunk can
 * never hold a match. Sets of three bytes (`a b c`) are hashed with a multiplicative hash to 16
 * bits.
 * A chunk whose set is not known (its stored record is missing, of another lineage or
 * generation, or not read yet) is always read, and gets its set at that read.
 *
 * A loaded store's sets are read only when first needed (`defer`, then `install`): by the first
 * `description LIKE`, or by a write that stores a block of them. At 1M articles they are 27
 * records, ~7 MB, and every start read them with the tables although most starts never scan a
 * description; a reload right after marking articles read met the previous page's worker still
 * deserialising them (README, "the reload right after marking"). Until its block comes in, a
 * chunk is unknown, so a scan meanwhile reads it whole (never a wrong answer, only a slower one).
 * A stored set is taken only when it describes the chunk as this store holds it: of the same
 * lineage (persist.ts) and generation (`gen`: new whenever the chunks are written afresh, as a
 * compaction does, which keeps the lineage; between two, chunks only grow, so such a set, even
 * one another tab wrote later, holds every trigram of the bytes loaded), for a chunk whose set
 * is still unknown and that has had nothing appended here since the load.
 */

/** Bits per chunk's set. */
const BITS = 1 << 16;
/** Bytes per chunk's set. */
export const GRAM_SET_BYTES = BITS / 8;

const hashOf = (tri: number): number => Math.imul(tri, 0x9e3779b1) >>> 16;

/** Adds the trigrams of `bytes` to `set`. Cost: O(bytes). */
function addTo(set: Uint8Array, bytes: Uint8Array): void {
  if (bytes.length < 3) return;
  let tri = ((bytes[0] as number) << 8) | (bytes[1] as number);
  for (let i = 2; i < bytes.length; i++) {
    tri = ((tri << 8) | (bytes[i] as number)) & 0xffffff;
    const k = hashOf(tri);
    set[k >>> 3] = (set[k >>> 3] as number) | (1 << (k & 7));
  }
}

/** The bit numbers a needle's trigrams set (deduplicated), or null for a needle under 3 bytes. */
export function needleGrams(pat: Uint8Array): Int32Array | null {
  if (pat.length < 3) return null;
  const keys = new Set<number>();
  for (let i = 2; i < pat.length; i++)
    keys.add(hashOf(((pat[i - 2] as number) << 16) | ((pat[i - 1] as number) << 8) | (pat[i] as number)));
  return Int32Array.from(keys);
}

/** Chunks per stored record of sets (256 KiB). */
export const GRAM_BLOCK = 32;

/**
 * One stored record: the sets of chunks [block × GRAM_BLOCK, + `sets.length`) (null: unknown),
 * and the generation of the sets (absent in records written before generations: '').
 */
export interface GramRecord {
  lineage: string;
  gen?: string;
  sets: (Uint8Array | null)[];
}

const newGen = (): string => Math.random().toString(36).slice(2);

/** The block that holds chunk `c`'s set. */
export const gramBlockOf = (c: number): number => Math.floor(c / GRAM_BLOCK);

export class ChunkGrams {
  /** Per chunk: its set, or null when not known. */
  private sets: (Uint8Array | null)[] = [];
  /** Chunks whose set changed since `takeDirty`. */
  private dirty = new Set<number>();
  /** Blocks whose stored record is not read yet (`defer`), and the lineage it must be of. */
  private pending = new Set<number>();
  private pendingLineage = '';
  private _gen = newGen();
  /** The chunks the last load had (`reset`, `defer`): stored sets describe none after them. */
  private loaded = 0;
  /** Chunks of pending blocks that had bytes appended while unknown (their stored sets lack them). */
  private grown = new Set<number>();

  /** Chunks with a known set. */
  knownCount(): number {
    let n = 0;
    for (const s of this.sets) if (s) n++;
    return n;
  }

  /** Heap bytes of the sets. */
  bytes(): number {
    return this.knownCount() * GRAM_SET_BYTES;
  }

  /**
   * The generation of the sets: new at each `clear` and `reset` (the chunks are written afresh:
   * a compaction, a rebuild, a load), taken from the stored records at a `defer`. Stored with the sets
   * and in the text index's validity record.
   */
  get gen(): string {
    return this._gen;
  }

  /** Forgets every set (an empty store: the next chunks start known). */
  clear(): void {
    this.sets = [];
    this.dirty.clear();
    this.dropPending();
    this._gen = newGen();
  }

  private dropPending(): void {
    this.pending.clear();
    this.grown.clear();
  }

  /** The chunks whose set changed since the last call (ascending). */
  takeDirty(): number[] {
    const out = [...this.dirty].sort((a, b) => a - b);
    this.dirty.clear();
    return out;
  }

  /** Marks every chunk's set changed (after a failed write). */
  markAllDirty(): void {
    this.dirty = new Set(this.sets.keys());
  }

  /**
   * Block `b`'s record. The sets are put as they are (each has a buffer of its own, and a
   * stored value is a copy): only the last chunk's, the one appends still go to, is copied here,
   * so a full write of 1,000 chunks' sets costs no second 8 MB on the heap before the clone.
   */
  pack(b: number, lineage: string): GramRecord {
    const from = b * GRAM_BLOCK;
    const last = this.sets.length - 1;
    const sets = this.sets
      .slice(from, from + GRAM_BLOCK)
      .map((set, i) => (set && from + i === last ? set.slice() : set));
    return { lineage, gen: this._gen, sets };
  }

  /**
   * Forgets every set for a store just loaded with `count` chunks: each is unknown until a scan
   * reads it, unless persist.ts hands over the stored ones (`defer`). A new generation.
   */
  reset(count: number): void {
    this.sets = Array.from({ length: count }, () => null);
    this.dirty.clear();
    this.dropPending();
    this.loaded = count;
    this._gen = newGen();
  }

  // Takes block b's sets from record `r` for the chunks whose set is unknown (a record of another
  // shape gives none).
  private take(b: number, r: Partial<GramRecord>): void {
    if (!Array.isArray(r.sets)) return;
    const n = Math.min(GRAM_BLOCK, this.loaded - b * GRAM_BLOCK, r.sets.length);
    for (let i = 0; i < n; i++) {
      const c = b * GRAM_BLOCK + i;
      const set: unknown = r.sets[i];
      if (
        this.sets[c] == null &&
        !this.grown.has(c) &&
        set instanceof Uint8Array &&
        set.length === GRAM_SET_BYTES
      )
        this.sets[c] = set;
    }
  }

  /**
   * After a load of `count` chunks with no set known: their sets are in stored block records of
   * `lineage` and generation `gen`, to be read later (`pendingBlocks`, `install`).
   */
  defer(lineage: string, gen: string, count: number): void {
    this.reset(count);
    this.pendingLineage = lineage;
    this._gen = gen;
    for (let b = 0; b * GRAM_BLOCK < count; b++) this.pending.add(b);
  }

  /** The blocks not read yet (of `among` when given), ascending. */
  pendingBlocks(among?: Iterable<number>): number[] {
    const out = among ? [...among].filter((b) => this.pending.has(b)) : [...this.pending];
    return out.sort((a, b) => a - b);
  }

  /**
   * Takes the stored records of `blocks` (`records[i]` for `blocks[i]`, as read: undefined when
   * missing). A block no longer pending is skipped (another read, a write or a clear came first);
   * a record of another lineage or generation leaves its chunks unknown.
   */
  install(blocks: readonly number[], records: readonly unknown[]): void {
    blocks.forEach((b, i) => {
      if (!this.pending.delete(b)) return;
      const r = records[i] as Partial<GramRecord> | undefined;
      if (r?.lineage === this.pendingLineage && (r.gen ?? '') === this._gen) this.take(b, r);
    });
    if (this.pending.size === 0) this.grown.clear();
  }

  /**
   * Notes `bytes` appended to chunk `c`. A chunk first seen here starts with a known (empty)
   * set; one that was loaded without a set stays unknown.
   */
  added(c: number, bytes: Uint8Array): void {
    while (this.sets.length < c) this.sets.push(null);
    if (this.sets.length === c) this.sets.push(new Uint8Array(GRAM_SET_BYTES));
    const set = this.sets[c];
    if (!set) {
      // Its stored set lacks these bytes: never taken now, and stored as unknown at the next write.
      if (this.pending.has(gramBlockOf(c))) {
        this.grown.add(c);
        this.dirty.add(c);
      }
      return;
    }
    addTo(set, bytes);
    this.dirty.add(c);
  }

  /** Whether chunk `c`'s set is unknown only because its stored record is not read yet. */
  unread(c: number): boolean {
    return this.sets[c] == null && c < this.loaded && this.pending.has(gramBlockOf(c)) && !this.grown.has(c);
  }

  /** Whether chunk `c`'s set is known. */
  known(c: number): boolean {
    return this.sets[c] != null;
  }

  /** Makes chunk `c`'s set from its whole content (`bytes`: every byte it holds). */
  fill(c: number, bytes: Uint8Array): void {
    while (this.sets.length <= c) this.sets.push(null);
    const set = new Uint8Array(GRAM_SET_BYTES);
    addTo(set, bytes);
    this.sets[c] = set;
    this.dirty.add(c);
  }

  /** False only when chunk `c` surely lacks one of `keys` (needleGrams); true when unknown. */
  mayHold(c: number, keys: Int32Array): boolean {
    const set = this.sets[c];
    if (!set) return true;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as number;
      if (((set[k >>> 3] as number) & (1 << (k & 7))) === 0) return false;
    }
    return true;
  }
}
