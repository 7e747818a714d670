import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, TextStore } from './textStore';

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

  it('holds loaded chunks at their used size, and appends after a load', () => {
    const store = new TextStore();
    const text = 'y'.repeat(300_000);
    for (let id = 1; id <= 5; id++) store.put(id, `${id}${text}`);
    const { count } = store.takeDirty();
    const chunks = Array.from({ length: count }, (_, c) => store.chunkBytes(c));
    const copy = new TextStore();
    copy.load({ ...store.tables(), chunks });
    const used = chunks.reduce((n, c) => n + c.length, 0);
    expect(copy.bytes().allocated).toBe(used);
    expect(copy.bytes().allocated).toBeLessThan(store.bytes().allocated);
    copy.put(6, 'appended after load');
    copy.put(7, `7${text}`);
    expect(copy.text(6)).toBe('appended after load');
    expect(copy.text(7)).toBe(`7${text}`);
    expect(copy.text(3)).toBe(`3${text}`);
    expect(hits(copy, 'after load')).toEqual([6]);
    expect(hits(copy, '7yyy')).toEqual([7]);
    expect(copy.bytes().allocated).toBeLessThanOrEqual(used + 2 * CHUNK_BYTES);
  });
});
