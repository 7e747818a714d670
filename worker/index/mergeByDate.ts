import type { MetaIndexView } from './types';
import type { DateColumn, IdColumn } from './narrowColumns';

/**
 * Merges two row lists, each newest first (pubDate desc, then id desc), into a new one (the date
 * order is mended this way after every ingest: a few hundred new rows into up to 1M). Reads the
 * index's columns as arrays: with accessor functions instead, merging 250 rows into 1M took
 * ~1.5–2× as long in Node.
 */
export function mergeByDate(a: Int32Array, b: Int32Array, pd: DateColumn, ids: IdColumn): Int32Array {
  const lists = [a, b].filter((rows) => rows.length > 0);
  return lists.length === 2 ? mergeHeads(lists, pd, ids) : (lists[0]?.slice() ?? new Int32Array(0));
}

/**
 * Rows of several lists, each already newest first (pubDate desc, id desc: one feed's rows from
 * `rowsOfFeed`), kept where `keep` holds and merged into one list in that order: up to
 * `MERGE_WAYS` lists at once, each next row the newest of the lists' heads, their dates held
 * beside them (ids read only on a tie); more lists are merged in rounds. O(m · ways) for m rows.
 * Pairwise merges did fewer comparisons (m log k) but each merge was one long loop that Chromium
 * left unoptimised in the engine worker: a group's 12 feeds (25k rows at 1M articles) took
 * ~4.4 ms there after hundreds of runs (~1 ms in Node once optimised), where the heads' loop is
 * hot at once and took ~1.2 ms in Chromium (bench/run/queryProbe.mjs; README "At 1,000,000").
 */
export function mergeDateOrdered(
  lists: Int32Array[],
  keep: ((row: number) => boolean) | true,
  index: MetaIndexView,
): Int32Array {
  const { pubDates, ids } = index.dateColumns?.() ?? dateColumnsOf(index);
  let parts = lists.map((list) => (keep === true ? list : list.filter((r) => keep(r))));
  parts = parts.filter((rows) => rows.length > 0);
  if (parts.length === 0) return new Int32Array(0);
  while (parts.length > 1) {
    const next: Int32Array[] = [];
    for (let i = 0; i < parts.length; i += MERGE_WAYS)
      next.push(mergeHeads(parts.slice(i, i + MERGE_WAYS), pubDates, ids));
    parts = next;
  }
  const rows = parts[0]!;
  return lists.includes(rows) ? rows.slice() : rows;
}

/** Lists merged at once by `mergeHeads`: each row out costs a look at this many heads. */
const MERGE_WAYS = 16;

/** Non-empty lists, newest first, merged into one (ties on the date by id desc). */
function mergeHeads(lists: Int32Array[], pd: DateColumn, ids: IdColumn): Int32Array {
  if (lists.length === 1) return lists[0]!;
  let n = 0;
  for (const rows of lists) n += rows.length;
  const out = new Int32Array(n);
  // Per open list: its rows, where it is, and the date of its next row. A list that runs out
  // takes the last open one's place.
  const open = lists.slice();
  const at = new Int32Array(open.length);
  const head = new Float64Array(open.length);
  for (let j = 0; j < open.length; j++) head[j] = pd[open[j]![0]!]!;
  let k = open.length;
  for (let o = 0; o < n; o++) {
    // One list left: the rest of it as it is (after an ingest, the new rows are usually the
    // newest and the old order follows them whole).
    if (k === 1) {
      out.set(open[0]!.subarray(at[0]), o);
      break;
    }
    let best = 0;
    let newest = head[0]!;
    for (let j = 1; j < k; j++) {
      const h = head[j]!;
      if (h > newest || (h === newest && ids[open[j]![at[j]!]!]! > ids[open[best]![at[best]!]!]!)) {
        newest = h;
        best = j;
      }
    }
    const rows = open[best]!;
    const p = at[best]!;
    out[o] = rows[p]!;
    if (p + 1 < rows.length) {
      at[best] = p + 1;
      head[best] = pd[rows[p + 1]!]!;
    } else {
      k--;
      open[best] = open[k]!;
      at[best] = at[k]!;
      head[best] = head[k]!;
    }
  }
  return out;
}

// An index without column access (test sources): its dates and ids copied into arrays.
function dateColumnsOf(index: MetaIndexView): { pubDates: DateColumn; ids: IdColumn } {
  const n = index.rowCount();
  const pubDates = new Float64Array(n);
  const ids = new Float64Array(n);
  for (let row = 0; row < n; row++) {
    pubDates[row] = index.pubDate(row);
    ids[row] = index.id(row);
  }
  return { pubDates, ids };
}
