import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { MemoryChannelHub } from '../testing/memoryChannel';
import { FakeChunkDir } from './fakeOpfs';
import { HEADER_BYTES } from './fileChunks';
import { TEXT_INDEX_FORMAT } from './persist';
import { CHUNK_BYTES } from './textStore';

const NOW = 1_750_000_000;
const open: Engine[] = [];

afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

async function engineOn(dbName?: string, dir?: FakeChunkDir, hub?: MemoryChannelHub): Promise<Engine> {
  const engine = createTestEngine({
    now: () => NOW,
    ...(dbName ? { dbName } : {}),
    ...(hub ? { channel: hub.channel() } : {}),
  });
  open.push(engine);
  if (dir) internalsOf(engine).textIndex.useFiles({ dir, prefix: 'db.' });
  await engine.init();
  await internalsOf(engine).textIndex.fresh();
  return engine;
}

// Stores a few items, persists the text index, closes; returns the database name and lineage.
async function persisted(dir?: FakeChunkDir): Promise<{ name: string; lineage: string }> {
  const engine = await engineOn(undefined, dir);
  const feedId = await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
  await engine.items.ingest(
    feedId,
    ['amber', 'basalt', 'cobalt'].map((w, i) =>
      incoming({ guid: w, title: `Rock ${w}`, description: `<p>about ${w} stones</p>`, pubDate: NOW - i }),
    ),
    NOW,
  );
  expect(await engine.flushSnapshot()).toBe(true);
  const { lineage } = internalsOf(engine).textIndex.persistState;
  engine.close();
  return { name: internalsOf(engine).db.dexie.name, lineage };
}

// Length of the stored search tail's pending postings array.
async function tailPending(engine: Engine): Promise<number> {
  const tail = (await internalsOf(engine).db.dexie.table('meta').get('textIndex:searchTail')) as {
    value: { data: { pending: Int32Array } };
  };
  return tail.value.data.pending.length;
}

async function answers(engine: Engine): Promise<void> {
  expect((await engine.search.run('basalt')).total).toBe(1);
  expect((await engine.query.run("description LIKE 'cobalt stones'")).total).toBe(1);
}

describe('text index persistence', () => {
  it('loads what it wrote (postings and views of text chunks survive the round trip)', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    expect(internalsOf(warm).textIndex.persistState.lineage).toBe(lineage);
    await answers(warm);
  });

  it('rebuilds, never trusts, data in an older layout', async () => {
    const { name, lineage } = await persisted();
    const raw = await engineOn(name);
    const meta = internalsOf(raw).db.dexie.table('meta');
    const valid = (await meta.get('textIndex:valid')) as { value: { format: number } };
    expect(valid.value.format).toBe(TEXT_INDEX_FORMAT);
    await meta.put({ key: 'textIndex:valid', value: { ...valid.value, format: TEXT_INDEX_FORMAT - 1 } });
    raw.close();
    const cold = await engineOn(name);
    expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
    await answers(cold);
  });

  it('rebuilds when a stored chunk is larger than a chunk may be, or shorter than its used bytes', async () => {
    for (const bytes of [new Uint8Array(CHUNK_BYTES + 1), new Uint8Array(2)]) {
      const { name, lineage } = await persisted();
      const raw = await engineOn(name);
      const meta = internalsOf(raw).db.dexie.table('meta');
      const chunk = (await meta.get('textIndex:chunk:0')) as { value: { lineage: string } };
      await meta.put({ key: 'textIndex:chunk:0', value: { ...chunk.value, bytes } });
      raw.close();
      const cold = await engineOn(name);
      expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
      await answers(cold);
    }
  });
});

