/** The search index's merged segment in a file of the chunks' folder (searchFile.ts). */
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { textPersistKit } from '../testing/textPersistKit';
import { FakeChunkDir } from './fakeOpfs';
import { writeTextIndex } from './persistWrite';
import { readArraysFile, writeArraysFile } from './arraysFile';
import { readSearchFile, searchFileName } from './searchFile';

const { NOW, engineOn, persisted, answers } = textPersistKit();

const searchRecord = async (engine: Engine) =>
  (
    (await internalsOf(engine).db.dexie.table('meta').get('textIndex:search')) as {
      value: {
        lineage: string;
        stamp: string;
        file?: string;
        sizes?: Record<string, number>;
        data?: unknown;
      };
    }
  ).value;

const searchFiles = (dir: FakeChunkDir) => [...dir.files.keys()].filter((f) => f.includes('.search.'));

/** A start over `name`, and whether it re-indexed the search index from the items (not loaded). */
async function start(name: string, dir: FakeChunkDir): Promise<{ engine: Engine; reindexed: boolean }> {
  const info = vi.spyOn(console, 'info');
  try {
    const engine = await engineOn(name, dir);
    const reindexed = info.mock.calls.some((call) => /re-indexing/.test(String(call[0])));
    return { engine, reindexed };
  } finally {
    info.mockRestore();
  }
}

const more = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) =>
    incoming({
      guid: `s${from + i}`,
      title: `Seam ${from + i}`,
      description: `<p>garnet lode${from + i}</p>`,
    }),
  );

// Ingests `items` and merges the search index, then writes: the segment changed.
async function mergedWrite(engine: Engine, items: ReturnType<typeof more>): Promise<void> {
  const feedId = (await engine.feeds.list())[0]!.id;
  await engine.items.ingest(feedId, items, NOW);
  const text = internalsOf(engine).textIndex;
  await text.fresh();
  text.search.merge();
  expect(await engine.flushSnapshot()).toBe(true);
}

