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

/**
 * `firstTrue` over [from, n), for an `ok` that is false and then true there: it gallops out from
 * `from` (steps 1, 2, 4, …) and searches the last step, so it costs O(log d) calls of `ok` near
 * `from`, where d is how far from `from` the answer is. A walk over ascending keys, each searched
 * from the last one's answer, so reads a few neighbours per key instead of the whole range's
 * O(log n) scattered ones.
 */
export function firstTrueFrom(from: number, n: number, ok: (i: number) => boolean): number {
  let lo = Math.max(0, from);
  let step = 1;
  while (lo + step - 1 < n && !ok(lo + step - 1)) {
    lo += step;
    step *= 2;
  }
  const hi = Math.min(n, lo + step - 1);
  return lo + firstTrue(hi - lo, (i) => ok(lo + i));
}
