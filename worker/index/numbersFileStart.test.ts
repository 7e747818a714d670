/**
 * A start and a write with the index's number columns in files (numbersFile.ts) beside the
 * records: the engine end to end over a fake OPFS folder. The file format itself is tested in
 * numbersFile.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import type { Engine } from '../engine';
import { FakeChunkDir } from '../search/fakeOpfs';
import { internalsOf } from '../testing/createTestEngine';
import { engineMaker } from '../testing/freshEngines';
import { incoming } from '../testing/fixtures';
import { seedEngine } from '../testing/seed';
import { MetaIndex } from './metaIndex';
import { isPointer } from './numbersFile';
import { loadIndex } from './snapshot';
import { writeSnapshot } from './snapshotWrite';
import type { PackedSnapshot } from './snapshotFormat';

describe('index snapshot with number files', () => {
  afterEach(() => vi.restoreAllMocks());
  const engine = engineMaker();
  const make = (dir: FakeChunkDir, dbName?: string): Engine =>
    engine({ numberFiles: dir, ...(dbName ? { dbName } : {}) });
  const seeded = async (dir: FakeChunkDir) => {
    const a = make(dir);
    await a.init();
    await seedEngine(a, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 40, seed: 7 });
    return { a, dbName: internalsOf(a).db.dexie.name };
  };
  const stored = async (e: Engine): Promise<unknown> =>
    (
      await internalsOf(e)
        .db.dexie.table<{ key: string; value: unknown }, string>('meta')
        .get(META_KEYS.indexSnapshot)
    )?.value;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  // Opens `dbName` in another engine and loads its snapshot into `index`, files read from `dir`.
  const loadFrom = async (dir: FakeChunkDir, dbName: string, index = new MetaIndex()) => {
    const b = make(dir, dbName);
    await internalsOf(b).db.open();
    const loaded = await loadIndex(internalsOf(b).db, index, { files: { dir, prefix: `${dbName}.` } });
    return { b, loaded };
  };

  it('the record names a file holding the columns; the next start reads it and answers the same', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    expect(await a.flushSnapshot()).toBe(true);
    const record = await stored(a);
    expect(isPointer(record)).toBe(true);
    const { file, textToken } = record as { file: string; textToken: string };
    // Beside it, the text file the text record names (textFile.ts).
    expect([...dir.files.keys()].sort()).toEqual([`${dbName}.${file}`, `${dbName}.text.${textToken}`].sort());
    expect(await dir.held()).toEqual(new Set());
    const counts = await a.counts();
    const unread = await a.state.unreadIds();
    const page = await a.items.page({ scope: 'all', limit: 30 });
    a.close();
    const { b, loaded } = await loadFrom(dir, dbName);
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    const read = dir.bytesRead;
    await b.init();
    expect(dir.bytesRead).toBeGreaterThan(read);
    expect(await b.counts()).toEqual(counts);
    expect(await b.state.unreadIds()).toEqual(unread);
    expect(await b.items.page({ scope: 'all', limit: 30 })).toEqual(page);
  });

  it('a snapshot in files an ingest left behind: a deferred start reads the files, then the new articles', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    expect(await a.flushSnapshot()).toBe(true);
    const feedId = (await a.feeds.list())[0]!.id;
    const late = [
      incoming({ guid: 'late', title: 'Late', pubDate: 2_000_000_000 }),
      incoming({ guid: 'later', title: 'Later', pubDate: 2_000_000_001 }),
    ];
    expect((await a.items.ingest(feedId, late)).added.length).toBe(2);
    const counts = await a.counts();
    const page = await a.items.page({ scope: 'all', limit: 30 });
    a.close(); // before the snapshot's write
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const b = engine({ numberFiles: dir, dbName, deferIndex: true, countCheckDelayMs: 3_600_000 });
    const read = dir.bytesRead;
    await b.init();
    expect(await b.counts()).toEqual(counts);
    expect(await b.items.page({ scope: 'all', limit: 30 })).toEqual(page);
    expect(dir.bytesRead).toBeGreaterThan(read);
    expect(info).not.toHaveBeenCalledWith(expect.stringContaining('rebuilt'));
    // The new rows' key hashes are in beside the file's: the same articles again are no news.
    expect((await b.items.ingest(feedId, late)).added).toEqual([]);
    expect((await b.counts()).items).toBe(counts.items);
  });

  it('each write makes a new file and the older ones go', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const first = (await stored(a)) as { file: string };
    const id = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await a.state.markRead([id], true);
    await a.flushSnapshot();
    const second = (await stored(a)) as { file: string };
    expect(second.file).not.toBe(first.file);
    // The older file goes in the background (a read of the record first): wait for it. The text
    // file stays: a change of flags keeps the text.
    await vi.waitFor(() =>
      expect([...dir.files.keys()].sort()).toEqual(
        [
          `${dbName}.${second.file}`,
          `${dbName}.text.${(first as { textToken: string } & typeof first).textToken}`,
        ].sort(),
      ),
    );
  });

  it('a write with nothing changed since the last one (a tab hidden again) stores nothing new', async () => {
    const dir = new FakeChunkDir();
    const { a } = await seeded(dir);
    await a.flushSnapshot();
    const first = (await stored(a)) as { file: string };
    const files = [...dir.files.keys()];
    expect(await a.flushSnapshot()).toBe(true);
    expect(((await stored(a)) as { file: string }).file).toBe(first.file);
    expect([...dir.files.keys()]).toEqual(files);
    // A starred article is a change: the next write stores it.
    const id = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await a.state.markSaved([id], true);
    await a.flushSnapshot();
    expect(((await stored(a)) as { file: string }).file).not.toBe(first.file);
  });

  it('clear all removes the number and text files', async () => {
    const dir = new FakeChunkDir();
    const { a } = await seeded(dir);
    await a.flushSnapshot();
    expect(dir.files.size).toBe(2); // the numbers' and the text's
    await a.clearAll();
    expect(dir.files.size).toBe(0);
    expect(await a.counts()).toMatchObject({ items: 0 });
  });

  it('a missing or foreign file is an unreadable snapshot: the index is rebuilt, nothing lost', async () => {
    for (const damage of ['remove', 'foreign'] as const) {
      const dir = new FakeChunkDir();
      const { a, dbName } = await seeded(dir);
      await a.flushSnapshot();
      const unread = await a.state.unreadIds();
      const name = `${dbName}.${((await stored(a)) as { file: string }).file}`;
      a.close();
      if (damage === 'remove') dir.files.delete(name);
      else {
        const bytes = dir.contents(name)!;
        bytes[40] = bytes[40]! ^ 1; // the token in the header
        dir.setContents(name, bytes);
      }
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      const index = new MetaIndex();
      const { b, loaded } = await loadFrom(dir, dbName, index);
      expect(loaded).toMatchObject({ source: 'rebuild', staleReason: 'index snapshot unreadable' });
      expect(index.liveCount()).toBe(160);
      await b.init();
      expect(await b.state.unreadIds()).toEqual(unread);
      info.mockRestore();
    }
  });

  it('a file removed by a newer write is found again through the newer record', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const files = { dir, prefix: `${dbName}.` };
    const db = internalsOf(a).db;
    // The reader has read the record; then another write replaces the file and removes the old.
    const open = dir.open.bind(dir);
    let swapped = false;
    vi.spyOn(dir, 'open').mockImplementation(async (name, create) => {
      if (!swapped && !create) {
        swapped = true;
        // Another tab's index of the same items (it has written nothing yet, so it writes).
        const other = new MetaIndex();
        other.load((internalsOf(a).index as MetaIndex).columns());
        await writeSnapshot(db, other, internalsOf(a).context.applied.counter, files);
        // The old file goes in the background: one timer turn was not always enough under load.
        await vi.waitFor(() => expect(dir.files.has(name)).toBe(false));
      }
      return open(name, create);
    });
    const index = new MetaIndex();
    const loaded = await loadIndex(db, index, { files });
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(index.liveCount()).toBe(160);
  });

  it('a write whose counter moved on stores nothing and leaves no file', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const before = [...dir.files.keys()];
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(feedId, [incoming({ guid: 'late', pubDate: 2_000_000_000 })]);
    const files = { dir, prefix: `${dbName}.` };
    const { index, context } = internalsOf(a);
    expect(
      await writeSnapshot(internalsOf(a).db, index as MetaIndex, context.applied.counter - 1, files),
    ).toBe(false);
    await settle();
    expect([...dir.files.keys()]).toEqual(before);
    expect(await dir.held()).toEqual(new Set());
  });

  it('without a folder the record keeps the columns, and a start with a folder reads it as before', async () => {
    const dir = new FakeChunkDir();
    const a = engine({ numberFiles: null });
    await a.init();
    await seedEngine(a, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 10, seed: 3 });
    await a.flushSnapshot();
    const record = await stored(a);
    expect(isPointer(record)).toBe(false);
    expect((record as PackedSnapshot).ids.length).toBe(20);
    const dbName = internalsOf(a).db.dexie.name;
    a.close();
    const { loaded } = await loadFrom(dir, dbName);
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(dir.files.size).toBe(0);
  });
});
