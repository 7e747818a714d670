/**
 * The index's id, feed and date columns in the narrow types a stored snapshot already uses
 * (snapshotFormat.ts `packNumbers`): ids as 32-bit unsigned integers, feed ids as 16-bit, dates
 * (seconds) as 32-bit signed, each widened for good (to 64-bit floats, 32-bit integers, 64-bit
 * floats) the first time a value does not fit. IndexedDB's key generator counts ids from 1, a
 * library has a few hundred feeds, and dates are whole seconds until 2038, so the wide types are
 * for the odd library only.
 *
 * Why: a cold start reads the snapshot's number columns into fresh memory before the first page.
 * Kept wide, the ids, feed ids and dates of 1M articles were 20 MB where their file holds 10 MB.
 * In Chromium on the two-core benchmark VM (where each megabyte a worker touches for the first
 * time costs ~4–9 ms) the number columns took ~110 ms of the engine worker read and widened, and
 * ~55 ms read as stored (CPU profiles, bench/run/coldProbe.mjs: `widened` and `into`); the step
 * from init to the first page went from ~148 to ~118 ms on average in alternating probe runs. The
 * index's heap is 10 MB smaller at 1M too.
 */

export type IdColumn = Uint32Array | Float64Array;
export type FeedColumn = Uint16Array | Int32Array;
export type DateColumn = Int32Array | Float64Array;

const isInt = (v: number, min: number, max: number): boolean => v >= min && v <= max && Math.floor(v) === v;

/** Whether every value of `column` is an integer in [min, max]. One pass. */
function fits(column: ArrayLike<number>, min: number, max: number): boolean {
  for (let i = 0; i < column.length; i++) if (!isInt(column[i]!, min, max)) return false;
  return true;
}

/** The values of `col` in the narrow type when every one fits, else `col` itself. */
export function narrowIds(col: IdColumn): IdColumn {
  return col instanceof Uint32Array || !fits(col, 0, 0xffff_ffff) ? col : new Uint32Array(col);
}
export function narrowFeeds(col: FeedColumn): FeedColumn {
  return col instanceof Uint16Array || !fits(col, 0, 0xffff) ? col : new Uint16Array(col);
}
export function narrowDates(col: DateColumn): DateColumn {
  return col instanceof Int32Array || !fits(col, -(2 ** 31), 2 ** 31 - 1) ? col : new Int32Array(col);
}

/** Whether `id` can be stored in `col` as it is. */
export function holdsId(col: IdColumn, id: number): boolean {
  return col instanceof Float64Array || isInt(id, 0, 0xffff_ffff);
}

/** Whether `feedId` can be stored in `col` as it is (the wide type truncates, as it always did). */
export function holdsFeed(col: FeedColumn, feedId: number): boolean {
  return col instanceof Int32Array || isInt(feedId, 0, 0xffff);
}

/** Whether `date` can be stored in `col` as it is. */
export function holdsDate(col: DateColumn, date: number): boolean {
  return col instanceof Float64Array || isInt(date, -(2 ** 31), 2 ** 31 - 1);
}

/** `col` as its wide type, the same length and values (itself when already wide). */
export function wideIds(col: IdColumn): Float64Array<ArrayBuffer> {
  return col instanceof Float64Array ? (col as Float64Array<ArrayBuffer>) : Float64Array.from(col);
}
export function wideFeeds(col: FeedColumn): Int32Array<ArrayBuffer> {
  return col instanceof Int32Array ? (col as Int32Array<ArrayBuffer>) : Int32Array.from(col);
}
export function wideDates(col: DateColumn): Float64Array<ArrayBuffer> {
  return col instanceof Float64Array ? (col as Float64Array<ArrayBuffer>) : Float64Array.from(col);
}

/** A zeroed array of `col`'s own type and `n` long, holding `col`'s first `keep` values. */
export function resized<A extends IdColumn | FeedColumn | DateColumn | Uint8Array | Uint32Array>(
  col: A,
  n: number,
  keep: number,
): A {
  const Type = col.constructor as new (n: number) => A;
  const next = new Type(n);
  next.set(col.subarray(0, Math.min(keep, n)));
  return next;
}

/** `col` ready to take `from`'s values: widened when `from` is of the wide type and `col` is not. */
export function idsFor(col: IdColumn, from: IdColumn): IdColumn {
  return from instanceof Float64Array && !(col instanceof Float64Array) ? wideIds(col) : col;
}
export function feedsFor(col: FeedColumn, from: FeedColumn): FeedColumn {
  return from instanceof Int32Array && !(col instanceof Int32Array) ? wideFeeds(col) : col;
}
export function datesFor(col: DateColumn, from: DateColumn): DateColumn {
  return from instanceof Float64Array && !(col instanceof Float64Array) ? wideDates(col) : col;
}
