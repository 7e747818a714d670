/**
 * Titles joined into one string per width, lower-cased: what `TitleColumn` holds and scans for
 * `title LIKE` with a few native `indexOf` runs instead of one `includes` per row, and how the
 * snapshot splits titles by width and stores them joined (`JoinedTitles`: made, checked and
 * concatenated here; docs/architecture.md → "Index memory").
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

// A string with a character past U+00FF: V8 stores it two bytes a character, and so any string
// it is joined into; such titles are joined apart.
export const WIDE = /[^\0-\xff]/;

/**
 * Titles as a snapshot's text record holds them (snapshotFormat.ts): joined per width, and where
 * each row's title ends in its string. A load makes its segments from these strings as they are.
 */
export interface JoinedTitles {
  /** [Latin-1 titles, wider ones (CJK, ...)]. */
  text: [string, string];
  /** 1 where row r's title is in text[1]. */
  wide: Uint8Array;
  /** End offset of row r's title inside its string. */
  ends: Uint32Array;
  /**
   * Set when the titles came in parts (a snapshot's text parts, textParts.ts): each part's own
   * strings, for its `rows` consecutive rows, in order. `text` is then their concatenation, a
   * rope V8 does not copy until it is read, and the title column takes each part as segments of
   * its own instead (`TitleColumn.loadJoined`): at 1M rows joining the parts' strings was a
   * copy of ~45 MB.
   */
  parts?: { text: [string, string]; rows: number }[];
}

/** True when `j`'s offsets fit its strings: every row's title lies inside, in row order. O(rows). */
export function fitsJoined(j: JoinedTitles): boolean {
  const { text, wide, ends } = j;
  if (wide.length !== ends.length) return false;
  let narrowAt = 0;
  let wideAt = 0;
  for (let r = 0; r < ends.length; r++) {
    const w = wide[r]!;
    const end = ends[r]!;
    if (w === 0) {
      if (end < narrowAt) return false;
      narrowAt = end;
    } else if (w === 1) {
      if (end < wideAt) return false;
      wideAt = end;
    } else return false;
  }
  return narrowAt === text[0].length && wideAt === text[1].length;
}

/** The rows of `a` followed by those of `b`. Cost: O(rows) plus two string concatenations. */
export function concatJoined(a: JoinedTitles, b: JoinedTitles): JoinedTitles {
  const n = a.ends.length;
  const wide = new Uint8Array(n + b.ends.length);
  wide.set(a.wide);
  wide.set(b.wide, n);
  const ends = new Uint32Array(n + b.ends.length);
  ends.set(a.ends);
  const shift = [a.text[0].length, a.text[1].length];
  b.ends.forEach((end, i) => (ends[n + i] = end + shift[b.wide[i]!]!));
  const parts = a.parts && [...a.parts, ...(b.parts ?? [{ text: b.text, rows: b.ends.length }])];
  return { text: [a.text[0] + b.text[0], a.text[1] + b.text[1]], wide, ends, ...(parts ? { parts } : {}) };
}

/** Titles joined as a snapshot stores them. */
export function joinedTitlesOf(titles: readonly string[]): JoinedTitles {
  const parts: [string[], string[]] = [[], []];
  const at = [0, 0];
  const wide = new Uint8Array(titles.length);
  const ends = new Uint32Array(titles.length);
  titles.forEach((t, i) => {
    const w = WIDE.test(t) ? 1 : 0;
    parts[w].push(t);
    at[w] = at[w]! + t.length;
    wide[i] = w;
    ends[i] = at[w]!;
  });
  return { text: [parts[0].join(''), parts[1].join('')], wide, ends };
}
