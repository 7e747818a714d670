/**
 * Titles joined into one string per width, lower-cased: what `TitleColumn` holds and scans for
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

// Marks in `hits` the rows of `part` whose cell holds `needle` (not across two cells). The
// native search runs for the needle's tail from its rarest character on, and the head is
// checked at each hit: `indexOf` stops at every occurrence of the first character it looks
// for, and at 1M titles "river" took 33–49 ms from its "r" (8% of title characters), 20 from
// its "v" (1%).
// `valid(row, cell)`, when given, says whether a cell still holds its row's title.
export function findIn(
  part: JoinedRows,
  needle: string,
  hits: Uint8Array,
  valid?: (row: number, cell: number) => boolean,
): void {
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
      const row = rows[cell] as number;
      if (!valid || valid(row, cell)) hits[row] = 1;
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
