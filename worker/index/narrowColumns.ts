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

type Make<A> = { new (n: number): A; new (values: ArrayLike<number>): A };

/** One kind of column: its narrow type, the range of integers that type holds, its wide type. */
export interface ColumnKind<N extends IdColumn | FeedColumn | DateColumn, W extends N> {
  Narrow: Make<Exclude<N, W>>;
  Wide: Make<W> & { prototype: W };
  min: number;
  max: number;
}

export const IDS: ColumnKind<IdColumn, Float64Array> = {
  Narrow: Uint32Array,
  Wide: Float64Array,
  min: 0,
  max: 0xffff_ffff,
};
// The wide feed column truncates a value that is no integer, as it always did.
export const FEEDS: ColumnKind<FeedColumn, Int32Array> = {
  Narrow: Uint16Array,
  Wide: Int32Array,
  min: 0,
  max: 0xffff,
};
export const DATES: ColumnKind<DateColumn, Float64Array> = {
  Narrow: Int32Array,
  Wide: Float64Array,
  min: -(2 ** 31),
  max: 2 ** 31 - 1,
};

const isInt = (v: number, min: number, max: number): boolean => v >= min && v <= max && Math.floor(v) === v;

/** Whether `value` can be stored in `col` (of `kind`) as it is. */
export function holds<N extends IdColumn | FeedColumn | DateColumn, W extends N>(
  kind: ColumnKind<N, W>,
  col: N,
  value: number,
): boolean {
  return col instanceof kind.Wide || isInt(value, kind.min, kind.max);
}

/** `col` in the wide type, the same length and values (itself when already wide). */
export function widened<N extends IdColumn | FeedColumn | DateColumn, W extends N>(
  kind: ColumnKind<N, W>,
  col: N,
): N {
  return col instanceof kind.Wide ? col : new kind.Wide(col);
}

/** `col`'s values in the narrow type when every one fits (one pass), else `col` itself. */
export function narrowed<N extends IdColumn | FeedColumn | DateColumn, W extends N>(
  kind: ColumnKind<N, W>,
  col: N,
): N {
  if (!(col instanceof kind.Wide)) return col;
  for (let i = 0; i < col.length; i++) if (!isInt(col[i]!, kind.min, kind.max)) return col;
  return new kind.Narrow(col);
}

/** `col` ready to take `from`'s values: widened when `from` is of the wide type and `col` is not. */
export function readyFor<N extends IdColumn | FeedColumn | DateColumn, W extends N>(
  kind: ColumnKind<N, W>,
  col: N,
  from: N,
): N {
  return from instanceof kind.Wide ? widened(kind, col) : col;
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
