import { describe, expect, it } from 'vitest';
import { FLAG_HIDDEN, FLAG_SAVED } from '../../shared/flags';
import { MetaIndex, type IndexRow } from '../index/metaIndex';
import { holdsOwnData, ownDataOf } from './ownData';

const row = (id: number, feedId: number, flags = 0): IndexRow => ({
  id,
  feedId,
  pubDate: 100 + id,
  flags,
  title: `T${id}`,
  author: '',
  link: '',
  enclosure: '',
  guid: `g${id}`,
  keyHash: id,
});

describe('ownDataOf', () => {
  it("counts a feed's saved, tagged and highlighted articles, hidden ones included", () => {
    const index = new MetaIndex();
    index.upsert([
      row(1, 1, FLAG_SAVED),
      row(2, 1, FLAG_SAVED | FLAG_HIDDEN),
      row(3, 1),
      row(4, 1, FLAG_HIDDEN),
      row(5, 2, FLAG_SAVED),
      row(6, 1, FLAG_SAVED),
    ]);
    index.setTags([
      { id: 3, tags: [7] },
      { id: 4, tags: [7, 8] },
      { id: 5, tags: [7] },
    ]);
    index.remove([6]);
    const highlighted = new Set([2, 4, 5, 6]);
    expect(ownDataOf(index, 1, highlighted)).toEqual({ saved: 2, tagged: 2, highlighted: 2 });
    expect(ownDataOf(index, 2, highlighted)).toEqual({ saved: 1, tagged: 1, highlighted: 1 });
    expect(holdsOwnData(ownDataOf(index, 9, highlighted))).toBe(false);
  });
});
