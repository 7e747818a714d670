/** The text store's slot columns (the head) in a file of the chunks' folder (textHead.ts). */
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { textPersistKit } from '../testing/textPersistKit';
import { FakeChunkDir } from './fakeOpfs';
import { writeTextIndex } from './persistWrite';
import { headFileName } from './textHead';

const { NOW, engineOn, persisted, answers } = textPersistKit();

const headRecord = async (engine: Engine) =>
  (
    (await internalsOf(engine).db.dexie.table('meta').get('textIndex:head')) as {
      value: { stamp: string; file?: string; slots?: number; cols?: unknown };
    }
  ).value;

const headFiles = (dir: FakeChunkDir) => [...dir.files.keys()].filter((f) => f.includes('.head.'));

const more = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) =>
    incoming({
      guid: `m${from + i}`,
      title: `More ${from + i}`,
      description: `<p>quartz vein${from + i}</p>`,
    }),
  );

describe('the head in a file', () => {
  it('stores the slot columns in a file the record names, and loads them back from it', async () => {
    const dir = new FakeChunkDir();
    const { name, lineage } = await persisted(dir);
    const warm = await engineOn(name, dir);
    const head = await headRecord(warm);
    expect(head.cols).toBeUndefined();
    expect(head.slots).toBe(3);
    expect(head.file).toBe(headFileName('db.', head.stamp));
    expect(headFiles(dir)).toEqual([head.file]);
    // 256 header bytes, then 3 slots of ids (8), chunk, start, length (4 each) and a flag (1).
    expect(dir.contents(head.file!)!.length).toBe(256 + 3 * 21);
    // Loaded, not rebuilt: the lineage is the stored one.
    expect(internalsOf(warm).textIndex.persistState.lineage).toBe(lineage);
    await answers(warm);
  });

  it('joins the tail after a head read from its file: every slot answers after a load', async () => {
    const dir = new FakeChunkDir();
    const engine = await engineOn(undefined, dir);
    const dbName = internalsOf(engine).db.dexie.name;
    const feedId = await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
    await engine.items.ingest(feedId, more(0, 32), NOW);
    expect(await engine.flushSnapshot()).toBe(true);
    const head = (await headRecord(engine)).file;
    // Two more slots: within a sixteenth of the head's 32, so they go to the tail.
    await engine.items.ingest(feedId, more(32, 2), NOW);
    expect(await engine.flushSnapshot()).toBe(true);
    expect((await headRecord(engine)).file).toBe(head);
    engine.close();
    const warm = await engineOn(dbName, dir);
    const text = internalsOf(warm).textIndex;
    expect(text.store.liveCount()).toBe(34);
    for (const n of [0, 17, 31, 32, 33])
      expect((await warm.query.run(`description LIKE 'quartz vein${n}'`)).total).toBe(1);
  });

  it('rebuilds, losing nothing, when the head file is missing, cut, longer or another’s', async () => {
    const damage: ((dir: FakeChunkDir, file: string) => void)[] = [
      (dir, file) => dir.files.delete(file),
      (dir, file) => dir.setContents(file, dir.contents(file)!.subarray(0, 270)),
      (dir, file) => dir.setContents(file, Uint8Array.from([...dir.contents(file)!, 0])),
      (dir, file) => {
        const bytes = dir.contents(file)!.slice();
        bytes.set(new TextEncoder().encode('rivulet arrays 1\ndb.head.someone'), 0);
        dir.setContents(file, bytes);
      },
    ];
    for (const hurt of damage) {
      const dir = new FakeChunkDir();
      const { name, lineage } = await persisted(dir);
      const [file] = headFiles(dir);
      hurt(dir, file!);
      const warn = vi.spyOn(console, 'warn');
      const cold = await engineOn(name, dir);
      expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
      expect(warn).not.toHaveBeenCalled(); // refused, not thrown
      warn.mockRestore();
      await answers(cold);
    }
  });

  it('a record naming a file of another database, or of another stamp, is refused', async () => {
    for (const file of ['other.head.x', 'db.head.not-the-stamp']) {
      const dir = new FakeChunkDir();
      const { name, lineage } = await persisted(dir);
      const raw = await engineOn(name, dir);
      const meta = internalsOf(raw).db.dexie.table('meta');
      const head = await headRecord(raw);
      dir.setContents(file, dir.contents(head.file!)!);
      await meta.put({ key: 'textIndex:head', value: { ...head, file } });
      raw.close();
      const cold = await engineOn(name, dir);
      expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
      await answers(cold);
    }
  });

  it('a new head replaces the file; the old one goes, the lock moves to the new one and goes at close', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const engine = await engineOn(name, dir);
    const first = (await headRecord(engine)).file!;
    // Loaded, not written by this tab: no lock held on it.
    expect(await dir.held()).not.toContain(first);
    const feedId = (await engine.feeds.list())[0]!.id;
    // Past a sixteenth of the head's 3 slots: the next write makes a new head.
    await engine.items.ingest(feedId, more(0, 4), NOW);
    expect(await engine.flushSnapshot()).toBe(true);
    const second = (await headRecord(engine)).file!;
    expect(second).not.toBe(first);
    expect(await dir.held()).toContain(second);
    await vi.waitFor(() => expect(headFiles(dir)).toEqual([second]));
    // The next head: the lock moves on.
    await engine.items.ingest(feedId, more(4, 8), NOW);
    expect(await engine.flushSnapshot()).toBe(true);
    const third = (await headRecord(engine)).file!;
    expect(await dir.held()).toContain(third);
    expect(await dir.held()).not.toContain(second);
    await vi.waitFor(() => expect(headFiles(dir)).toEqual([third]));
    engine.close();
    expect(await dir.held()).not.toContain(third);
    const again = await engineOn(name, dir);
    await answers(again);
    expect((await again.query.run("description LIKE 'quartz vein11'")).total).toBe(1);
  });

  it('a write that does not land leaves no head file and no lock behind', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const engine = await engineOn(name, dir);
    const stored = (await headRecord(engine)).file!;
    const text = internalsOf(engine).textIndex;
    const state = { ...text.persistState, lineage: '' };
    // Another items counter than the stored one: the transaction writes nothing.
    expect(await writeTextIndex(internalsOf(engine).db, text.store, text.search, -1, state)).toBe(false);
    expect(headFiles(dir)).toEqual([stored]);
    expect([...(await dir.held())].filter((f) => f.includes('.head.'))).toEqual([]);
  });

  it('clearing all data removes the head file this tab wrote', async () => {
    const dir = new FakeChunkDir();
    const engine = await engineOn(undefined, dir);
    const feedId = await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
    await engine.items.ingest(feedId, more(0, 3), NOW);
    expect(await engine.flushSnapshot()).toBe(true);
    expect(headFiles(dir)).toHaveLength(1);
    expect(await dir.held()).toContain(headFiles(dir)[0]);
    await engine.clearAll();
    expect(headFiles(dir)).toEqual([]);
  });
});
