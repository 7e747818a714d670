import { describe, expect, it } from 'vitest';
import { TextStore } from './textStore';

const hits = (store: TextStore, needle: string) => {
  const map = store.matches(needle);
  const ids: number[] = [];
  map.forEach((m, slot) => m === 1 && ids.push(store.idOf(slot)));
  return ids.sort((a, b) => a - b);
};

describe('TextStore', () => {
  it('stores, replaces and removes texts by id', () => {
    const store = new TextStore();
    store.put(1, 'hello world');
    store.put(2, 'café crème ’quoted’ 日本語');
    expect(store.text(2)).toBe('café crème ’quoted’ 日本語');
    store.put(1, 'replaced');
    expect(store.text(1)).toBe('replaced');
    expect(store.remove(2)).toBeGreaterThanOrEqual(0);
    expect(store.text(2)).toBe('');
    expect(store.remove(2)).toBe(-1);
    expect(store.liveCount()).toBe(1);
  });

  it('finds substrings inside texts only, never across two texts', () => {
    const store = new TextStore();
    store.put(1, 'abc');
    store.put(2, 'def');
    store.put(3, 'xx abcdef');
    store.put(4, 'crème brûlée 東京');
    expect(hits(store, 'cd')).toEqual([3]);
    expect(hits(store, 'abc')).toEqual([1, 3]);
    expect(hits(store, 'brûl')).toEqual([4]);
    expect(hits(store, '東京')).toEqual([4]);
    expect(hits(store, '')).toEqual([1, 2, 3, 4]);
    expect(hits(store, 'zz')).toEqual([]);
    store.remove(3);
    expect(hits(store, 'abc')).toEqual([1]);
    expect(hits(store, 'a\u0000b')).toEqual([]);
  });

  it('compacts dead bytes and survives a tables round trip', () => {
    const store = new TextStore();
    const big = 'x'.repeat(200_000);
    for (let id = 1; id <= 20; id++) store.put(id, `${id} ${big}`);
    for (let id = 1; id <= 15; id++) store.remove(id);
    const remap = store.compact();
    expect(remap).not.toBeNull();
    expect(remap?.[0]).toBe(-1);
    expect(remap?.[15]).toBe(0);
    expect(store.text(16).startsWith('16 x')).toBe(true);
    const copy = new TextStore();
    const { count } = store.takeDirty();
    copy.load({ ...store.tables(), chunks: Array.from({ length: count }, (_, c) => store.chunkBytes(c)) });
    expect(copy.text(20)).toBe(store.text(20));
    expect(hits(copy, '19 x')).toEqual([19]);
  });
});
