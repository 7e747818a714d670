/**
 * Short strings of a few fields per row, kept as UTF-8 bytes in one growable buffer instead of
 * JS strings. A row's record is its fields in order, each as a varint byte length and its bytes;
 * one start offset per row finds it. Written for the index's links, enclosures and guids: three
 * URL-like strings of every item that are read rarely (a filter naming them, a related-items
 * scan, an article page), where JS strings cost a header, a pointer and padding apiece (measured
 * in docs/architecture.md → "Index memory"). A rewritten row appends a new record; the old bytes
 * are dead until `compact`.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `length` bytes for records a `PackedStrings` will adopt (`fromBytes` with `grows`), over a
 * buffer with room after them for rows appended later: 1/8 more, between 64 KiB and 16 MiB. A
 * cold start's loaded records were exactly as long as their bytes, so the session's first new
 * article copied all of them into a buffer a quarter larger (at 1M articles ~0.6 s of the
 * engine's thread in a probe, and both buffers live meanwhile); the room holds a refresh's worth.
 * The stored text's tail holds up to 1/16 of its rows (snapshotWrite.ts `TAIL_SHARE`), joined
 * into this room at a start (`appendInRoom`): 1/8 leaves it rows up to twice the average size.
 */
export function withRoom(length: number): Uint8Array<ArrayBuffer> {
  const room = Math.min(1 << 24, Math.max(1 << 16, Math.ceil(length / 8)));
  return new Uint8Array(new ArrayBuffer(length + room), 0, length);
}

/**
 * The bytes of `head` followed by those of `tail`. When `withRoom` made `head` (`headRoom`) and
 * `tail` fits in its room, `tail` is written there and the result is a longer view of the same
 * buffer (what room is left stays the result's); otherwise both are copied into a new buffer
 * with room. The bytes of `head` are never written. A cold start joins its stored records with
 * the tail of those written since (`joinText`): copying ~100 MB of records at 1M articles into
 * fresh memory took ~350 ms of the engine's thread, before any text filter could answer.
 */
export function appendInRoom(head: Uint8Array, tail: Uint8Array, headRoom: boolean): Uint8Array<ArrayBuffer> {
  const { buffer, byteOffset, length } = head;
  if (headRoom && buffer instanceof ArrayBuffer && buffer.byteLength - byteOffset - length >= tail.length) {
    const out = new Uint8Array(buffer, byteOffset, length + tail.length);
    out.set(tail, length);
    return out;
  }
  const out = withRoom(length + tail.length);
  out.set(head);
  out.set(tail, length);
  return out;
}

export class PackedStrings {
  private bytes: Uint8Array = new Uint8Array(1024);
  private used = 0;
  private dead = 0;
  /** Byte offset of each row's record. */
  private starts = new Uint32Array(0);
  /** Rows with a record (0..rows-1). */
  private rows = 0;
  /** Byte length of the field `locate` found last. */
  private located = 0;
  /**
   * Per field, one bit per row, set when the row's value is not empty. `scanAscii` visits only
   * those rows: at 1M articles 95% have no enclosure, and reading every record to learn so took
   * ~25 ms of a ~38 ms `enclosure LIKE` (Node). 1 bit a row a field (375 KB at 1M).
   */
  private filled: Int32Array[];

  constructor(private readonly fields: number) {
    this.filled = Array.from({ length: fields }, () => new Int32Array(0));
  }

  /** Bytes held (live and dead), for reports. */
  byteLength(): number {
    return this.used + this.starts.byteLength;
  }

  /** Sets row `row`'s fields; rows skipped over (past the last one set) read ''. */
  set(row: number, values: readonly string[]): void {
    if (row < this.rows) this.dead += this.recordEnd(row) - this.starts[row]!;
    else {
      if (row >= this.starts.length) this.growRows(row + 1);
      if (row > this.rows) {
        // One shared all-empty record for the gap (e.g. rows appended before `attachText`).
        const empty = this.used;
        for (let f = 0; f < this.fields; f++) this.put('');
        this.starts.fill(empty, this.rows, row);
      }
      this.rows = row + 1;
    }
    this.starts[row] = this.used;
    for (let f = 0; f < this.fields; f++) {
      const value = values[f] ?? '';
      this.put(value);
      this.mark(f, row, value !== '');
    }
    if (this.dead > Math.max(1 << 16, this.used / 2)) this.compact(null);
  }

  /** Field `field` of `row` ('' when the row has none). Cost: one UTF-8 decode of that field. */
  get(row: number, field: number): string {
    if (row < 0 || row >= this.rows) return '';
    const [from, to] = this.span(row, field);
    return from === to ? '' : decodeBytes(this.bytes, from, to);
  }

  /** Whether field `field` of `row` contains the UTF-8 bytes `part` (non-empty). No decoding. */
  includes(row: number, field: number, part: Uint8Array): boolean {
    if (row < 0 || row >= this.rows || !this.isFilled(field, row)) return false;
    const [from, to] = this.span(row, field);
    const b = this.bytes;
    const m = part.length;
    const first = part[0]!;
    for (let at = b.indexOf(first, from); at !== -1 && at + m <= to; at = b.indexOf(first, at + 1)) {
      let i = 1;
      while (i < m && b[at + i] === part[i]) i++;
      if (i === m) return true;
    }
    return false;
  }

