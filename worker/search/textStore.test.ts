import { describe, expect, it } from 'vitest';
import { FakeChunkDir } from './fakeOpfs';
import { FileChunks } from './fileChunks';
import { CHUNK_BYTES, TextStore } from './textStore';
import { storeHits as hits } from '../testing/storeHits';

const backings = {
  memory: () => Promise.resolve(new TextStore()),
  file: async () => new TextStore(await FileChunks.create(new FakeChunkDir(), 'db.')),
};

describe.each(Object.entries(backings))('TextStore (%s chunks)', (_, make) => {
  it('stores, replaces and removes texts by id', async () => {
    const store = await make();
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

  it('finds substrings inside texts only, never across two texts', async () => {
    const store = await make();
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

  it('finds texts in full chunks and in the open one, and reads single texts across chunks', async () => {
    const store = await make();
    const filler = 'f'.repeat(100_000);
    for (let id = 1; id <= 40; id++)
      store.put(id, id % 10 === 0 ? `${filler} needle ${id}` : `${id} ${filler}`);
    expect(store.chunks.count()).toBeGreaterThan(3);
    expect(hits(store, 'needle')).toEqual([10, 20, 30, 40]);
    expect(hits(store, 'needle 3')).toEqual([30]);
    expect(store.text(1).startsWith('1 fff')).toBe(true);
    expect(store.text(40).endsWith('needle 40')).toBe(true);
    store.remove(20);
    expect(hits(store, 'needle')).toEqual([10, 30, 40]);
  });

  it('reads only the chunks whose trigrams may hold the needle, and agrees with a plain search', async () => {
    const store = await make();
    const words = ['amber', 'basalt', 'cobalt', 'diorite', 'eclogite', 'flint', 'gneiss'];
    const texts = new Map<number, string>();
    for (let id = 1; id <= 120; id++) {
      // Each chunk (~1 MiB) gets texts of one word only, plus a few rare ones.
      const word = words[Math.floor((id - 1) / 20)]!;
      const t = `${id} ${`${word} `.repeat(11_000)}${id % 37 === 0 ? 'zeppelin ' : ''}`;
      texts.set(id, t);
      store.put(id, t);
    }
    expect(store.chunks.count()).toBeGreaterThan(5);
    const space = store.chunks;
    const read = space.chunk.bind(space);
    let reads = 0;
    space.chunk = (c: number) => {
      reads++;
      return read(c);
    };
    for (const needle of ['zeppelin', 'amber', 'gneiss ', 'obal', 'flint 7', '7 fl', 'xyz', 'e', 'ss g']) {
      reads = 0;
      const want = [...texts].filter(([, t]) => t.includes(needle)).map(([id]) => id);
      expect(hits(store, needle)).toEqual(want);
      if (needle === 'zeppelin') expect(reads).toBeLessThanOrEqual(4);
      if (needle === 'xyz') expect(reads).toBe(0);
    }
  });

  it('extends an earlier map by the texts added since, reading only their chunks, as a whole scan would answer', async () => {
    const store = await make();
    const filler = 'f'.repeat(150_000);
    const put = (id: number) => store.put(id, id % 3 === 0 ? `${id} needle ${filler}` : `${id} ${filler}`);
    for (let id = 1; id <= 30; id++) put(id);
    let map = store.matches('needle');
    const space = store.chunks;
    const read = space.chunk.bind(space);
    const reads: number[] = [];
    space.chunk = (c: number) => {
      reads.push(c);
      return read(c);
    };
    // Added, replaced (a new slot, the old one dead) and removed texts, in rounds.
    let next = 31;
    for (let round = 0; round < 4; round++) {
      const before = store.chunks.count();
      for (let k = 0; k < 3; k++) put(next++);
      put(3 + round * 3);
      store.put(6 + round * 3, `${6 + round * 3} no longer`);
      store.remove(9 + round * 3);
      reads.length = 0;
      map = store.matches('needle', map);
      // Only the chunks the new slots are in (the one open before, and any opened since).
      expect(Math.min(...reads)).toBeGreaterThanOrEqual(before - 1);
      expect(Array.from(map)).toEqual(Array.from(store.matches('needle')));
    }
    expect(hits(store, 'needle')).toEqual(
      [...store.liveIds()].filter((id) => store.text(id).includes('needle')).sort((a, b) => a - b),
    );
    // Nothing added: the map is the earlier one less the texts removed, with nothing read.
    store.remove(33);
    reads.length = 0;
    const after = store.matches('needle', map);
    expect(reads).toEqual([]);
    expect(Array.from(after)).toEqual(Array.from(store.matches('needle')));
    // An empty needle, or one holding the separator, extends the same way.
    expect(Array.from(store.matches('', store.matches('')))).toEqual(Array.from(store.matches('')));
  });

  it('compacts dead bytes and survives a tables round trip', async () => {
    const store = await make();
    if (store.chunks instanceof FileChunks) await store.chunks.whenSpare();
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
    // Loaded without its trigram sets: every chunk is read once, and knows its set after.
    expect(copy.grams.knownCount()).toBe(0);
    expect(hits(copy, '19 x')).toEqual([19]);
    expect(copy.grams.knownCount()).toBe(count);
    expect(hits(copy, 'zeppelin')).toEqual([]);
  });
});

describe('TextStore fold-safe flags', () => {
  const safeOf = (store: TextStore, ids: number[]) => ids.map((id) => store.isFoldSafe(store.slotOf(id)));
  const texts: [number, string][] = [
    [1, 'plain ascii'],
    [2, 'a café'],
    [3, '数据 and “quotes”'],
    [4, 'ｑuartz'],
    [5, 'emoji 🎉'],
  ];
  const expected = [true, false, true, false, true];

  it('flags each text as it is stored, and keeps the flags through tables and a compaction', () => {
    const store = new TextStore();
    for (const [id, text] of texts) store.put(id, text);
    const ids = texts.map(([id]) => id);
    expect(safeOf(store, ids)).toEqual(expected);
    // Replaced: the new text's flag.
    store.put(1, 'now naïve');
    store.put(2, 'now plain');
    expect(safeOf(store, ids)).toEqual([false, true, true, false, true]);
    store.compact(true);
    expect(safeOf(store, ids)).toEqual([false, true, true, false, true]);
    const copy = new TextStore();
    const { count } = store.takeDirty();
    copy.load({ ...store.tables(), chunks: Array.from({ length: count }, (_, c) => store.chunkBytes(c)) });
    expect(safeOf(copy, ids)).toEqual([false, true, true, false, true]);
  });

  it('knows none after a load of tables without them, and learns them again at a compaction', () => {
    const store = new TextStore();
    for (const [id, text] of texts) store.put(id, text);
    const { count } = store.takeDirty();
    const chunks = Array.from({ length: count }, (_, c) => store.chunkBytes(c).slice());
    const older = new TextStore();
    older.load({ ...store.tables(), safe: undefined, chunks });
    const ids = texts.map(([id]) => id);
    expect(safeOf(older, ids)).toEqual([false, false, false, false, false]);
    older.put(6, 'added after');
    expect(older.isFoldSafe(older.slotOf(6))).toBe(true);
    older.compact(true);
    expect(safeOf(older, ids)).toEqual(expected);
  });
});

describe('TextStore (memory chunks)', () => {
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
