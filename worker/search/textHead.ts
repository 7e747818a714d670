/**
 * The text store's slot tables as persist.ts stores them: a head (the columns of the slots up to
 * a renumbering, written rarely) and a tail (the columns after it and every slot's state, written
 * each time), joined back into one set of tables at a load and checked for shape.
 */
import type { TextStoreTables } from './textStoreTables';

type Tables = TextStoreTables;

/** Whether `v` has the shape of the slot tables (typed arrays of matching lengths). */
export function isTables(v: unknown): v is Tables {
  const t = v as Partial<Tables> | undefined;
  if (typeof t !== 'object' || t === null || !(t.ids instanceof Float64Array)) return false;
  const n = t.ids.length;
  return (
    t.used instanceof Int32Array &&
    t.chunkOf instanceof Int32Array &&
    t.chunkOf.length === n &&
    t.start instanceof Int32Array &&
    t.start.length === n &&
    t.length instanceof Int32Array &&
    t.length.length === n &&
    t.alive instanceof Uint8Array &&
    t.alive.length === n &&
    (t.safe === undefined || (t.safe instanceof Uint8Array && t.safe.length === n)) &&
    (t.histogram === undefined || (t.histogram instanceof Float64Array && t.histogram.length === 256))
  );
}

/**
 * The stored head and its tail as one set of slot tables, when both are of `lineage` and go
 * together (the same stamp); null otherwise. The checks of the joined tables are `isTables`'.
 */
export function joinHead(
  head: unknown,
  tail: unknown,
  lineage: string,
): { tables: unknown; layout: unknown; stamp: string; headSlots: number } | null {
  const h = head as { lineage?: unknown; stamp?: unknown; cols?: Partial<Tables> } | undefined;
  const t = tail as
    | (Partial<Tables> & { lineage?: unknown; stamp?: unknown; cols?: Partial<Tables>; layout?: unknown })
    | undefined;
  if (h?.lineage !== lineage || t?.lineage !== lineage || typeof h.stamp !== 'string' || t.stamp !== h.stamp)
    return null;
  const a = h.cols;
  const b = t.cols;
  const join = <A extends Float64Array | Int32Array>(
    x: unknown,
    y: unknown,
    make: (n: number) => A,
  ): A | null => {
    const proto = Object.getPrototypeOf(make(0)) as object;
    const fits = (v: unknown) => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === proto;
    if (!fits(x) || !fits(y)) return null;
    const [p, q] = [x as A, y as A];
    const out = make(p.length + q.length);
    out.set(p);
    out.set(q, p.length);
    return out;
  };
  const ids = join(a?.ids, b?.ids, (n) => new Float64Array(n));
  const chunkOf = join(a?.chunkOf, b?.chunkOf, (n) => new Int32Array(n));
  const start = join(a?.start, b?.start, (n) => new Int32Array(n));
  const length = join(a?.length, b?.length, (n) => new Int32Array(n));
  if (!ids || !chunkOf || !start || !length) return null;
  // The fold-safe flags (textStoreTables.ts): a part stored without them counts as not known.
  const headSlots = (a?.ids as Float64Array).length;
  const safe = new Uint8Array(ids.length);
  const flags = (v: unknown, n: number) => (v instanceof Uint8Array && v.length === n ? v : null);
  const headSafe = flags(a?.safe, headSlots);
  const tailSafe = flags(b?.safe, ids.length - headSlots);
  if (headSafe) safe.set(headSafe);
  if (tailSafe) safe.set(tailSafe, headSlots);
  return {
    tables: { ids, chunkOf, start, length, safe, used: t.used, alive: t.alive, histogram: t.histogram },
    layout: t.layout,
    stamp: h.stamp,
    headSlots,
  };
}
