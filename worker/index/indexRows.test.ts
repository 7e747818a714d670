import { describe, expect, it } from 'vitest';
import { FLAG_HIDDEN } from '../../shared/flags';
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
