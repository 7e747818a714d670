/**
 * Merges two row lists, each newest first (pubDate desc, then id desc), into one. Reads the
 * index's columns as arrays: with accessor functions instead, merging 250 rows into 1M took
 * ~1.5–2× as long in Node (the date order is mended this way after every ingest).
 */
export function mergeByDate(a: Int32Array, b: Int32Array, pd: Float64Array, ids: Float64Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    // x first unless y is newer (pubDate desc, then id desc).
    if (pd[y]! > pd[x]! || (pd[y] === pd[x] && ids[y]! > ids[x]!)) {
      out[k++] = y;
      j++;
    } else {
      out[k++] = x;
      i++;
    }
  }
  out.set(a.subarray(i), k);
  out.set(b.subarray(j), k + a.length - i);
  return out;
}
