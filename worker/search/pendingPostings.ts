/**
 * The inverted index's pending segment: per term, the postings (document, term frequency) added
 * since the last merge, in document order. Why not an array per term: [doc, tf] pairs in plain
 * arrays cost ~21 bytes a posting in V8 (two elements, growth slack, an array and a map entry per
 * term; Node, 1M bench corpus), and a 1M import holds up to ~12M pending postings before the
 * burst's geometric merge rule folds them in: ~250 MB of the engine worker's heap at the peak,
 * against ~3.4 bytes a posting here. Each term's postings are varint-coded (document delta, then
 * frequency) in a chain of blocks carved from shared byte chunks; a block is left for the next
 * one when less than MAX_POSTING bytes remain, and readers follow the same rule, so no block
 * needs a length. Documents must arrive in increasing order per term (InvertedIndex.add does).
 */

const CHUNK_BITS = 18;
/** Bytes of one chunk (256 KiB): memory is taken in these steps and given back at `clear`. */
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;
/** A term's first block; each next block doubles, up to MAX_BLOCK (rare terms stay small). */
const FIRST_BLOCK = 16;
const MAX_BLOCK = 4096;
/** Room a posting may need (two 5-byte varints). */
const MAX_POSTING = 10;
/** Bytes at the start of a block holding the address of the next one. */
const LINK = 4;

/** Size of the block after one of `size` bytes. */
const nextSize = (size: number): number => (size < MAX_BLOCK ? size * 2 : MAX_BLOCK);

export class PendingPostings {
  private chunks: Uint8Array[] = [];
  /** Next free byte address (chunk index × CHUNK + offset). */
  private top = 0;
  /** Term id → its slot in the per-term arrays below. */
  private readonly slots = new Map<number, number>();
  private head = new Int32Array(64);
  /** Address of the term's last block, its size, and where its next posting goes. */
  private tail = new Int32Array(64);
  private size = new Int32Array(64);
  private pos = new Int32Array(64);
  /** The term's last document (deltas are taken from it) and its postings. */
  private last = new Int32Array(64);
  private counts = new Int32Array(64);
  /** Pending postings over all terms. */
  postings = 0;

  /** Terms with pending postings. */
  terms(): IterableIterator<number> {
    return this.slots.keys();
  }

  /** How many terms have pending postings. */
  termCount(): number {
    return this.slots.size;
  }

  /** Pending postings of `term`. */
  count(term: number): number {
    const s = this.slots.get(term);
    return s === undefined ? 0 : (this.counts[s] as number);
  }

  /** Bytes held: the chunks, the per-term arrays and ~24 bytes a term for the map. */
  bytes(): number {
    return this.chunks.length * CHUNK + this.head.byteLength * 6 + this.slots.size * 24;
  }

  /** Bytes the postings take in their blocks (not the blocks' unused ends). O(pending postings). */
  postingBytes(): number {
    let size = 0;
    for (const s of this.slots.values()) this.runs(s, (_, from, to) => (size += to - from));
    return size;
  }