describe('text index persistence: the search index read after the tables', () => {
  it('re-indexes from the items when the search record no longer goes with the tables, answering throughout', async () => {
    for (const dir of [undefined, new FakeChunkDir()]) {
      const { name, lineage } = await persisted(dir);
      const raw = await engineOn(name, dir);
      const meta = internalsOf(raw).db.dexie.table('meta');
      const search = (await meta.get('textIndex:search')) as { value: { stamp: string } };
      const valid = (await meta.get('textIndex:valid')) as { value: { searchStamp: string } };
      expect(search.value.stamp).toBe(valid.value.searchStamp);
      // Another tab's later search index (same lineage, another stamp) beside these tables.
      await meta.put({ key: 'textIndex:search', value: { ...search.value, stamp: 'someone-else' } });
      raw.close();
      const cold = await engineOn(name, dir);
      // The tables were loaded (same lineage), the search index rebuilt; both answer.
      expect(internalsOf(cold).textIndex.persistState.lineage).toBe(lineage);
      await answers(cold);
      expect((await cold.search.run('amber')).total).toBe(1);
    }
  });

  it('re-indexes when the tail no longer goes with the segment, or is malformed', async () => {
    const spoil: ((v: { stamp: string; data: { pending: Int32Array } }) => unknown)[] = [
      (v) => ({ ...v, stamp: 'someone-else' }),
      (v) => ({ ...v, data: { ...v.data, pending: Int32Array.from([999, 1, 0, 1]) } }),
    ];
    for (const hurt of spoil) {
      const { name, lineage } = await persisted();
      const raw = await engineOn(name);
      const meta = internalsOf(raw).db.dexie.table('meta');
      const tail = (await meta.get('textIndex:searchTail')) as {
        value: { stamp: string; data: { pending: Int32Array } };
      };
      await meta.put({ key: 'textIndex:searchTail', value: hurt(tail.value) });
      raw.close();
      const cold = await engineOn(name);
      expect(internalsOf(cold).textIndex.persistState.lineage).toBe(lineage);
      await answers(cold);
      expect((await cold.search.run('amber')).total).toBe(1);
    }
  });

  it('writes new articles without merging or rewriting the segment, and loads them back', async () => {
    const { name } = await persisted();
    const engine = await engineOn(name);
    const meta = internalsOf(engine).db.dexie.table('meta');
    const stamps = async () =>
      ((await meta.get('textIndex:valid')) as { value: { searchStamp: string; tailStamp: string } }).value;
    const before = await stamps();
    const { search } = internalsOf(engine).textIndex;
    const segment = search.mainVersion;
    const feedId = (await engine.feeds.list())[0]!.id;
    await engine.items.ingest(
      feedId,
      [incoming({ guid: 'd', title: 'Dolomite', description: '<p>dolomite dust</p>', pubDate: NOW - 9 })],
      NOW,
    );
    await internalsOf(engine).textIndex.fresh();
    expect(await engine.flushSnapshot()).toBe(true);
    const after = await stamps();
    expect(search.mainVersion).toBe(segment);
    expect(search.pendingSize()).toBeGreaterThan(0);
    expect(after.searchStamp).toBe(before.searchStamp);
    expect(after.tailStamp).not.toBe(before.tailStamp);
    engine.close();
    const warm = await engineOn(name);
    const text = internalsOf(warm).textIndex;
    // Loaded, not re-indexed: the pending postings came back from the tail.
    expect(text.persistState.writtenMainVersion).toBe(text.search.mainVersion);
    expect(text.search.pendingSize()).toBeGreaterThan(0);
    expect((await warm.search.run('dolomite')).total).toBe(1);
    await answers(warm);
    // A merge rewrites the segment at the next write.
    text.search.merge();
    await warm.state.markRead([(await warm.items.page({ scope: 'all', cursor: null })).rows[0]!.id], true);
    expect(await warm.flushSnapshot()).toBe(true);
    const merged = (await internalsOf(warm).db.dexie.table('meta').get('textIndex:valid')) as {
      value: { searchStamp: string };
    };
    expect(merged.value.searchStamp).not.toBe(after.searchStamp);
    warm.close();
    const again = await engineOn(name);
    expect(internalsOf(again).textIndex.search.pendingSize()).toBe(0);
    expect((await again.search.run('dolomite')).total).toBe(1);
    await answers(again);
  });

  it('a write leaves out, and gives back, the pending postings of articles deleted since they came', async () => {
    const { name } = await persisted();
    const engine = await engineOn(name);
    const text = internalsOf(engine).textIndex;
    const before = text.search.pendingSize();
    const tailBefore = await tailPending(engine);
    const feedId = await engine.feeds.save({
      url: 'https://late.test/',
      siteUrl: '',
      title: 'Late',
      groupId: -1,
    });
    await engine.items.ingest(
      feedId,
      [incoming({ guid: 'e', title: 'Epidote', description: '<p>epidote crystals</p>' })],
      NOW,
    );
    await text.fresh();
    expect(text.search.pendingSize()).toBeGreaterThan(before);
    await engine.feeds.delete(feedId);
    await text.fresh();
    expect(await engine.flushSnapshot()).toBe(true);
    expect(text.search.pendingSize()).toBe(before);
    expect(await tailPending(engine)).toBe(tailBefore);
    expect((await engine.search.run('epidote')).total).toBe(0);
    await answers(engine);
  });

  it('answers a text filter from the loaded tables when they hold exactly the index', async () => {
    const dir = new FakeChunkDir();
    const { name } = await persisted(dir);
    const engine = createTestEngine({ now: () => NOW, dbName: name });
    open.push(engine);
    const text = internalsOf(engine).textIndex;
    text.useFiles({ dir, prefix: 'db.' });
    await engine.init();
    await text.freshText();
    expect(text.store.liveCount()).toBe(3);
    expect((await engine.query.run("description LIKE 'cobalt stones'")).total).toBe(1);
    await text.fresh();
    expect(text.ready).toBe(true);
  });
});

