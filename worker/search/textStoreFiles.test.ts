import { describe, expect, it } from 'vitest';
import { FakeChunkDir } from './fakeOpfs';
import { GRAM_SET_BYTES } from './chunkGrams';
import { FileChunks, HEADER_BYTES } from './fileChunks';
import { CHUNK_BYTES, SEP, TextStore } from './textStore';
import { storeHits as hits } from '../testing/storeHits';

// The store over chunk files (OPFS in the worker): what it keeps on the heap, restores, appends
// beside another tab, and compaction into files of its own.
describe('TextStore (file chunks)', () => {
  const text = (id: number) => `${id} ${'lorem ipsum '.repeat(8_000)}${id % 7 === 0 ? 'zeppelin' : ''}`;

  it('keeps only the open chunk and one read buffer on the heap, and reads the rest from the file', async () => {
    const dir = new FakeChunkDir();
    const store = new TextStore(await FileChunks.create(dir, 'db.'));
    for (let id = 1; id <= 60; id++) store.put(id, text(id));
    expect(store.bytes().live).toBeGreaterThan(5 * CHUNK_BYTES);
    // The open chunk and the read buffer, plus 8 KiB of trigram set per chunk.
    expect(store.bytes().allocated).toBe(2 * CHUNK_BYTES + store.chunks.count() * GRAM_SET_BYTES);
    const read = dir.bytesRead;
    expect(hits(store, 'zeppelin')).toEqual([7, 14, 21, 28, 35, 42, 49, 56]);
    // The scan read the full chunks from the file (about the text size).
    expect(dir.bytesRead - read).toBeGreaterThan(4 * CHUNK_BYTES);
    const one = dir.bytesRead;
    expect(store.text(3)).toBe(text(3));
    // A single text is one read of just its bytes.
    expect(dir.bytesRead - one).toBe(new TextEncoder().encode(text(3)).length);
  });

  it('restores from its layout; a missing, foreign or short file, or a chunk not ending its text, is refused', async () => {
    const dir = new FakeChunkDir();
    const space = await FileChunks.create(dir, 'db.');
    const store = new TextStore(space);
    for (let id = 1; id <= 30; id++) store.put(id, text(id));
    space.flush();
    const layout = space.layout();
    const tables = store.tables();
    const restore = () => FileChunks.restore(dir, 'db.', layout, tables.used, SEP);

    const back = await restore();
    expect(back).not.toBeNull();
    const copy = new TextStore();
    copy.loadWith(back!, tables);
    expect(copy.text(29)).toBe(text(29));
    expect(hits(copy, 'zeppelin')).toEqual([7, 14, 21, 28]);
    back!.dispose();

    const name = layout.files[0]!;
    const good = dir.contents(name)!;
    const foreign = good.slice();
    foreign.set(new TextEncoder().encode('rivulet text chunks 1\nother'), 0);
    dir.setContents(name, foreign);
    expect(await restore()).toBeNull();
    dir.setContents(name, good.subarray(0, good.length - 10));
    expect(await restore()).toBeNull();
    const shifted = good.slice();
    shifted[HEADER_BYTES + (tables.used[0] as number) - 1] = 120;
    dir.setContents(name, shifted);
    expect(await restore()).toBeNull();
    dir.files.delete(name);
    expect(await restore()).toBeNull();
  });

  it('takes a restore’s slot columns as they are when told to adopt them, and goes on as with a copy', async () => {
    const dir = new FakeChunkDir();
    const space = await FileChunks.create(dir, 'db.');
    const store = new TextStore(space);
    for (let id = 1; id <= 30; id++) store.put(id, text(id));
    store.remove(3);
    space.flush();
    const layout = space.layout();
    const restored = async (tables: ReturnType<TextStore['tables']>, adopt: boolean) => {
      const copy = new TextStore();
      copy.loadWith((await FileChunks.restore(dir, 'db.', layout, tables.used, SEP))!, tables, { adopt });
      return copy;
    };
    for (const adopt of [false, true]) {
      const tables = store.tables();
      const copy = await restored(tables, adopt);
      expect(copy.text(29)).toBe(text(29));
      expect(copy.has(3)).toBe(false);
      expect(hits(copy, 'zeppelin')).toEqual([7, 14, 21, 28]);
      // The store's own arrays when adopted: a change to the given ones shows; not when copied.
      const slot = copy.slotOf(5);
      tables.alive[slot] = 0;
      expect(copy.isLive(slot)).toBe(!adopt);
      tables.alive[slot] = 1;
      // Appends grow past the adopted arrays; removals and scans go on as before.
      for (let id = 31; id <= 60; id++) copy.put(id, `later ${text(id)}`);
      copy.remove(7);
      expect(copy.text(60)).toBe(`later ${text(60)}`);
      expect(copy.text(5)).toBe(text(5));
      expect(hits(copy, 'zeppelin')).toEqual([14, 21, 28, 35, 42, 49, 56]);
      (copy.chunks as FileChunks).dispose();
    }
    // Columns that are not one a slot (tables stored before the fold-safe flags) are copied.
    const older = { ...store.tables(), safe: undefined };
    const copy = await restored(older, true);
    older.alive[copy.slotOf(5)] = 0;
    expect(copy.isLive(copy.slotOf(5))).toBe(true);
    expect(copy.isFoldSafe(copy.slotOf(5))).toBe(false);
  });

  it('appends after a restore in a file of its own while the writer lives, in the same file once it is gone', async () => {
    const dir = new FakeChunkDir();
    const space = await FileChunks.create(dir, 'db.');
    const store = new TextStore(space);
    for (let id = 1; id <= 20; id++) store.put(id, text(id));
    space.flush();
    const layout = space.layout();
    const tables = store.tables();
    const before = dir.contents(layout.files[0]!)!;

    // A second tab while the first is alive: the first tab's file is never written.
    const other = new TextStore();
    other.loadWith((await FileChunks.restore(dir, 'db.', layout, tables.used, SEP))!, tables);
    for (let id = 21; id <= 40; id++) other.put(id, `other ${text(id)}`);
    (other.chunks as FileChunks).flush();
    const after = dir.contents(layout.files[0]!)!;
    expect(after.length).toBe(before.length);
    expect(after.every((b, i) => b === before[i])).toBe(true);
    expect(other.text(5)).toBe(text(5));
    expect(other.text(40)).toBe(`other ${text(40)}`);
    // Meanwhile the first tab goes on in its own file; neither sees the other's bytes change.
    for (let id = 41; id <= 60; id++) store.put(id, `first ${text(id)}`);
    expect(store.text(20)).toBe(text(20));
    expect(other.text(20)).toBe(text(20));
    expect(hits(other, 'first')).toEqual([]);

    // The first tab gone: a new one adopts its file and goes on past its last chunk.
    space.dispose();
    (other.chunks as FileChunks).dispose();
    const names = dir.files.size;
    const third = new TextStore();
    third.loadWith((await FileChunks.restore(dir, 'db.', layout, tables.used, SEP))!, tables);
    third.put(99, 'adopted');
    expect((third.chunks as FileChunks).openNames()).toContain(layout.files[0]);
    expect(third.text(99)).toBe('adopted');
    expect(third.text(1)).toBe(text(1));
    // Only the spare for a compaction was made, no new file to append to.
    await (third.chunks as FileChunks).whenSpare();
    expect(dir.files.size).toBe(names + 1);
  });

  it('compacts into a new file and lets the old one be removed once nothing holds it', async () => {
    const dir = new FakeChunkDir();
    const space = await FileChunks.create(dir, 'db.');
    await space.whenSpare();
    const store = new TextStore(space);
    for (let id = 1; id <= 40; id++) store.put(id, text(id));
    for (let id = 1; id <= 30; id++) store.remove(id);
    const oldName = space.layout().files[0]!;
    const remap = store.compact();
    expect(remap).not.toBeNull();
    expect(store.text(35)).toBe(text(35));
    expect(hits(store, 'zeppelin')).toEqual([35]);
    const now = store.chunks as FileChunks;
    expect(now.openNames()).not.toContain(oldName);
    expect(await now.collect([])).toBeGreaterThanOrEqual(1);
    expect(dir.files.has(oldName)).toBe(false);
    expect(store.text(40)).toBe(text(40));
  });

  it('never removes a file another tab is making: its lock is taken before the file exists', async () => {
    const dir = new FakeChunkDir();
    const first = await FileChunks.create(dir, 'db.');
    await first.whenSpare();
    const before = new Set(dir.files.keys());
    // A second tab makes its file; the first tab collects between the file's entry and its handle.
    const release = dir.holdOpens();
    const making = FileChunks.create(dir, 'db.');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const made = [...dir.files.keys()].filter((name) => !before.has(name));
    expect(made).toHaveLength(1);
    expect(await first.collect([])).toBe(0);
    expect(dir.files.has(made[0]!)).toBe(true);
    release();
    const second = await making;
    expect(second.openNames()).toContain(made[0]);
    const store = new TextStore(second);
    store.put(1, 'kept');
    expect(store.text(1)).toBe('kept');
  });

  it('makes its file again under another name when the first one was removed while opening', async () => {
    const dir = new FakeChunkDir();
    const release = dir.holdOpens();
    const making = FileChunks.create(dir, 'db.');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [lost] = [...dir.files.keys()];
    dir.files.delete(lost!);
    release();
    const space = await making;
    expect(space.openNames()).not.toContain(lost);
    expect(dir.files.has(space.openNames()[0]!)).toBe(true);
  });

  it('does not compact while no spare file is ready', async () => {
    const dir = new FakeChunkDir();
    const store = new TextStore(await FileChunks.create(dir, 'db.'));
    // The spare is made asynchronously: right after creation it is not there yet.
    store.put(1, 'a');
    store.remove(1);
    expect(store.compact(true)).toBeNull();
    await (store.chunks as FileChunks).whenSpare();
    expect(store.compact(true)).not.toBeNull();
  });
});
