import { describe, expect, it } from 'vitest';
import { MetaIndex } from './metaIndex';
import { DATES, FEEDS, IDS, holds, narrowed, readyFor, resized, widened } from './narrowColumns';
import { testRow as row } from '../testing/indexRow';

const ids = (index: MetaIndex, rows: ArrayLike<number>) => Array.from(rows, (r) => index.id(r));

describe('narrow column rules', () => {
  it('a narrow column holds integers of its range only; a wide one holds anything', () => {
    expect(holds(IDS, new Uint32Array(1), 0xffff_ffff)).toBe(true);
    expect(holds(IDS, new Uint32Array(1), 2 ** 32)).toBe(false);
    expect(holds(IDS, new Uint32Array(1), -1)).toBe(false);
    expect(holds(IDS, new Uint32Array(1), 1.5)).toBe(false);
    expect(holds(IDS, new Float64Array(1), 2 ** 40)).toBe(true);
    expect(holds(FEEDS, new Uint16Array(1), 65_535)).toBe(true);
    expect(holds(FEEDS, new Uint16Array(1), 65_536)).toBe(false);
    expect(holds(FEEDS, new Int32Array(1), 70_000)).toBe(true);
    expect(holds(DATES, new Int32Array(1), -(2 ** 31))).toBe(true);
    expect(holds(DATES, new Int32Array(1), 2 ** 31)).toBe(false);
    expect(holds(DATES, new Int32Array(1), 1_700_000_000.5)).toBe(false);
    expect(holds(DATES, new Float64Array(1), 1_700_000_000.5)).toBe(true);
  });

  it('widening keeps every value; a column is widened for a wide source only', () => {
    const narrow = Uint32Array.from([1, 2, 0xffff_ffff]);
    expect(Array.from(widened(IDS, narrow))).toEqual([1, 2, 0xffff_ffff]);
    expect(widened(IDS, narrow)).toBeInstanceOf(Float64Array);
    const wide = new Float64Array(2);
    expect(widened(IDS, wide)).toBe(wide);
    expect(readyFor(IDS, narrow, new Uint32Array(1))).toBe(narrow);
    expect(readyFor(IDS, narrow, new Float64Array(1))).toBeInstanceOf(Float64Array);
    expect(readyFor(DATES, Int32Array.from([-5]), new Float64Array(1))[0]).toBe(-5);
    expect(widened(DATES, Int32Array.from([-(2 ** 31)]))[0]).toBe(-(2 ** 31));
  });

  it('narrowing takes the narrow type only when every value fits', () => {
    expect(narrowed(IDS, Float64Array.from([1, 0xffff_ffff]))).toBeInstanceOf(Uint32Array);
    expect(narrowed(IDS, Float64Array.from([1, 2 ** 32]))).toBeInstanceOf(Float64Array);
    expect(narrowed(FEEDS, Int32Array.from([3, 70_000]))).toBeInstanceOf(Int32Array);
    expect(Array.from(narrowed(DATES, Float64Array.from([-5, 1_700_000_000])))).toEqual([-5, 1_700_000_000]);
    expect(narrowed(DATES, Float64Array.from([1.5]))).toBeInstanceOf(Float64Array);
  });

  it('resizing keeps the type and the values kept, and zeroes the rest', () => {
    const grown = resized(Uint16Array.from([7, 8, 9]), 5, 2);
    expect(grown).toBeInstanceOf(Uint16Array);
    expect(Array.from(grown)).toEqual([7, 8, 0, 0, 0]);
    expect(Array.from(resized(Float64Array.from([1.5, 2.5]), 1, 2))).toEqual([1.5]);
  });
});

describe('the index keeps ids, feeds and dates narrow until a value does not fit', () => {
  const base = () =>
    Array.from({ length: 20 }, (_, i) => row(i + 1, { feedId: 1 + (i % 3), pubDate: 1_700_000_000 + i }));

  it('starts narrow, and a snapshot of it stays narrow', () => {
    const index = new MetaIndex();
    index.upsert(base());
    expect(index.dateColumns().ids).toBeInstanceOf(Uint32Array);
    expect(index.dateColumns().pubDates).toBeInstanceOf(Int32Array);
    expect(index.rowColumns().feedIds).toBeInstanceOf(Uint16Array);
    const cols = index.columns();
    expect(cols.ids).toBeInstanceOf(Uint32Array);
    expect(cols.feedIds).toBeInstanceOf(Uint16Array);
    expect(cols.pubDates).toBeInstanceOf(Int32Array);
  });

  // Each value that does not fit, appended or loaded, widens its column and loses nothing, and
  // every list agrees with an index given the same rows wide from the start.
  it.each([
    ['an id past 32 bits', row(2 ** 40, { feedId: 2, pubDate: 1_700_000_100 })],
    ['a feed id past 16 bits', row(21, { feedId: 70_000, pubDate: 1_700_000_100 })],
    ['a date past 2038', row(21, { feedId: 2, pubDate: 2 ** 33 })],
    ['a date with a fraction', row(21, { feedId: 2, pubDate: 1_700_000_005.5 })],
    ['a date before 1902', row(21, { feedId: 2, pubDate: -(2 ** 32) })],
  ])('%s widens its column and keeps every value', (_, odd) => {
    const index = new MetaIndex();
    index.upsert(base());
    index.upsert([odd]);
    const wide = new MetaIndex();
    const cols = new MetaIndex();
    cols.upsert(base());
    const c = cols.columns();
    wide.load({
      ...c,
      ids: Float64Array.from(c.ids),
      feedIds: Int32Array.from(c.feedIds),
      pubDates: Float64Array.from(c.pubDates),
    });
    wide.upsert([odd]);
    const r = index.rowOf(odd.id);
    expect(index.id(r)).toBe(odd.id);
    expect(index.feedId(r)).toBe(odd.feedId);
    expect(index.pubDate(r)).toBe(odd.pubDate);
    expect(ids(index, index.rowsByDate())).toEqual(ids(wide, wide.rowsByDate()));
    expect(ids(index, index.rowsOfFeed(odd.feedId))).toEqual(ids(wide, wide.rowsOfFeed(odd.feedId)));
    // The rows before it kept their values through the widening.
    for (const item of base()) {
      const at = index.rowOf(item.id);
      expect([index.feedId(at), index.pubDate(at)]).toEqual([item.feedId, item.pubDate]);
    }
    // And a load of its columns (a compaction's, a snapshot's) keeps the wide type.
    const again = new MetaIndex();
    again.load(index.columns());
    expect(again.pubDate(again.rowOf(odd.id))).toBe(odd.pubDate);
    expect(again.feedId(again.rowOf(odd.id))).toBe(odd.feedId);
  });

  it('a load into an index that already grew takes a wide source without cutting it', () => {
    const index = new MetaIndex();
    index.upsert(base());
    const big = new MetaIndex();
    big.upsert([...base(), row(2 ** 40, { feedId: 70_000, pubDate: 2 ** 33 })]);
    const cols = big.columns();
    // Not adoptable (a flags column one longer than the rows), so the rows are copied into the
    // index's own columns, which must widen first.
    const flags = new Uint8Array(cols.flags.length + 1);
    flags.set(cols.flags);
    index.load({ ...cols, flags });
    expect(index.dateColumns().ids).not.toBe(cols.ids);
    const r = index.rowOf(2 ** 40);
    expect([index.id(r), index.feedId(r), index.pubDate(r)]).toEqual([2 ** 40, 70_000, 2 ** 33]);
  });
});
