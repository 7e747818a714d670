/**
 * Postings bytes: per posting, the doc number as a varint delta from the previous doc of the
 * same term, then the term frequency as one byte (capped at 255). Dense terms (a word in half the
 * articles) take ~2 bytes per posting; the whole index is a few typed arrays, no object per term.
 */

/** A growable byte buffer for writing postings. */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(initial = 1 << 16) {
    this.bytes = new Uint8Array(initial);
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  /** Appends one posting. `delta` ≥ 0 (the first posting of a term passes its doc number). */
  posting(delta: number, tf: number): void {
    this.ensure(6);
    let v = delta;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
    this.bytes[this.length++] = tf > 255 ? 255 : tf;
  }

  /** The written bytes, trimmed (a copy, so the buffer's spare capacity is released). */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/**
 * Calls `fn(doc, tf)` for each posting in `data[from, to)`. Cost: a few operations per posting.
 */
export function decodePostings(
  data: Uint8Array,
  from: number,
  to: number,
  fn: (doc: number, tf: number) => void,
): void {
  let p = from;
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
    doc += v;
    fn(doc, data[p++] as number);
  }
}
