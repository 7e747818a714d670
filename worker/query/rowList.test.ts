import { describe, expect, it } from 'vitest';
import type { MetaIndexView } from '../index/types';
import { wholeRows } from './matchRows';
import { rowList } from './rowList';

// An index of three rows (ids 10, 20, 30) whose numbering a test moves.
function index() {
  const ids = [10, 20, 30];
  const view = {
    numbering: 4,
    id: (row: number) => ids[row] ?? 0,
    rowOf: (id: number) => ids.indexOf(id),
  };
  return view;
}

describe('rowList', () => {
  it('reads a page of rows as ids, and finds an id by its row', () => {
    const ix = index();
    const list = rowList(wholeRows(Int32Array.from([2, 0, 1])), ix as unknown as MetaIndexView, 4);
    expect(list.length).toBe(3);
    expect(list.bytes).toBe(12);
    expect(Array.from(list.slice(0, 2)!)).toEqual([30, 10]);
    expect(Array.from(list.slice(1, 9)!)).toEqual([10, 20]);
    expect(Array.from(list.slice(5, 9)!)).toEqual([]);
    expect(list.indexOf(20)).toBe(2);
    expect(list.indexOf(99)).toBe(-1);
  });

  it('says it can no longer tell once the index has renumbered its rows', () => {
    const ix = index();
    const list = rowList(wholeRows(Int32Array.from([2, 0, 1])), ix as unknown as MetaIndexView, 4);
    ix.numbering = 5;
    expect(list.slice(0, 2)).toBeNull();
    expect(list.indexOf(20)).toBeNull();
  });
});
