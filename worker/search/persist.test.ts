import { describe, expect, it, vi } from 'vitest';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { FakeChunkDir } from './fakeOpfs';
import { TEXT_INDEX_FORMAT, loadTextIndex, unwrittenState } from './persist';
import { SearchIndex } from './searchIndex';
import { TextStore } from './textStore';
import { CHUNK_BYTES } from './textStore';
import { textPersistKit } from '../testing/textPersistKit';

const { NOW, engineOn, persisted, tailPending, answers, track } = textPersistKit();

describe('text index persistence', () => {
  it('loads what it wrote (postings and views of text chunks survive the round trip)', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    expect(internalsOf(warm).textIndex.persistState.lineage).toBe(lineage);
    await answers(warm);
  });

  it("reads the chunks' trigram sets when a description filter first needs them; without them (an older write) it scans and learns them", async () => {
    for (const dir of [undefined, new FakeChunkDir()]) {
      const { name } = await persisted(dir);
      const warm = await engineOn(name, dir);
      const { store } = internalsOf(warm).textIndex;
      // Not with the tables: a start that scans no description never reads them.
      expect(store.grams.knownCount()).toBe(0);
      expect(store.grams.pendingBlocks()).toEqual([0]);
      expect((await warm.search.run('basalt')).total).toBe(1);
      expect(store.grams.knownCount()).toBe(0);
      expect((await warm.query.run("description LIKE 'zeppelin'")).total).toBe(0);
      expect(store.grams.knownCount()).toBe(store.chunks.count());
      expect(store.grams.pendingBlocks()).toEqual([]);
      await internalsOf(warm).db.dexie.table('meta').delete('textIndex:grams:0');
      warm.close();
      const older = await engineOn(name, dir);
      const olderStore = internalsOf(older).textIndex.store;
      await internalsOf(older).textIndex.gramsIn();
      expect(olderStore.grams.knownCount()).toBe(0);
      await answers(older);
      expect(olderStore.grams.knownCount()).toBe(olderStore.chunks.count());
      // The learnt sets are written with the next write.
      await older.state.markRead([(await older.items.page({ scope: 'all' })).rows[0]!.id], true);
      expect(await older.flushSnapshot()).toBe(true);
      older.close();
      const after = await engineOn(name, dir);
      await internalsOf(after).textIndex.gramsIn();
      expect(internalsOf(after).textIndex.store.grams.knownCount()).toBe(1);
      await answers(after);
    }
  });

  it('a write reads the stored sets of a block it has not read before storing the block again; an append learns its chunk whole', async () => {
    for (const dir of [undefined, new FakeChunkDir()]) {
      const engine = await engineOn(undefined, dir);
      const feedId = await engine.feeds.save({
        url: 'https://a.test/',
        siteUrl: '',
        title: 'A',
        groupId: -1,
      });
      // ~3,000-byte texts of their own words: three 1 MiB chunks in one block of sets.
      const words = (i: number) =>
        Array.from({ length: 330 }, (_, k) => `w${i}x${k}`).join(' ') + (i === 3 ? ' zircon' : '');
      await engine.items.ingest(
        feedId,
        Array.from({ length: 700 }, (_, i) =>
          incoming({ guid: `g${i}`, title: `T${i}`, description: `<p>${words(i)}</p>`, pubDate: NOW - i }),
        ),
        NOW,
      );
      expect(await engine.flushSnapshot()).toBe(true);
      const count = internalsOf(engine).textIndex.store.chunks.count();
      expect(count).toBeGreaterThanOrEqual(2);
      engine.close();
      const name = internalsOf(engine).db.dexie.name;
      const next = await engineOn(name, dir);
      const { store } = internalsOf(next).textIndex;
      expect(store.grams.pendingBlocks()).toEqual([0]);
      // An article appended to the last chunk: its set comes from the chunk's bytes, not the
      // stored set (which lacks the new text's trigrams).
      await next.items.ingest(
        feedId,
        [incoming({ guid: 'late', title: 'Late', description: '<p>a late peridot</p>', pubDate: NOW })],
        NOW,
      );
      await next.settled();
      await internalsOf(next).textIndex.fresh();
      expect(store.grams.knownCount()).toBe(1);
      expect(store.grams.pendingBlocks()).toEqual([0]);
      expect(await next.flushSnapshot()).toBe(true);
      next.close();
      const last = await engineOn(name, dir);
      const grams = internalsOf(last).textIndex.store.grams;
      await internalsOf(last).textIndex.gramsIn();
      // Every chunk's set was stored: the block was read before it was written again.
      expect(grams.knownCount()).toBe(count);
      expect((await last.query.run("description LIKE 'late peridot'")).total).toBe(1);
      expect((await last.query.run("description LIKE 'zircon'")).total).toBe(1);
      expect((await last.query.run("description LIKE 'w5x7 w5x8'")).total).toBe(1);
    }
  });

  it('takes no stored set of another generation (chunks another tab wrote afresh since this load)', async () => {
    for (const dir of [undefined, new FakeChunkDir()]) {
      const { name } = await persisted(dir);
      const engine = await engineOn(name, dir);
      const meta = internalsOf(engine).db.dexie.table('meta');
      const valid = ((await meta.get('textIndex:valid')) as { value: { lineage: string; gramGen: string } })
        .value;
      const rec = ((await meta.get('textIndex:grams:0')) as { value: { gen: string; sets: Uint8Array[] } })
        .value;
      expect(rec.gen).toBe(valid.gramGen);
      // What a compaction in another tab stores after this load: the same lineage, sets of chunks
      // that now hold other texts (here: none), of a new generation.
      const sets = rec.sets.map((set) => new Uint8Array(set.length));
      await meta.put({ key: 'textIndex:grams:0', value: { lineage: valid.lineage, gen: 'another', sets } });
      await answers(engine);
      const { store } = internalsOf(engine).textIndex;
      expect(store.grams.knownCount()).toBe(store.chunks.count());
      expect((await engine.query.run("description LIKE 'amber stones'")).total).toBe(1);
    }
  });

  it('reads the search index only after the calls that waited for the tables have run', async () => {
    const { name } = await persisted();
    const engine = track(createTestEngine({ now: () => NOW, dbName: name }));
    const { db } = internalsOf(engine);
    const order: string[] = [];
    const tx = db.tx.bind(db);
    vi.spyOn(db, 'tx').mockImplementation((...args: Parameters<typeof db.tx>) => {
      order.push('read');
      return tx(...args);
    });
    const search = new SearchIndex();
    const loaded = await loadTextIndex(db, new TextStore(), search, unwrittenState(), null, () => {
      // A filter that waited for the tables: its scan and its rows' read come a few awaits on.
      void Promise.resolve()
        .then(() => undefined)
        .then(() => order.push('filter'));
    });
    expect(loaded).toBe(true);
    expect(order).toEqual(['read', 'filter', 'read']);
    expect(search.docCount()).toBe(3);
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
    track(engine);
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
