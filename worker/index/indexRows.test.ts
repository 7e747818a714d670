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
