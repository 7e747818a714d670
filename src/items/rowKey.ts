import { useMemo } from 'react';
import type { ItemRow } from '../engine/contract';

/**
 * The virtualiser's `getItemKey` for a list of `count` virtual rows of `cols` items: the id of
 * the row at that index in `rows` when the function was made, `r<index>` for rows not loaded
 * then (and for every row of the card grid).
 *
 * IMPORTANT: the function is made again only when `count` or `cols` changes, not when `rows`
 * does. TanStack Virtual memoises its layout (a start and a size per row, walked from the first
 * row) on `getItemKey`'s identity along with `count`, so a new function every render redid that
 * walk over every row on every render: at 300,000 unread rows, 3.6 s of 6.5 s of CPU in 15 wheel
 * steps (a CPU profile of the app at 1M articles), and ~1 s for each `j` in the reader. Pages
 * arriving in a list whose length is known do not change `count`, so their rows keep the
 * `r<index>` keys they had until the next change of length; a key only names a row's measured
 * height and its DOM node, so a row shown under an older key renders and measures the same.
 */
export function useRowKey(
  rows: readonly ItemRow[],
  count: number,
  cols: number,
): (index: number) => string | number {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `rows` is read as of the last change of `count` (see above)
  return useMemo(() => keysOf(rows, cols), [count, cols]);
}

/** Keys of `rows` as they are now (exported for tests). */
export function keysOf(rows: readonly ItemRow[], cols: number): (index: number) => string | number {
  return (i) => (cols > 1 ? `r${i}` : (rows[i]?.id ?? `r${i}`));
}
