import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAG_HIDDEN, FLAG_READ } from '../../shared/flags';
import { MetaIndex, type IndexRow } from './metaIndex';

const row = (id: number, feedId: number, keyHash: number, flags = 0): IndexRow => ({
  id,
  feedId,
  pubDate: 100 + id,
  flags,
  title: `T${id}`,
  author: '',
  link: '',
  enclosure: '',
  guid: `g${id}`,
  keyHash,
});

describe('idsWithKeys (the stored articles an ingest may meet)', () => {
  it('names the live rows of the feed whose key hash is asked for, hidden ones included', () => {
    const index = new MetaIndex();
    index.upsert([row(1, 7, 11), row(2, 7, 22, FLAG_HIDDEN), row(3, 8, 11), row(4, 7, 33), row(5, 7, 11)]);
    expect(index.idsWithKeys(7, new Set([11, 22]))).toEqual([1, 2, 5]);
    expect(index.idsWithKeys(8, new Set([11]))).toEqual([3]);
    expect(index.idsWithKeys(7, new Set([44]))).toEqual([]);
    index.remove([5]);
    expect(index.idsWithKeys(7, new Set([11]))).toEqual([1]);
  });

  it('keeps each row’s hash through growth, compaction and a load of its columns', () => {
    const index = new MetaIndex();
    index.upsert(Array.from({ length: 3000 }, (_, i) => row(i + 1, 1 + (i % 3), 1000 + i)));
    index.remove(Array.from({ length: 1500 }, (_, i) => 2 * i + 1)); // past the compaction line
    expect(index.rowCount()).toBe(1500);
    expect(index.idsWithKeys(2, new Set([1000 + 1, 1000 + 2, 1000 + 4]))).toEqual([2]);
    expect(index.idsWithKeys(3, new Set([1000 + 5, 1000 + 2999]))).toEqual([6, 3000]);
    const copy = new MetaIndex();
    copy.load(index.columns());
    expect(copy.idsWithKeys(3, new Set([1000 + 5, 1000 + 2999]))).toEqual([6, 3000]);
  });
});