describe('text index persistence: slot tables as a head and its tail', () => {
  const meta = (e: Engine) => internalsOf(e).db.dexie.table('meta');
  const head = async (e: Engine) =>
    ((await meta(e).get('textIndex:head')) as { value: { stamp: string; cols: { ids: Float64Array } } })
      .value;
  const headTail = async (e: Engine) =>
    ((await meta(e).get('textIndex:headTail')) as { value: { stamp: string; cols: { ids: Float64Array } } })
      .value;
  const rocks = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) =>
      incoming({
        guid: `r${from + i}`,
        title: `Rock ${from + i}`,
        description: `<p>stone number${from + i}</p>`,
      }),
    );

  it('writes a few new slots in the tail, keeps the head, and loads both back', async () => {
    for (const dir of [undefined, new FakeChunkDir()]) {
      const engine = await engineOn(undefined, dir);
      const name = internalsOf(engine).db.dexie.name;
      const feedId = await engine.feeds.save({
        url: 'https://a.test/',
        siteUrl: '',
        title: 'A',
        groupId: -1,
      });
      await engine.items.ingest(feedId, rocks(0, 40), NOW);
      expect(await engine.flushSnapshot()).toBe(true);
      const first = await head(engine);
      expect(first.cols.ids.length).toBe(40);
      await engine.items.ingest(feedId, rocks(40, 2), NOW);
      await internalsOf(engine).textIndex.fresh();
      expect(await engine.flushSnapshot()).toBe(true);
      expect(await head(engine)).toEqual(first); // not rewritten
      const tail = await headTail(engine);
      expect(tail.stamp).toBe(first.stamp);
      expect(tail.cols.ids.length).toBe(2);
      // Past a sixteenth of the head's slots the head is written again, with every slot.
      await engine.items.ingest(feedId, rocks(42, 2), NOW);
      await internalsOf(engine).textIndex.fresh();
      expect(await engine.flushSnapshot()).toBe(true);
      const second = await head(engine);
      expect(second.stamp).not.toBe(first.stamp);
      expect(second.cols.ids.length).toBe(44);
      expect((await headTail(engine)).cols.ids.length).toBe(0);
      await engine.items.ingest(feedId, rocks(44, 1), NOW);
      await internalsOf(engine).textIndex.fresh();
      expect(await engine.flushSnapshot()).toBe(true);
      engine.close();
      const warm = await engineOn(name, dir);
      // Loaded, not rebuilt: the head's stamp is this tab's, and every slot answers.
      expect(internalsOf(warm).textIndex.persistState.head?.stamp).toBe(second.stamp);
      for (const n of [0, 41, 43, 44])
        expect((await warm.query.run(`description LIKE 'stone number${n}'`)).total).toBe(1);
      expect((await warm.search.run('number44')).total).toBe(1);
    }
  });

  it('rebuilds when the tail is not the head’s, or either is malformed', async () => {
    const spoil: [string, (v: Record<string, unknown>) => unknown][] = [
      ['textIndex:headTail', (t) => ({ ...t, stamp: 'someone-else' })],
      ['textIndex:headTail', (t) => ({ ...t, cols: undefined })],
      ['textIndex:head', (h) => ({ ...h, cols: { ...(h.cols as object), ids: [1, 2, 3] } })],
    ];
    for (const [key, hurt] of spoil) {
      const { name, lineage } = await persisted();
      const raw = await engineOn(name);
      const stored = (await meta(raw).get(key)) as { value: Record<string, unknown> };
      await meta(raw).put({ key, value: hurt(stored.value) });
      raw.close();
      const warn = vi.spyOn(console, 'warn');
      const cold = await engineOn(name);
      expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
      expect(warn).not.toHaveBeenCalled(); // refused, not thrown
      warn.mockRestore();
      await answers(cold);
    }
  });
});

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