describe('the search segment in a file', () => {
  it('stores the segment in a file the record names, and loads it back from there', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const { engine: warm, reindexed } = await start(name, dir);
    const record = await searchRecord(warm);
    expect(record.data).toBeUndefined();
    expect(record.file).toBe(searchFileName('db.', record.stamp));
    expect(searchFiles(dir)).toEqual([record.file]);
    const { terms, offsets, data, docs } = record.sizes!;
    expect(dir.contents(record.file!)!.length).toBe(
      256 + terms! + offsets! * 4 + data! + docs! * (2 + 8 + 4),
    );
    expect(reindexed).toBe(false);
    await answers(warm);
  });

  it('reads a segment of several steps back whole', async () => {
    const dir = new FakeChunkDir();
    const engine = await engineOn(undefined, dir);
    await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
    await mergedWrite(engine, more(0, 200));
    // The segment's postings written as an arrays file of their own, read whole and in 7-byte
    // steps: the same bytes.
    const postings = internalsOf(engine).textIndex.search.toMain().take().data;
    const probe = new FakeChunkDir();
    expect(await writeArraysFile(probe, 'probe', [postings])).toBe(true);
    const whole = new Uint8Array(postings.length);
    const stepped = new Uint8Array(postings.length);
    expect(await readArraysFile(probe, 'probe', [whole])).toBe(true);
    expect(await readArraysFile(probe, 'probe', [stepped], 7)).toBe(true);
    expect(whole).toEqual(postings);
    expect(stepped).toEqual(postings);
    engine.close();
    const { engine: warm, reindexed } = await start(internalsOf(engine).db.dexie.name, dir);
    expect(reindexed).toBe(false);
    for (const n of [0, 99, 199]) expect((await warm.search.run(`lode${n}`)).total).toBe(1);
  });

  it('re-indexes from the items, losing nothing and warning of nothing, when the file is missing, cut, longer or another’s', async () => {
    const damage: ((dir: FakeChunkDir, file: string) => void)[] = [
      (dir, file) => dir.files.delete(file),
      (dir, file) => dir.setContents(file, dir.contents(file)!.subarray(0, dir.contents(file)!.length - 3)),
      (dir, file) => dir.setContents(file, Uint8Array.from([...dir.contents(file)!, 0])),
      (dir, file) => {
        const bytes = dir.contents(file)!.slice();
        bytes.set(new TextEncoder().encode('rivulet arrays 1\ndb.search.someone'), 0);
        dir.setContents(file, bytes);
      },
    ];
    for (const [k, hurt] of damage.entries()) {
      const dir = new FakeChunkDir();
      const { name } = await persisted(dir);
      const writer = await engineOn(name, dir);
      await mergedWrite(writer, more(0, 20));
      const { lineage } = internalsOf(writer).textIndex.persistState;
      const file = (await searchRecord(writer)).file!;
      writer.close();
      hurt(dir, file);
      const warn = vi.spyOn(console, 'warn');
      const { engine: cold, reindexed } = await start(name, dir);
      // The store's tables were loaded (same lineage); the search index was made again.
      expect(internalsOf(cold).textIndex.persistState.lineage).toBe(lineage);
      expect([k, reindexed]).toEqual([k, true]);
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
      await answers(cold);
      for (const n of [0, 19]) expect((await cold.search.run(`lode${n}`)).total).toBe(1);
    }
  });

  it('a record naming a file of another database, or of another stamp, is refused', async () => {
    for (const file of ['other.search.x', 'db.search.not-the-stamp']) {
      const dir = new FakeChunkDir();
      const { name } = await persisted(dir);
      const raw = await engineOn(name, dir);
      const meta = internalsOf(raw).db.dexie.table('meta');
      const record = await searchRecord(raw);
      dir.setContents(file, dir.contents(record.file!)!);
      await meta.put({ key: 'textIndex:search', value: { ...record, file } });
      raw.close();
      const { engine: cold, reindexed } = await start(name, dir);
      expect(reindexed).toBe(true);
      await answers(cold);
    }
  });

  it('a new segment replaces the file; the old one goes, the lock moves to the new one and goes at close', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const engine = await engineOn(name, dir);
    const first = (await searchRecord(engine)).file!;
    // Loaded, not written by this tab: no lock held on it.
    expect(await dir.held()).not.toContain(first);
    await mergedWrite(engine, more(0, 4));
    const second = (await searchRecord(engine)).file!;
    expect(second).not.toBe(first);
    expect(await dir.held()).toContain(second);
    await vi.waitFor(() => expect(searchFiles(dir)).toEqual([second]));
    // A write with no merge keeps the file.
    await engine.items.ingest((await engine.feeds.list())[0]!.id, more(4, 1), NOW);
    await internalsOf(engine).textIndex.fresh();
    expect(await engine.flushSnapshot()).toBe(true);
    expect((await searchRecord(engine)).file).toBe(second);
    await mergedWrite(engine, more(5, 4));
    const third = (await searchRecord(engine)).file!;
    expect(await dir.held()).toContain(third);
    expect(await dir.held()).not.toContain(second);
    await vi.waitFor(() => expect(searchFiles(dir)).toEqual([third]));
    engine.close();
    expect(await dir.held()).not.toContain(third);
    const { engine: again, reindexed } = await start(name, dir);
    expect(reindexed).toBe(false);
    await answers(again);
    expect((await again.search.run('lode4')).total).toBe(1);
    expect((await again.search.run('lode8')).total).toBe(1);
  });

  it('a segment an older build kept in its record moves to a file at the next write', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const raw = await engineOn(name, dir);
    await mergedWrite(raw, more(0, 20));
    // As an older build stored it: the segment in the record, no file.
    const record = await searchRecord(raw);
    const main = await readSearchFile(record as unknown as Parameters<typeof readSearchFile>[0], {
      dir,
      prefix: 'db.',
    });
    expect(main).not.toBeNull();
    await internalsOf(raw)
      .db.dexie.table('meta')
      .put({ key: 'textIndex:search', value: { lineage: record.lineage, stamp: record.stamp, data: main } });
    raw.close();
    dir.files.delete(record.file!);
    const { engine, reindexed } = await start(name, dir);
    expect(reindexed).toBe(false);
    expect((await searchRecord(engine)).file).toBeUndefined();
    // Any change writes again, and the segment goes to a file.
    await engine.items.ingest((await engine.feeds.list())[0]!.id, more(20, 1), NOW);
    await internalsOf(engine).textIndex.fresh();
    expect(await engine.flushSnapshot()).toBe(true);
    const moved = await searchRecord(engine);
    expect(moved.data).toBeUndefined();
    expect(searchFiles(dir)).toEqual([moved.file]);
    engine.close();
    const again = await start(name, dir);
    expect(again.reindexed).toBe(false);
    for (const n of [0, 20]) expect((await again.engine.search.run(`lode${n}`)).total).toBe(1);
  });

  it('a write that does not land leaves no segment file and no lock behind', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const engine = await engineOn(name, dir);
    const stored = (await searchRecord(engine)).file!;
    const text = internalsOf(engine).textIndex;
    const state = { ...text.persistState, lineage: '', writtenMainVersion: -1 };
    // Another items counter than the stored one: the transaction writes nothing.
    expect(await writeTextIndex(internalsOf(engine).db, text.store, text.search, -1, state)).toBe(false);
    expect(searchFiles(dir)).toEqual([stored]);
    expect([...(await dir.held())].filter((f) => f.includes('.search.'))).toEqual([]);
  });

  it('clearing all data removes the segment file this tab wrote', async () => {
    const dir = new FakeChunkDir();
    const engine = await engineOn(undefined, dir);
    await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
    await mergedWrite(engine, more(0, 3));
    expect(searchFiles(dir)).toHaveLength(1);
    expect(await dir.held()).toContain(searchFiles(dir)[0]);
    await engine.clearAll();
    expect(searchFiles(dir)).toEqual([]);
  });
});
