/**
 * Postings bytes of one term, in one of two layouts chosen per term by whichever is smaller:
 * - LIST (first byte 0): per posting one varint of `delta · 4 + code`, where delta is the doc
 *   number minus the previous one (the first posting: the doc number) and code is tf − 1 for
 *   tf 1–3, or 3 followed by one byte holding tf (4–255, capped). A rare term takes ~1–3 bytes
 *   per posting, a common one ~1.
 * - BITMAP (first byte 1): varints first doc, bitmap bytes and posting count, the bitmap (bit i
 *   of byte j = doc first + 8j + i), then the postings' codes, 2 bits each in doc order (tf − 1, or 3 for
 *   "next escape byte"), then the escape bytes. A word in half the articles costs ~0.5 byte per
 *   posting instead of ~1.
 * Documents must be below 2^28 (the varint holds delta · 4 in 31 bits).
 */

export const LIST = 0;
export const BITMAP = 1;

/** A growable byte buffer that writes one term's postings at a time. */
export class PostingsWriter {
  bytes: Uint8Array;
  length = 0;

  /**
   * `predict`, when given, guesses the final length from what is written so far; a full buffer
   * then grows to a little above that guess instead of doubling (a merge knows how much of its
   * work is done: at 1M articles a doubled buffer was ~60 MB more for the merge's last moments).
   */
  constructor(
    initial = 1 << 16,
    private readonly predict: ((written: number) => number) | null = null,
  ) {
    this.bytes = new Uint8Array(initial);
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const guess = this.predict
      ? Math.max(this.length * 1.125, this.predict(this.length) * 1.03)
      : this.bytes.length * 2;
    const next = new Uint8Array(Math.ceil(Math.max(guess, this.length + extra)));
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  private varint(v: number): void {
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

  /**
   * Appends the postings `docs[0..n)` (ascending) with term frequencies `tfs` (≥ 1) in the
   * smaller layout. Cost: two passes over the postings.
   */
  term(docs: Int32Array, tfs: Int32Array, n: number): void {
    if (n === 0) return;
    let listBytes = 1;
    let escapes = 0;
    let last = 0;
    for (let i = 0; i < n; i++) {
      const tf = tfs[i] as number;
      const v = ((docs[i] as number) - last) * 4 + (tf > 3 ? 3 : tf - 1);
      listBytes += v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
      if (tf > 3) escapes++;
      last = docs[i] as number;
    }
    listBytes += escapes;
    const first = docs[0] as number;
    const mapBytes = (((docs[n - 1] as number) - first) >> 3) + 1;
    const bitmapBytes = 1 + 15 + mapBytes + ((n + 3) >> 2) + escapes;
    if (bitmapBytes < listBytes) this.bitmap(docs, tfs, n, mapBytes);
    else this.list(docs, tfs, n, listBytes);
  }

  private list(docs: Int32Array, tfs: Int32Array, n: number, bytes: number): void {
    this.ensure(bytes);
    this.bytes[this.length++] = LIST;
    let last = 0;
    for (let i = 0; i < n; i++) {
      const tf = tfs[i] as number;
      this.varint(((docs[i] as number) - last) * 4 + (tf > 3 ? 3 : tf - 1));
      if (tf > 3) this.bytes[this.length++] = tf > 255 ? 255 : tf;
      last = docs[i] as number;
    }
  }

  private bitmap(docs: Int32Array, tfs: Int32Array, n: number, mapBytes: number): void {
    this.ensure(1 + 15 + mapBytes + ((n + 3) >> 2) + n);
    this.bytes[this.length++] = BITMAP;
    const first = docs[0] as number;
    this.varint(first);
    this.varint(mapBytes);
    this.varint(n);
    const map = this.length;
    this.bytes.fill(0, map, map + mapBytes);
    for (let i = 0; i < n; i++) {
      const d = (docs[i] as number) - first;
      this.bytes[map + (d >> 3)]! |= 1 << (d & 7);
    }
    const codes = map + mapBytes;
    const codeBytes = (n + 3) >> 2;
    this.bytes.fill(0, codes, codes + codeBytes);
    this.length = codes + codeBytes;
    for (let i = 0; i < n; i++) {
      const tf = tfs[i] as number;
      this.bytes[codes + (i >> 2)]! |= (tf > 3 ? 3 : tf - 1) << ((i & 3) * 2);
      if (tf > 3) this.bytes[this.length++] = tf > 255 ? 255 : tf;
    }
  }

  /**
   * The written bytes: a view of the buffer when its spare capacity is at most an eighth of
   * them, else a trimmed copy (so a large spare is released). A merge sizes its writer from an
   * estimate a little above what it writes: at 1M articles a copy was another ~60 MB on the
   * worker's heap beside the old segment and the writer, for the merge's last moments.
   */
  finish(): Uint8Array {
    const spare = this.bytes.length - this.length;
    return spare <= this.length / 8 ? this.bytes.subarray(0, this.length) : this.bytes.slice(0, this.length);
  }
}

/**
 * Calls `fn(doc, tf)` for each posting of the term stored at `data[from, to)`, in doc order.
 * Cost: a few operations per posting (bitmap: plus one per 8 documents of its span).
 */
export function decodePostings(
  data: Uint8Array,
  from: number,
  to: number,
  fn: (doc: number, tf: number) => void,
): void {
  if (from >= to) return;
  let p = from + 1;
  if (data[from] === LIST) {
    let doc = 0;
    while (p < to) {
      let b = data[p++] as number;
      let v = b & 0x7f;
      let shift = 7;
      while (b & 0x80) {
        b = data[p++] as number;
        v |= (b & 0x7f) << shift;
        shift += 7;
      }
      doc += v >>> 2;
      const code = v & 3;
      fn(doc, code < 3 ? code + 1 : (data[p++] as number));
    }
    return;
  }
  const head = bitmapHead(data, p);
  let esc = head.codes + ((head.count + 3) >> 2);
  let k = 0;
  for (let j = 0; j < head.mapBytes; j++) {
    let bits = data[head.map + j] as number;
    while (bits !== 0) {
      const bit = 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      const code = ((data[head.codes + (k >> 2)] as number) >> ((k & 3) * 2)) & 3;
      k++;
      fn(head.first + j * 8 + bit, code < 3 ? code + 1 : (data[esc++] as number));
    }
  }
}

export interface BitmapHead {
  first: number;
  mapBytes: number;
  count: number;
  /** Offsets of the bitmap and of the codes. */
  map: number;
  codes: number;
}

/** Reads the three varints after a BITMAP kind byte at `p`. */
export function bitmapHead(data: Uint8Array, p: number): BitmapHead {
  const v = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    let b = data[p++] as number;
    let x = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = data[p++] as number;
      x |= (b & 0x7f) << shift;
    }
    v[i] = x;
  }
  const [first, mapBytes, count] = v as [number, number, number];
  return { first, mapBytes, count, map: p, codes: p + mapBytes };
}

