/**
 * Capacity for `n` rows: doubling while small, then a quarter more each time, so the columns of
 * a 100k index carry at most ~25% spare (doubling left up to 100%: 131,072 → 262,144 slots, ~3 MB
 * of typed arrays, once an account passed 131k items). A copy per quarter is cheap (~1 ms).
 */
export function roomFor(n: number): number {
  let cap = 1024;
  while (cap < n) cap = cap < 65_536 ? cap * 2 : cap + Math.ceil(cap / 4);
  return cap;
}
