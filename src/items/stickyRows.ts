/**
 * "Only unread" lists keep the rows read during this visit on screen until the list is
 * reloaded: nothing jumps away under the reader. The engine's unread-only pages no longer
 * contain them after a refetch, so they are remembered here and merged back in.
 */
import type { ItemRow } from '../engine/contract';

/** A row read during this visit, with the position it had when it was read. */
export interface StickyRow {
  row: ItemRow;
  index: number;
}

/** Newest first, then higher id first: the engine's list order. */
function before(a: ItemRow, b: ItemRow): boolean {
  return a.pubDate > b.pubDate || (a.pubDate === b.pubDate && a.id > b.id);
}

/**
 * Merges sticky rows back into `fetched` (which must not contain rows the caller wants hidden).
 * Date-ordered lists place each sticky row by its date; ranked lists (search) put it back at
 * its old position. When the list is not complete (`complete` false) a sticky row that sorts
 * after the last fetched row is left out: the page that would hold it is not loaded yet.
 * Cost: O(fetched + sticky log sticky).
 */
export function mergeSticky(
  fetched: readonly ItemRow[],
  sticky: ReadonlyMap<number, StickyRow>,
  opts: { ranked: boolean; complete: boolean },
): ItemRow[] {
  if (sticky.size === 0) return fetched as ItemRow[];
  const present = new Set(fetched.map((r) => r.id));
  const missing = [...sticky.values()].filter((s) => !present.has(s.row.id));
  if (missing.length === 0) return fetched as ItemRow[];
  if (opts.ranked) {
    const out = [...fetched];
    for (const s of missing.sort((a, b) => a.index - b.index)) {
      if (!opts.complete && s.index > out.length) continue;
      out.splice(Math.min(s.index, out.length), 0, s.row);
    }
    return out;
  }
  const rows = missing.map((s) => s.row).sort((a, b) => (before(a, b) ? -1 : 1));
  const last = fetched[fetched.length - 1];
  const out: ItemRow[] = [];
  let j = 0;
  for (const r of fetched) {
    while (j < rows.length && before(rows[j]!, r)) out.push(rows[j++]!);
    out.push(r);
  }
  for (; j < rows.length; j++) if (opts.complete || !last) out.push(rows[j]!);
  return out;
}

/**
 * Which fetched rows to show: with `onlyUnread`, read rows are hidden unless they were read
 * during this visit (sticky). `flagsOf` gives the current flags (local changes included).
 */
export function visibleRows(
  rows: readonly ItemRow[],
  onlyUnread: boolean,
  sticky: ReadonlyMap<number, StickyRow>,
  flagsOf: (row: ItemRow) => number,
  readBit: number,
): ItemRow[] {
  if (!onlyUnread) return rows as ItemRow[];
  return rows.filter((r) => (flagsOf(r) & readBit) === 0 || sticky.has(r.id));
}
