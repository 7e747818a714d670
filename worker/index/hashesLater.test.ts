import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import type { Engine } from '../engine';
import { FakeChunkDir } from '../search/fakeOpfs';
import { internalsOf } from '../testing/createTestEngine';
import { engineMaker } from '../testing/freshEngines';
import { incoming } from '../testing/fixtures';
import { testRow as row } from '../testing/indexRow';
import { seedEngine } from '../testing/seed';
import { MetaIndex } from './metaIndex';
import { loadIndex } from './snapshot';

// A deferred cold start leaves the key hashes (4 MB at 1M rows) in the number file until its first
// pages are answered (numbersFile.ts `readPointedLater`); only an ingest's duplicate check and
// snapshot writes read them, and the index gate holds those until the load is done.

describe('key hashes read after the first pages', () => {
  afterEach(() => vi.restoreAllMocks());
  const engine = engineMaker();
  const make = (dir: FakeChunkDir, opts: { dbName?: string; deferIndex?: boolean } = {}): Engine =>
    engine({ numberFiles: dir, ...opts });
  // A database with a snapshot in a number file, its writer closed; its name and key hashes.
  const stored = async (dir: FakeChunkDir) => {
    const a = make(dir);
    await a.init();
    await seedEngine(a, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 30, seed: 3 });
    expect(await a.flushSnapshot()).toBe(true);
    const { index, db } = internalsOf(a);
    const hashes = Array.from((index as MetaIndex).columns().keyHashes);
    const record = (
      await db.dexie.table<{ key: string; value: unknown }, string>('meta').get(META_KEYS.indexSnapshot)
    )?.value as { file: string };
    const name = `${db.dexie.name}.${record.file}`;
    a.close();
    return { dbName: db.dexie.name, hashes, name };
  };
  const openDb = async (dir: FakeChunkDir, dbName: string) => {
    const b = make(dir, { dbName });
    await internalsOf(b).db.open();
    return internalsOf(b).db;
  };

  it('are owed while the first pages answer, then read from the file still open, which is closed after', async () => {
    const dir = new FakeChunkDir();
    const { dbName, hashes, name } = await stored(dir);
    const db = await openDb(dir, dbName);
    const index = new MetaIndex();
    const seen: { owed: boolean; handles: number; removable: boolean }[] = [];
    const loaded = await loadIndex(db, index, {
      files: { dir, prefix: `${dbName}.` },
      atNumbers: async () => {
        // The first pages answer from here on: lists need no key hashes.
        expect(index.rowsByDate().length).toBeGreaterThan(0);
        seen.push({
          owed: index.keyHashesOwed(),
          handles: dir.files.get(name)!.handles,
          // Another tab's clean-up cannot remove a file this start still reads.
          removable: await dir.remove(name),
        });
      },
    });
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(seen).toEqual([{ owed: true, handles: 1, removable: false }]);
    expect(index.keyHashesOwed()).toBe(false);
    expect(Array.from(index.columns().keyHashes)).toEqual(hashes);
    expect(dir.files.get(name)!.handles).toBe(0);
  });

  it('a file that no longer gives them makes the start rebuild, with the right hashes', async () => {
    const dir = new FakeChunkDir();
    const { dbName, hashes, name } = await stored(dir);
    const db = await openDb(dir, dbName);
    const index = new MetaIndex();
    const loaded = await loadIndex(db, index, {
      files: { dir, prefix: `${dbName}.` },
      atNumbers: () => {
        dir.lose(name);
        return Promise.resolve();
      },
    });
    expect(loaded).toMatchObject({ source: 'rebuild', staleReason: 'index snapshot unreadable' });
    expect(index.keyHashesOwed()).toBe(false);
    expect(Array.from(index.columns().keyHashes).sort()).toEqual([...hashes].sort());
  });

  it('a load that throws before the text closes the file it left open', async () => {
    const dir = new FakeChunkDir();
    const { dbName, name } = await stored(dir);
    const db = await openDb(dir, dbName);
    const index = new MetaIndex();
    vi.spyOn(index, 'load').mockImplementation(() => {
      throw new Error('broken load');
    });
    await expect(
      loadIndex(db, index, { files: { dir, prefix: `${dbName}.` }, atNumbers: () => Promise.resolve() }),
    ).rejects.toThrow('broken load');
    expect(dir.files.get(name)!.handles).toBe(0);
  });

  it('a start that is not deferred reads them with the numbers', async () => {
    const dir = new FakeChunkDir();
    const { dbName, hashes } = await stored(dir);
    const db = await openDb(dir, dbName);
    const index = new MetaIndex();
    expect(await loadIndex(db, index, { files: { dir, prefix: `${dbName}.` } })).toMatchObject({
      source: 'snapshot',
    });
    expect(index.keyHashesOwed()).toBe(false);
    expect(Array.from(index.columns().keyHashes)).toEqual(hashes);
  });

  it('a deferred engine start finds stored articles again at its first ingest (no duplicates)', async () => {
    const dir = new FakeChunkDir();
    const a = make(dir);
    await a.init();
    await seedEngine(a, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 20, seed: 5 });
    const feedId = (await a.feeds.list())[0]!.id;
    const again = ['k1', 'k2', 'k3'].map((guid, i) =>
      incoming({ guid, title: guid, pubDate: 1_760_000_000 + i }),
    );
    expect((await a.items.ingest(feedId, again)).added).toHaveLength(3);
    expect(await a.flushSnapshot()).toBe(true);
    const before = await a.counts();
    const dbName = internalsOf(a).db.dexie.name;
    a.close();
    const b = make(dir, { dbName, deferIndex: true });
    await b.init();
    await b.items.page({ scope: 'all', limit: 10 });
    const result = await b.items.ingest(feedId, [...again, incoming({ guid: 'k4', pubDate: 1_760_000_010 })]);
    expect(result.added).toHaveLength(1);
    expect((await b.counts()).items).toBe(before.items + 1);
  });
});

describe('an index loaded with its key hashes left for later', () => {
  const loaded = () => {
    const full = new MetaIndex();
    full.upsert(Array.from({ length: 10 }, (_, i) => row(i + 1, { feedId: 1, keyHash: 100 + i })));
    const cols = full.columns();
    const index = new MetaIndex();
    index.load({ ...cols, keyHashes: new Uint32Array(0) }, undefined, { hashesLater: true });
    return { index, hashes: cols.keyHashes };
  };

  it('answers lists, and refuses anything that reads the hashes until it has them', () => {
    const { index, hashes } = loaded();
    expect(index.rowsByDate().length).toBe(10);
    expect(() => index.columns()).toThrow(/key hashes/);
    expect(() => index.idsWithKeys(1, new Set([105]))).toThrow(/key hashes/);
    expect(index.takeKeyHashes(new Uint32Array(3))).toBe(false);
    expect(index.keyHashesOwed()).toBe(true);
    expect(index.takeKeyHashes(hashes)).toBe(true);
    expect(index.idsWithKeys(1, new Set([105]))).toEqual([6]);
    expect(index.takeKeyHashes(hashes)).toBe(false);
    index.upsert([row(11, { feedId: 1, keyHash: 999 })]);
    expect(index.idsWithKeys(1, new Set([999, 100]))).toEqual([1, 11]);
  });

  it('a load after it (a rebuild) owes nothing', () => {
    const { index } = loaded();
    const other = new MetaIndex();
    other.upsert([row(1, { keyHash: 7 })]);
    index.load(other.columns());
    expect(index.keyHashesOwed()).toBe(false);
    expect(Array.from(index.columns().keyHashes)).toEqual([7]);
  });
});
