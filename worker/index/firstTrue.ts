/**
 * The first index in [0, n) where `ok` holds, for an `ok` that is false and then true along the
 * range (a lower bound); `n` when it never holds. O(log n) calls of `ok`.
 */
export function firstTrue(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