  /** Appends a posting; `doc` must be above every document `term` has (else RangeError). */
  add(term: number, doc: number, tf: number): void {
    let s = this.slots.get(term);
    if (s === undefined) s = this.newTerm(term);
    const prev = this.last[s] as number;
    if (doc <= prev) throw new RangeError(`posting of document ${doc} after ${prev}`);
    let at = this.pos[s] as number;
    if ((this.tail[s] as number) + (this.size[s] as number) - at < MAX_POSTING) at = this.nextBlock(s);
    const chunk = this.chunks[at >>> CHUNK_BITS] as Uint8Array;
    let o = at & MASK;
    let v = doc - prev;
    while (v >= 0x80) {
      chunk[o++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    chunk[o++] = v;
    v = tf;
    while (v >= 0x80) {
      chunk[o++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    chunk[o++] = v;
    this.pos[s] = at + (o - (at & MASK));
    this.last[s] = doc;
    this.counts[s]!++;
    this.postings++;
  }

  /** Calls `fn(doc, tf)` for each pending posting of `term`, in document order. */
  forEach(term: number, fn: (doc: number, tf: number) => void): void {
    const s = this.slots.get(term);
    if (s === undefined) return;
    const chunks = this.chunks;
    let addr = this.head[s] as number;
    let size = FIRST_BLOCK;
    let chunk = chunks[addr >>> CHUNK_BITS] as Uint8Array;
    let o = (addr & MASK) + LINK;
    let end = (addr & MASK) + size;
    let doc = -1;
    for (let n = this.counts[s] as number; n > 0; n--) {
      if (end - o < MAX_POSTING) {
        const b = addr & MASK;
        addr = chunk[b]! | (chunk[b + 1]! << 8) | (chunk[b + 2]! << 16) | (chunk[b + 3]! << 24);
        size = nextSize(size);
        chunk = chunks[addr >>> CHUNK_BITS] as Uint8Array;
        o = (addr & MASK) + LINK;
        end = (addr & MASK) + size;
      }
      let byte = chunk[o++]!;
      let v = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = chunk[o++]!;
        v |= (byte & 0x7f) << shift;
      }
      doc += v;
      byte = chunk[o++]!;
      v = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = chunk[o++]!;
        v |= (byte & 0x7f) << shift;
      }
      fn(doc, v);
    }
  }

  /**
   * The pending postings as bytes for storage (the search index's tail, searchIndex.ts): per
   * term, varints `term, count`, then its postings as they are held (document delta from the one
   * before, the first from -1, then frequency; `readPendingBytes` reads them). ~2–3 bytes a
   * posting: the flat Int32Array of (term, count, doc, tf …) written before took 8, ~96 MB on the
   * engine worker's heap while the text index was written right after a 1M import (~12M
   * postings pending then; bench "after seeding" row). Two passes: sizing, then copying the
   * held bytes. O(pending bytes).
   */
  toBytes(): Uint8Array {
    let size = this.postingBytes();
    for (const [term, s] of this.slots) size += varintLength(term) + varintLength(this.counts[s] as number);
    const out = new Uint8Array(size);
    let w = 0;
    for (const [term, s] of this.slots) {
      w = putVarint(out, w, term);
      w = putVarint(out, w, this.counts[s] as number);
      this.runs(s, (chunk, from, to) => {
        if (to - from > 32) out.set(chunk.subarray(from, to), w);
        else for (let i = from; i < to; i++) out[w + i - from] = chunk[i]!;
        w += to - from;
      });
    }
    return out;
  }

  /**
   * Keeps only the postings whose document passes `keep`, calling `dropped(term, n)` for each term
   * that lost `n`. Rewrites into fresh chunks: O(pending postings).
   */
  filter(keep: (doc: number) => boolean, dropped: (term: number, n: number) => void): void {
    const next = new PendingPostings();
    for (const term of this.slots.keys()) {
      let gone = 0;
      this.forEach(term, (doc, tf) => {
        if (keep(doc)) next.add(term, doc, tf);
        else gone++;
      });
      if (gone > 0) dropped(term, gone);
    }
    this.take(next);
  }

  // Calls `run(chunk, from, to)` for each stretch of the bytes of slot `s`'s postings, in order
  // (one per block: a block's postings end where the writer left it for the next). The same
  // walk as `forEach`, skipping varints instead of decoding them; `forEach` is not built on it
  // because it is the query path's loop (a callback per block there, and a second scan of each
  // posting, would cost every search over pending postings).
  private runs(s: number, run: (chunk: Uint8Array, from: number, to: number) => void): void {
    const chunks = this.chunks;
    let addr = this.head[s] as number;
    let size = FIRST_BLOCK;
    let chunk = chunks[addr >>> CHUNK_BITS] as Uint8Array;
    let o = (addr & MASK) + LINK;
    let end = (addr & MASK) + size;
    let from = o;
    for (let n = this.counts[s] as number; n > 0; n--) {
      if (end - o < MAX_POSTING) {
        run(chunk, from, o);
        const b = addr & MASK;
        addr = chunk[b]! | (chunk[b + 1]! << 8) | (chunk[b + 2]! << 16) | (chunk[b + 3]! << 24);
        size = nextSize(size);
        chunk = chunks[addr >>> CHUNK_BITS] as Uint8Array;
        o = (addr & MASK) + LINK;
        end = (addr & MASK) + size;
        from = o;
      }
      while (chunk[o++]! >= 0x80);
      while (chunk[o++]! >= 0x80);
    }
    run(chunk, from, o);
  }

  /** Drops every posting and gives the chunks back. */
  clear(): void {
    this.take(new PendingPostings());
  }

  private take(other: PendingPostings): void {
    this.chunks = other.chunks;
    this.top = other.top;
    this.slots.clear();
    for (const [term, s] of other.slots) this.slots.set(term, s);
    this.head = other.head;
    this.tail = other.tail;
    this.size = other.size;
    this.pos = other.pos;
    this.last = other.last;
    this.counts = other.counts;
    this.postings = other.postings;
  }

  private newTerm(term: number): number {
    const s = this.slots.size;
    if (s === this.head.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.head = grow(this.head);
      this.tail = grow(this.tail);
      this.size = grow(this.size);
      this.pos = grow(this.pos);
      this.last = grow(this.last);
      this.counts = grow(this.counts);
    }
    const addr = this.alloc(FIRST_BLOCK);
    this.slots.set(term, s);
    this.head[s] = addr;
    this.tail[s] = addr;
    this.size[s] = FIRST_BLOCK;
    this.pos[s] = addr + LINK;
    this.last[s] = -1;
    this.counts[s] = 0;
    return s;
  }

  // Starts the term's next block and links it from the current one; returns where to write.
  private nextBlock(s: number): number {
    const size = nextSize(this.size[s] as number);
    const addr = this.alloc(size);
    const from = this.tail[s] as number;
    const chunk = this.chunks[from >>> CHUNK_BITS] as Uint8Array;
    const b = from & MASK;
    chunk[b] = addr & 0xff;
    chunk[b + 1] = (addr >>> 8) & 0xff;
    chunk[b + 2] = (addr >>> 16) & 0xff;
    chunk[b + 3] = addr >>> 24;
    this.tail[s] = addr;
    this.size[s] = size;
    this.pos[s] = addr + LINK;
    return addr + LINK;
  }

  // `n` bytes that do not cross a chunk's end (the rest of a chunk too small is left unused).
  private alloc(n: number): number {
    if ((this.top & MASK) + n > CHUNK || this.top >>> CHUNK_BITS >= this.chunks.length) {
      if ((this.top & MASK) + n > CHUNK) this.top = ((this.top >>> CHUNK_BITS) + 1) << CHUNK_BITS;
      while (this.chunks.length <= this.top >>> CHUNK_BITS) this.chunks.push(new Uint8Array(CHUNK));
    }
    const addr = this.top;
    this.top += n;
    return addr;
  }
}

const varintLength = (v: number): number =>
  v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;

function putVarint(out: Uint8Array, at: number, value: number): number {
  let v = value;
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[at++] = v;
  return at;
}

/**
 * Reads `PendingPostings.toBytes` output, calling `posting(term, doc, tf)` for each posting in
 * order until it answers false. False when it did, or the bytes are malformed (a varint past the
 * end or over 31 bits, a term with no postings, documents not increasing); calls made before say
 * nothing then. O(bytes).
 */
export function readPendingBytes(
  bytes: Uint8Array,
  posting: (term: number, doc: number, tf: number) => boolean,
): boolean {
  let i = 0;
  const read = (): number => {
    let v = 0;
    for (let shift = 0; shift <= 28; shift += 7) {
      if (i >= bytes.length) return -1;
      const byte = bytes[i++]!;
      v += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return v > 0x7fffffff ? -1 : v;
    }
    return -1;
  };
  while (i < bytes.length) {
    const term = read();
    const count = read();
    if (term < 0 || count < 1) return false;
    let doc = -1;
    for (let k = 0; k < count; k++) {
      const delta = read();
      const tf = read();
      if (delta < 1 || tf < 0) return false;
      doc += delta;
      if (doc > 0x7fffffff || !posting(term, doc, tf)) return false;
    }
  }
  return true;
}
