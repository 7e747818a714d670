/** Text index persistence with the texts in chunk files (a fake OPFS folder). */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { MemoryChannelHub } from '../testing/memoryChannel';
import { textPersistKit } from '../testing/textPersistKit';
import { FakeChunkDir } from './fakeOpfs';
import { HEADER_BYTES } from './fileChunks';

const { NOW, engineOn, persisted, answers } = textPersistKit();

describe('text index persistence with chunk files', () => {
  const metaKeys = async (engine: Engine) =>
    (await internalsOf(engine).db.dexie.table('meta').toCollection().primaryKeys()).map(String);
  const layoutFiles = async (engine: Engine) =>
    (
      (await internalsOf(engine).db.dexie.table('meta').get('textIndex:headTail')) as {
        value: { layout: { files: string[] } };
      }
    ).value.layout.files;

  it('keeps the text in the file and only tables and the index in IndexedDB, and loads them back', async () => {
    const dir = new FakeChunkDir();
    const { name, lineage } = await persisted(dir);
    const warm = await engineOn(name, dir);
    expect(internalsOf(warm).textIndex.persistState.lineage).toBe(lineage);
    expect((await metaKeys(warm)).filter((k) => k.startsWith('textIndex:chunk:'))).toEqual([]);
    const valid = (await internalsOf(warm).db.dexie.table('meta').get('textIndex:valid')) as {
      value: { backing: string };
    };
    expect(valid.value.backing).toBe('file');
    const [file] = await layoutFiles(warm);
    expect(new TextDecoder().decode(dir.contents(file!)!.subarray(HEADER_BYTES))).toContain(
      'about cobalt stones',
    );
    await answers(warm);
    // A text written after the load is found too (appended past the loaded bytes).
    const feedId = (await warm.feeds.list())[0]!.id;
    await warm.items.ingest(
      feedId,
      [incoming({ guid: 'd', title: 'Dolomite', description: '<p>dolomite dust</p>' })],
      NOW,
    );
    expect((await warm.query.run("description LIKE 'dolomite dust'")).total).toBe(1);
    expect((await warm.query.run("description LIKE 'basalt stones'")).total).toBe(1);
  });

  it('rebuilds when the file is missing, foreign or shorter than the tables say', async () => {
    const damage: ((dir: FakeChunkDir, file: string) => void)[] = [
      (dir, file) => dir.files.delete(file),
      (dir, file) => dir.setContents(file, dir.contents(file)!.subarray(0, HEADER_BYTES + 5)),
      (dir, file) => {
        const bytes = dir.contents(file)!;
        bytes.set(new TextEncoder().encode('rivulet text chunks 1\nsomeone-else'), 0);
        dir.setContents(file, bytes);
      },
    ];
    for (const hurt of damage) {
      const dir = new FakeChunkDir();
      const { name, lineage } = await persisted(dir);
      const [file] = [...dir.files.keys()].filter((f) => (dir.contents(f)?.length ?? 0) > HEADER_BYTES);
      hurt(dir, file!);
      const cold = await engineOn(name, dir);
      expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
      await answers(cold);
    }
  });

  it('moves chunks an older write kept in IndexedDB into a file', async () => {
    const { name } = await persisted();
    const dir = new FakeChunkDir();
    const moved = await engineOn(name, dir);
    await answers(moved);
    expect((await metaKeys(moved)).filter((k) => k.startsWith('textIndex:chunk:'))).toEqual([]);
    const [file] = await layoutFiles(moved);
    expect(dir.files.has(file!)).toBe(true);
    moved.close();
    const again = await engineOn(name, dir);
    await answers(again);
  });

  it('serves two tabs on one database and one folder without either spoiling the other', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const hub = new MemoryChannelHub();
    const a = await engineOn(name, dir, hub);
    const b = await engineOn(name, dir, hub);
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(
      feedId,
      [incoming({ guid: 'q', title: 'Quartz', description: '<p>quartz veins</p>' })],
      NOW,
    );
    await b.items.ingest(
      feedId,
      [incoming({ guid: 'g', title: 'Gneiss', description: '<p>gneiss bands</p>' })],
      NOW,
    );
    for (const tab of [a, b, a]) {
      await tab.settled();
      await internalsOf(tab).textIndex.fresh();
      await tab.flushSnapshot();
    }
    const meta = internalsOf(a).db.dexie.table('meta');
    const stored = ((await meta.get('textIndex:valid')) as { value: { lineage: string } }).value.lineage;
    for (const tab of [a, b]) {
      await answers(tab);
      expect((await tab.query.run("description LIKE 'gneiss bands'")).total).toBe(1);
      expect((await tab.query.run("description LIKE 'quartz veins'")).total).toBe(1);
    }
    a.close();
    b.close();
    const c = await engineOn(name, dir);
    // Loaded from what the tabs wrote, not rebuilt.
    expect(internalsOf(c).textIndex.persistState.lineage).toBe(stored);
    await answers(c);
    expect(
      (await c.query.run("description LIKE 'gneiss bands' OR description LIKE 'quartz veins'")).total,
    ).toBe(2);
  });

  it('clearing all data removes the text files', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const engine = await engineOn(name, dir);
    const [file] = await layoutFiles(engine);
    await engine.clearAll();
    expect(dir.files.has(file!)).toBe(false);
    for (const [, f] of dir.files) expect(f.size).toBeLessThanOrEqual(HEADER_BYTES);
    expect((await engine.query.run("description LIKE 'cobalt'")).total).toBe(0);
  });
});