/**
 * Where one query word's postings may score (see accumulatePostings): documents whose `hits`
 * equal `group` (matched every earlier word) or `group + 1` (matched this word already, through
 * another of its terms). Group 0 lets every document in and lists it in `touched` (from `count`).
 */
export interface Gate {
  hits: Uint8Array;
  group: number;
  touched: Int32Array;
  count: number;
}

/**
 * Whether `doc` may score for the gate's word, marking it matched (and listing it, for the first
 * word). The same test accumulatePostings inlines in its hot loops; for the colder ones (unmerged
 * postings, feed-title hits).
 */
export function admit(gate: Gate, doc: number, live: boolean): boolean {
  const h = gate.hits[doc] as number;
  if (h === gate.group + 1) return true;
  if (h !== gate.group || !live) return false;
  gate.hits[doc] = gate.group + 1;
  if (gate.group === 0) gate.touched[gate.count++] = doc;
  return true;
}

/**
 * Adds `idf`-weighted BM25 of every live posting of the term at `data[from, to)` that passes
 * the gate into `acc`, setting its `hits` to `group + 1` (IMPORTANT: the hot loop of every
 * search; decoding is inlined, and a document that failed an earlier word costs no arithmetic).
 * `norm[doc]` is K1·(1 − B + B·len/avg); `k1p1` is K1+1.
 */
export function accumulatePostings(
  data: Uint8Array,
  from: number,
  to: number,
  alive: Uint8Array,
  idf: number,
  k1p1: number,
  norm: Float32Array,
  acc: Float64Array,
  gate: Gate,
): void {
  if (from >= to) return;
  const { hits, group, touched } = gate;
  const next = group + 1;
  let count = gate.count;
  if (data[from] === LIST) {
    let p = from + 1;
    let doc = 0;
    while (p < to) {
      let b = data[p++] as number;
      let v = b & 0x7f;
      let shift = 7;
      while (b & 0x80) {
        b = data[p++] as number;
        v |= (b & 0x7f) << shift;
        shift += 7;
      }
      doc += v >>> 2;
      const code = v & 3;
      const tf = code < 3 ? code + 1 : (data[p++] as number);
      const h = hits[doc] as number;
      if (h === group) {
        if (alive[doc] !== 1) continue;
        hits[doc] = next;
        if (group === 0) touched[count++] = doc;
      } else if (h !== next) continue;
      acc[doc] = (acc[doc] as number) + (idf * tf * k1p1) / (tf + (norm[doc] as number));
    }
    gate.count = count;
    return;
  }
  const head = bitmapHead(data, from + 1);
  const { map, codes, first } = head;
  let esc = codes + ((head.count + 3) >> 2);
  let k = 0;
  // The code byte of postings k…k+3, shifted down as they are read.
  let codeByte = 0;
  // Set bits are visited lowest first by isolating each (bits & -bits), and a code byte is read
  // once per four postings: ~20% less time than testing every bit and indexing every code (a
  // term in 76% of 1M documents, Node: 9.5 → 7.8 ms; two such terms 20.1 → 15.7 ms).
  for (let j = 0; j < head.mapBytes; j++) {
    let bits = data[map + j] as number;
    const base = first + j * 8;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const doc = base + 31 - Math.clz32(low);
      codeByte = (k & 3) === 0 ? (data[codes + (k >> 2)] as number) : codeByte >> 2;
      k++;
      const code = codeByte & 3;
      const tf = code < 3 ? code + 1 : (data[esc++] as number);
      const h = hits[doc] as number;
      if (h === group) {
        if (alive[doc] !== 1) continue;
        hits[doc] = next;
        if (group === 0) touched[count++] = doc;
      } else if (h !== next) continue;
      acc[doc] = (acc[doc] as number) + (idf * tf * k1p1) / (tf + (norm[doc] as number));
    }
  }
  gate.count = count;
}

/** Number of postings of the term at `data[from, to)`. Cost: a LIST is decoded; a BITMAP is O(1). */
export function countPostings(data: Uint8Array, from: number, to: number): number {
  if (from >= to) return 0;
  if (data[from] !== LIST) return bitmapHead(data, from + 1).count;
  let n = 0;
  decodePostings(data, from, to, () => n++);
  return n;
}