  /**
   * Whether field `field` of `row`, lower-cased, contains `part`: ASCII bytes already lower-cased
   * (non-empty). Undefined when a non-ASCII byte comes before any match, where JS lower-casing
   * can change lengths or map into ASCII (the Kelvin sign becomes "k"): the caller decodes those.
   * No decoding otherwise: LIKE on links and enclosures at 1M rows built a string per row.
   */
  includesAscii(row: number, field: number, part: Uint8Array): boolean | undefined {
    if (row < 0 || row >= this.rows || !this.isFilled(field, row)) return false;
    const [from, to] = this.span(row, field);
    const found = foldedFind(this.bytes, from, to, part);
    return found === UNDECIDED ? undefined : found === 1;
  }

  /**
   * `includesAscii` for every row at once, in row order: per row 1 (contains), 0 (does not) or
   * 2 (a non-ASCII byte before any match: undecided). Cost: one pass over the records' bytes.
   */
  scanAscii(field: number, part: Uint8Array, rows: number): Uint8Array {
    const out = new Uint8Array(rows);
    const n = Math.min(rows, this.rows);
    const b = this.bytes;
    const bits = this.filled[field]!;
    const words = Math.min(bits.length, Math.ceil(n / 32));
    for (let w = 0; w < words; w++) {
      // The rows of this word with a value, lowest first.
      for (let word = bits[w]!; word !== 0; word &= word - 1) {
        const r = w * 32 + 31 - Math.clz32(word & -word);
        if (r >= n) break;
        const from = this.locate(r, field);
        out[r] = foldedFind(b, from, from + this.located, part);
      }
    }
    return out;
  }

  /** Renumbers: row `keep[i]` becomes row i, others are dropped (null: keep all). O(live bytes). */
  compact(keep: Int32Array | null): void {
    const n = keep ? keep.length : this.rows;
    const packed = this.toBytes(keep ?? undefined);
    const room = new Uint8Array(Math.max(1024, Math.ceil(packed.length * 1.25)));
    room.set(packed);
    const cap = Math.max(n, Math.min(this.starts.length, Math.ceil(n * 1.25)));
    const ok = this.fromBytes(room.subarray(0, packed.length), n);
    if (!ok) throw new Error('PackedStrings: records lost in compaction');
    this.bytes = room;
    const starts = new Uint32Array(cap);
    starts.set(this.starts);
    this.starts = starts;
  }

  /** The records of `keep` (default: every row), back to back (the snapshot form). O(bytes). */
  toBytes(keep?: Int32Array): Uint8Array {
    const n = keep ? keep.length : this.rows;
    let size = 0;
    for (let i = 0; i < n; i++) {
      const r = keep ? keep[i]! : i;
      size += this.recordEnd(r) - this.starts[r]!;
    }
    const out = new Uint8Array(size);
    let w = 0;
    // Records next to each other in `bytes` (rows appended in order: nearly all of them) are
    // copied as one run; a view per record made a million short-lived objects at 1M rows.
    let from = 0;
    let to = 0;
    for (let i = 0; i < n; i++) {
      const r = keep ? keep[i]! : i;
      const s = this.starts[r]!;
      const e = this.recordEnd(r);
      if (s !== to) {
        out.set(this.bytes.subarray(from, to), w);
        w += to - from;
        from = s;
      }
      to = e;
    }
    out.set(this.bytes.subarray(from, to), w);
    return out;
  }