describe('idsWithKeys and feedSize over the kept per-feed rows', () => {
  type Op =
    | { kind: 'add'; feed: number; hash: number }
    | { kind: 'move'; pick: number; feed: number }
    | { kind: 'remove'; pick: number }
    | { kind: 'reload' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), feed: fc.integer({ min: 1, max: 4 }), hash: fc.nat(5) }),
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), feed: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('reload' as const) }),
  );

  it('an article moved to another feed and back is counted once', () => {
    const index = new MetaIndex();
    index.upsert([row(1, 1, 0), row(2, 1, 0)]);
    expect(index.feedSize(1)).toBe(2);
    index.upsert([row(1, 3, 0)]);
    expect([index.feedSize(1), index.feedSize(3)]).toEqual([1, 1]);
    index.upsert([row(1, 1, 0)]);
    expect([index.feedSize(1), index.feedSize(3)]).toEqual([2, 0]);
    expect(index.idsWithKeys(1, new Set([0])).sort()).toEqual([1, 2]);
  });

  it('answers what a pass over every row answers, through appends, moves, removals, compactions and loads', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.nat(40), (ops, bulk) => {
        let index = new MetaIndex();
        const model = new Map<number, { feed: number; hash: number }>();
        let nextId = 1;
        // Enough rows that removals cross the compaction line (1,024 dead rows) now and then.
        const start = Array.from({ length: bulk * 60 }, (_, i) => row(nextId + i, 1 + (i % 4), i % 6));
        index.upsert(start);
        for (const r of start) model.set(r.id, { feed: r.feedId, hash: r.keyHash });
        nextId += start.length;
        const check = () => {
          for (let feed = 1; feed <= 5; feed++) {
            const want = [...model].filter(([, m]) => m.feed === feed);
            expect(index.feedSize(feed)).toBe(want.length);
            expect(index.idsOfFeed(feed, { hidden: true }).sort((a, b) => a - b)).toEqual(
              want.map(([id]) => id),
            );
            for (const hashes of [new Set([0, 3]), new Set([1, 2, 4, 5])])
              expect(index.idsWithKeys(feed, hashes).sort((a, b) => a - b)).toEqual(
                want.filter(([, m]) => hashes.has(m.hash)).map(([id]) => id),
              );
          }
        };
        check();
        for (const o of ops) {
          const ids = [...model.keys()];
          if (o.kind === 'add') {
            index.upsert([row(nextId, o.feed, o.hash)]);
            model.set(nextId++, { feed: o.feed, hash: o.hash });
          } else if (o.kind === 'move' && ids.length) {
            const id = ids[o.pick % ids.length]!;
            const m = model.get(id)!;
            index.upsert([row(id, o.feed, m.hash)]);
            m.feed = o.feed;
          } else if (o.kind === 'remove' && ids.length) {
            // A run of ids, so that a compaction happens in some cases.
            const from = o.pick % ids.length;
            const gone = ids.slice(from, from + 1 + (o.pick % 1200));
            index.remove(gone);
            for (const id of gone) model.delete(id);
          } else if (o.kind === 'reload') {
            const copy = new MetaIndex();
            copy.load(index.columns());
            index = copy;
          }
          check();
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('liveRowsOfFeed and idsOfFeed', () => {
  it('list the visible rows of a feed, or with `hidden` every live one, each once', () => {
    const index = new MetaIndex();
    index.upsert([row(1, 1, 0), row(2, 1, 0), row(3, 2, 0), row(4, 1, 0, FLAG_READ)]);
    index.setFlags([{ id: 2, flags: FLAG_HIDDEN }]);
    index.remove([4]);
    expect(index.idsOfFeed(1)).toEqual([1]);
    expect(index.idsOfFeed(1, { hidden: true })).toEqual([1, 2]);
    expect(index.liveRowsOfFeed(1, { hidden: true }).map((r) => index.id(r))).toEqual([1, 2]);
    expect(index.liveRowsOfFeed(1, { hidden: false })).toEqual([index.rowOf(1)]);
    // Moved away and back: listed once.
    index.upsert([row(1, 2, 0)]);
    expect([index.idsOfFeed(1, { hidden: true }), index.idsOfFeed(2).sort()]).toEqual([[2], [1, 3]]);
    index.upsert([row(1, 1, 0)]);
    expect(index.idsOfFeed(1, { hidden: true }).sort()).toEqual([1, 2]);
    expect([index.idsOfFeed(9), index.idsOfFeed(9, { hidden: true })]).toEqual([[], []]);
  });
});

describe('feedSize', () => {
  it("feedSize counts a feed's live items, hidden ones too", () => {
    const index = new MetaIndex();
    index.upsert([row(1, 1, 11), row(2, 1, 22), row(3, 2, 33)]);
    index.setFlags([{ id: 2, flags: FLAG_HIDDEN }]);
    expect(index.feedSize(1)).toBe(2);
    expect(index.rowsOfFeed(1)).toHaveLength(1);
    index.remove([1]);
    index.upsert([row(3, 1, 33)]);
    expect([index.feedSize(1), index.feedSize(2), index.feedSize(9)]).toEqual([2, 0, 0]);
    index.load(index.columns());
    expect(index.feedSize(1)).toBe(2);
  });
});

describe('columns', () => {
  it('round-trip through load()', () => {
    const a = new MetaIndex();
    a.upsert([row(1, 1, 1, FLAG_READ), row(2, 3, 2), row(3, 1, 3)]);
    a.remove([3]);
    const b = new MetaIndex();
    b.load(structuredClone(a.columns()));
    const ids = (index: MetaIndex) => Array.from(index.rowsByDate(), (r) => index.id(r));
    expect(ids(b)).toEqual(ids(a));
    expect(b.unreadByFeed()).toEqual({ 3: 1 });
    expect(b.liveCount()).toBe(2);
    expect(b.idsWithKeys(3, new Set([2]))).toEqual([2]);
  });
});
