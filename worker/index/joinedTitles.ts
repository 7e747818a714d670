/**
 * Title columns joined into one string per width, lower-cased: what `StringColumns` scans for
 * `title LIKE` with a few native `indexOf` runs instead of one `includes` per row, and how the
 * snapshot splits titles by width (docs/architecture.md → "Index memory").
 */

/** Lowered titles of `rows` joined into `text`; row rows[i] is text[starts[i], starts[i + 1]). */
export interface JoinedRows {
  text: string;
  rows: Int32Array;
  starts: Int32Array;
  /** Sampled character counts of `text` (made at the first search). */
  counts?: Map<number, number>;
}

// A string with a character past U+00FF: V8 stores it two bytes a character, and so any string
// it is joined into.
const WIDE = /[^\0-\xff]/;

/** Row numbers of `column` split into one-byte (Latin-1) cells and wide ones. */
export function byWidth(column: readonly string[]): { narrow: number[]; wide: number[] } {
  const narrow: number[] = [];
  const wide: number[] = [];
  for (let i = 0; i < column.length; i++) (WIDE.test(column[i]!) ? wide : narrow).push(i);
  return { narrow, wide };
}

/**
 * Lower-cases a column. One toLowerCase over the joined column is several times faster than one
 * per cell (the cold-start path), and gives the same cells unless a cell's length changes
 * (e.g. 'İ') or the context-sensitive capital sigma is present (final 'ς' depends on the
 * neighbour, which joining changes); then each cell is lowered on its own. Latin-1 cells and wide
 * ones (CJK, ...) are joined apart: the cells are slices of the joined string and keep it alive,
 * and one CJK title in it would make it two bytes a character for every title (measured:
 * docs/architecture.md → "Index memory"). A cell that lowering leaves unchanged is the title
 * string itself (no second copy). Wide cells that lowering leaves as they are (CJK) are still
 * joined, as a copy for scans: at 1M bench articles their 100k titles are 1.1M characters
 * (~2.2 MB), and checking them one by one was 13 ms of every title scan, the copy ~0.5 ms.
 */
export function lowerAll(column: string[]): { out: string[]; parts: JoinedRows[]; loose: number[] } {
  const out = new Array<string>(column.length);
  const parts: JoinedRows[] = [];
  const loose: number[] = [];
  const { narrow, wide } = byWidth(column);
  for (const rows of [narrow, wide]) {
    const part = lowerRows(column, rows, out, rows === wide);
    if (part) parts.push(part);
    else for (const r of rows) loose.push(r);
  }
  return { out, parts, loose };
}

// Lowers the cells `rows` through one joined string. Returns it with the cells' places when most
// cells are slices of it (so it stays in memory anyway), or with `copy` when lowering left most
// cells as they were (the joined string is then a copy kept for scans alone), else null: cells
// lowered one by one (lengths changed), none.
export function lowerRows(column: string[], rows: number[], out: string[], copy: boolean): JoinedRows | null {
  const joined = rows.map((r) => column[r]!).join('');
  const lower = joined.toLowerCase();
  const whole = lower.length === joined.length && !joined.includes('\u03a3');
  const starts = new Int32Array(rows.length + 1);
  let start = 0;
  let sliced = 0;
  rows.forEach((r, i) => {
    const cellOf = column[r]!;
    const end = start + cellOf.length;
    const cell = whole ? lower.slice(start, end) : cellOf.toLowerCase();
    if (cell === cellOf) out[r] = cellOf;
    else {
      out[r] = cell;
      sliced++;
    }
    starts[i] = start;
    start = end;
  });
  starts[rows.length] = start;
  return whole && (copy || sliced * 2 >= rows.length) && rows.length > 0
    ? { text: lower, rows: Int32Array.from(rows), starts }
    : null;
}

// Marks in `hits` the rows of `part` whose cell holds `needle` (not across two cells). The
// native search runs for the needle's tail from its rarest character on, and the head is
// checked at each hit: `indexOf` stops at every occurrence of the first character it looks
// for, and at 1M titles "river" took 33–49 ms from its "r" (8% of title characters), 20 from
// its "v" (1%).
export function findIn(part: JoinedRows, needle: string, hits: Uint8Array): void {
  const { text, rows, starts } = part;
  const from = rarestAt(part, needle);
  const head = needle.slice(0, from);
  const tail = needle.slice(from);
  let cell = 0;
  let at = text.indexOf(tail, from);
  while (at >= 0) {
    const pos = at - from;
    while ((starts[cell + 1] as number) <= pos) cell++;
    const end = starts[cell + 1] as number;
    if (pos + needle.length <= end && (from === 0 || text.startsWith(head, pos))) {
      hits[rows[cell] as number] = 1;
      at = text.indexOf(tail, end + from);
    } else at = text.indexOf(tail, at + 1);
  }
}

// Where in `needle` its rarest character in the part's text sits (the first of equals).
function rarestAt(part: JoinedRows, needle: string): number {
  const counts = (part.counts ??= sampleCounts(part.text));
  let best = 0;
  let fewest = Infinity;
  for (let i = 0; i < needle.length; i++) {
    const n = counts.get(needle.charCodeAt(i)) ?? 0;
    if (n < fewest) {
      fewest = n;
      best = i;
    }
  }
  return best;
}

// Character counts of up to 64k characters spread over `text`.
function sampleCounts(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  const step = Math.max(1, Math.floor(text.length / 65_536));
  for (let i = 0; i < text.length; i += step) {
    const c = text.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return counts;
}