  /**
   * Replaces the content with `bytes` holding `rows` records back to back (`toBytes` output).
   * False, changing nothing, when the records do not end exactly at the end of the bytes.
   * `grows`: the rest of `bytes`' buffer after them is this one's to append into (`withRoom`
   * made it; nothing else may use it). The bytes themselves are never written again.
   */
  fromBytes(bytes: Uint8Array, rows: number, { grows = false } = {}): boolean {
    const fields = this.fields;
    const starts = new Uint32Array(rows);
    const filled = Array.from({ length: fields }, () => new Int32Array(Math.ceil(rows / 32)));
    // The rows' bits of each field gather in `word` (one per field) and are stored once per 32
    // rows, not or-ed into the bitmaps a row at a time: in Chromium, parsing 1M rows of 101 MB
    // went from 40–50 to 25–32 ms on a first call (21–28 from 31–34 warm).
    const word = new Int32Array(fields);
    const end = bytes.length;
    let p = 0;
    for (let r = 0; r < rows; r++) {
      starts[r] = p;
      const bit = 1 << (r & 31);
      for (let f = 0; f < fields; f++) {
        if (p >= end) return false;
        let len = bytes[p++]!;
        // Lengths under 128 (nearly all) are one byte: no loop (at 1M rows of URL-like records
        // the parse went from 45–50 to 18–24 ms in Node).
        if (len >= 0x80) {
          len &= 0x7f;
          let shift = 7;
          let byte: number;
          do {
            // At most four bytes (a field under 256 MiB; a fetched feed is at most 10 MiB), so
            // the length stays a small integer: `* 2 ** shift` made it a float, and parsing 1M
            // rows of which one in 13 had a long field took ~50 ms warm against ~39 in Chromium.
            if (p >= end || shift > 21) return false;
            byte = bytes[p++]!;
            len |= (byte & 0x7f) << shift;
            shift += 7;
          } while (byte >= 0x80);
        }
        if (len > 0) word[f]! |= bit;
        p += len;
      }
      if ((r & 31) === 31 || r === rows - 1) {
        for (let f = 0; f < fields; f++) {
          filled[f]![r >>> 5] = word[f]!;
          word[f] = 0;
        }
      }
      if (p > end) return false;
    }
    if (p !== bytes.length) return false;
    this.bytes = grows
      ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.buffer.byteLength - bytes.byteOffset)
      : bytes;
    this.used = bytes.length;
    this.dead = 0;
    this.starts = starts;
    this.rows = rows;
    this.filled = filled;
    return true;
  }

  /** Forgets every row. */
  clear(): void {
    this.bytes = new Uint8Array(1024);
    this.starts = new Uint32Array(0);
    this.used = this.dead = this.rows = 0;
    this.filled = this.filled.map(() => new Int32Array(0));
  }

  private isFilled(field: number, row: number): boolean {
    return ((this.filled[field]![row >>> 5] ?? 0) & (1 << (row & 31))) !== 0;
  }

  private mark(field: number, row: number, on: boolean): void {
    let bits = this.filled[field]!;
    const w = row >>> 5;
    if (w >= bits.length) {
      if (!on) return;
      const grown = new Int32Array(Math.max(32, w + 1, Math.ceil(bits.length * 1.25)));
      grown.set(bits);
      this.filled[field] = bits = grown;
    }
    if (on) bits[w]! |= 1 << (row & 31);
    else bits[w]! &= ~(1 << (row & 31));
  }

  // [from, to) of one field's bytes.
  private span(row: number, field: number): [number, number] {
    const from = this.locate(row, field);
    return [from, from + this.located];
  }

  // Where field `field` of `row` starts; its byte length is left in `located` (no pair built:
  // scanAscii calls this once a row, a million times at 1M articles).
  private locate(row: number, field: number): number {
    let p = this.starts[row]!;
    const b = this.bytes;
    for (let f = 0; ; f++) {
      let len = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = b[p++]!;
        len |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte >= 0x80);
      if (f === field) {
        this.located = len;
        return p;
      }
      p += len;
    }
  }

  private recordEnd(row: number): number {
    return this.span(row, this.fields - 1)[1];
  }

  private put(value: string): void {
    // A UTF-8 string is at most 3 bytes per UTF-16 unit, plus ≤ 5 bytes of length.
    const room = value.length * 3 + 5;
    if (this.used + room > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.used + room, Math.ceil(this.bytes.length * 1.25)));
      next.set(this.bytes.subarray(0, this.used));
      this.bytes = next;
    }
    const at = this.used;
    const ascii = isAscii(value);
    const len = ascii ? value.length : encoder.encodeInto(value, this.bytes.subarray(at + 5)).written;
    let p = at;
    let n = len;
    do {
      this.bytes[p++] = (n & 0x7f) | (n >= 0x80 ? 0x80 : 0);
      n = Math.floor(n / 128);
    } while (n > 0);
    if (ascii) for (let i = 0; i < len; i++) this.bytes[p + i] = value.charCodeAt(i);
    else this.bytes.copyWithin(p, at + 5, at + 5 + len);
    this.used = p + len;
  }

  private growRows(min: number): void {
    const next = new Uint32Array(Math.max(1024, min, Math.ceil(this.starts.length * 1.25)));
    next.set(this.starts.subarray(0, this.rows));
    this.starts = next;
  }
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

// TextDecoder measured faster than building the string from char codes even for short ASCII
// fields (~0.33 µs against ~0.6–0.7 µs a 40-byte URL, Node 20).
function decodeBytes(b: Uint8Array, from: number, to: number): string {
  return decoder.decode(b.subarray(from, to));
}

const lowerAscii = (byte: number): number => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);
const UNDECIDED = 2;

// Whether b[from, to), ASCII capitals lowered, contains `part` (lower-cased ASCII): 1 yes, 0 no,
// UNDECIDED when a non-ASCII byte comes before any match. One pass: a match among ASCII bytes
// stays a match however the rest lower-cases (each character maps on its own, and ASCII to
// ASCII), so only a "no" needs every byte to be ASCII. A first pass over the bytes for non-ASCII
// ones made `link LIKE` over 1M links 235 against 167 ms (Node).
function foldedFind(b: Uint8Array, from: number, to: number, part: Uint8Array): number {
  const m = part.length;
  const first = part[0]!;
  const last = to - m;
  for (let at = from; at < to; at++) {
    const c = b[at]!;
    if (c >= 0x80) return UNDECIDED;
    if (at > last || lowerAscii(c) !== first) continue;
    let i = 1;
    while (i < m && lowerAscii(b[at + i]!) === part[i]) i++;
    if (i === m) return 1;
  }
  return 0;
}
