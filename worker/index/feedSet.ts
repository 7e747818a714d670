/**
 * A row test "the row's feed is one of `feeds`", for loops over every row of a list or every
 * document (a group's page total, a search word that names a feed): a typed array indexed by
 * feed id answers ~5× faster than `Set.has` (a group's first page at 1M rows: 19 → ~4 ms).
 * Feed ids that are not small non-negative integers keep the Set.
 */
export function memberOf(
  feeds: ReadonlySet<number>,
  feedOf: (row: number) => number,
): (row: number) => boolean {
  let max = 0;
  for (const f of feeds) {
    if (!Number.isInteger(f) || f < 0 || f >= 1 << 20) return (row) => feeds.has(feedOf(row));
    if (f > max) max = f;
  }
  const member = new Uint8Array(max + 1);
  for (const f of feeds) member[f] = 1;
  return (row) => member[feedOf(row)] === 1;
}
