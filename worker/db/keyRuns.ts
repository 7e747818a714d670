/**
 * Sorted keys split into runs read with one key-range request each and the rest, read one by
 * one. A run holds at least `minRun` keys, each at most `maxGap` past the one before, and spans
 * less than `maxSpan` (a range also brings back the records between its keys that nobody asked
 * for). Used where items are read by id: their ids are consecutive per ingest batch, so a feed's
 * page or a whole feed is a few runs. Cost: one sort.
 */
export function keyRuns(
  keys: readonly number[],
  minRun: number,
  maxGap: number,
  maxSpan = Infinity,
): { ranges: [number, number][]; rest: number[] } {
  const sorted = Float64Array.from(keys).sort();
  const ranges: [number, number][] = [];
  const rest: number[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    const ends =
      i === sorted.length || sorted[i]! - sorted[i - 1]! > maxGap || sorted[i]! - sorted[start]! >= maxSpan;
    if (!ends) continue;
    if (i - start >= minRun) ranges.push([sorted[start]!, sorted[i - 1]!]);
    else for (let j = start; j < i; j++) rest.push(sorted[j]!);
    start = i;
  }
  return { ranges, rest };
}
