import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
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

  it("loads the chunks' trigram sets with the tables; without them (an older write) it scans and learns them", async () => {
    for (const dir of [undefined, new FakeChunkDir()]) {
      const { name } = await persisted(dir);
      const warm = await engineOn(name, dir);
      const { store } = internalsOf(warm).textIndex;
      expect(store.grams.knownCount()).toBe(store.chunks.count());
      expect((await warm.query.run("description LIKE 'zeppelin'")).total).toBe(0);
      await internalsOf(warm).db.dexie.table('meta').delete('textIndex:grams:0');
      warm.close();
      const older = await engineOn(name, dir);
      const olderStore = internalsOf(older).textIndex.store;
      expect(olderStore.grams.knownCount()).toBe(0);
      await answers(older);
      expect(olderStore.grams.knownCount()).toBe(olderStore.chunks.count());
      // The learnt sets are written with the next write.
      await older.state.markRead([(await older.items.page({ scope: 'all' })).rows[0]!.id], true);
      expect(await older.flushSnapshot()).toBe(true);
      older.close();
      const after = await engineOn(name, dir);
      expect(internalsOf(after).textIndex.store.grams.knownCount()).toBe(1);
      await answers(after);
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

// Stores a whole article for 'Rock basalt' straight into its store (as a fetch does, with no
// counter change and, the tab closing next, no text index write); returns the article's row.
async function storeWholeText(engine: Engine): Promise<{ id: number; feedId: number }> {
  const basalt = (await engine.items.page({ scope: 'all' })).rows.find((r) => r.title === 'Rock basalt')!;
  await internalsOf(engine).db.dexie.table('fullTexts').put({
    itemId: basalt.id,
    feedId: basalt.feedId,
    status: 'ok',
    html: '<p>columns of the giant causeway</p>',
    text: 'columns of the giant causeway',
    url: 'https://a.test/basalt',
    reason: '',
    httpStatus: 200,
    fetchedAt: NOW,
  });
  return basalt;
}

describe('text index persistence: changes after the write', () => {
  it('keeps the stored index across read, saved and tag changes the tab closed before writing (the flag log)', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    const ids = (await warm.items.page({ scope: 'all' })).rows.map((r) => r.id);
    await warm.state.markRead(ids.slice(0, 2), true);
    await warm.state.markSaved(ids.slice(1, 2), true);
    const tag = await warm.tags.create('rocks');
    await warm.tags.setOnItems(ids.slice(2), tag.id, true);
    warm.close(); // no snapshot or text index write since the changes
    const cold = await engineOn(name);
    expect(internalsOf(cold).textIndex.persistState.lineage).toBe(lineage);
    await answers(cold);
    expect((await cold.query.run("isRead = true AND description LIKE 'stones'")).total).toBe(2);
  });

  it('reads again the articles whose whole text was stored after it (no counter change marks those)', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    const basalt = await storeWholeText(warm);
    await warm.state.markRead([basalt.id], true);
    warm.close(); // no text index write since
    const cold = await engineOn(name);
    expect(internalsOf(cold).textIndex.persistState.lineage).toBe(lineage);
    expect((await cold.search.run('causeway')).total).toBe(1);
    await answers(cold);
  });

  it('reads again only the articles whose whole text came or went since it was written', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    await storeWholeText(warm);
    warm.close();
    // This start reads basalt again (its whole text is new) and writes the index with it.
    const cold = await engineOn(name);
    const coldText = internalsOf(cold).textIndex;
    expect(coldText.store.version).not.toBe(coldText.persistState.writtenStoreVersion);
    expect(await coldText.persist()).toBe(true);
    cold.close();
    // Nothing came or went since that write: nothing is read again.
    const again = await engineOn(name);
    const againText = internalsOf(again).textIndex;
    expect(againText.persistState.lineage).toBe(lineage);
    expect(againText.store.version).toBe(againText.persistState.writtenStoreVersion);
    expect((await again.search.run('causeway')).total).toBe(1);
    // The whole articles are cleared and the tab closes before the text index is written.
    await internalsOf(again).db.dexie.table('fullTexts').clear();
    again.close();
    const last = await engineOn(name);
    expect(internalsOf(last).textIndex.persistState.lineage).toBe(lineage);
    expect((await last.search.run('causeway')).total).toBe(0);
    expect((await last.query.run("description LIKE 'giant causeway'")).total).toBe(0);
    await answers(last);
  });

  it('keeps the stored index across an ingest the tab closed before writing: reads its articles, then writes', async () => {
    for (const dir of [undefined, new FakeChunkDir()]) {
      const { name, lineage } = await persisted(dir);
      const warm = await engineOn(name, dir);
      const feeds = await warm.feeds.list();
      const other = await warm.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
      // A refresh: one article changed, one new in the same feed, one in a new feed; then flags.
      await warm.items.ingest(
        feeds[0]!.id,
        [
          incoming({
            guid: 'basalt',
            title: 'Rock basalt',
            description: '<p>about basalt columns</p>',
            pubDate: NOW - 1,
          }),
          incoming({
            guid: 'dolerite',
            title: 'Rock dolerite',
            description: '<p>about dolerite sills</p>',
            pubDate: NOW - 3,
          }),
        ],
        NOW,
      );
      await warm.items.ingest(other, [incoming({ guid: 'd', title: 'Rock diorite', pubDate: NOW })], NOW);
      const ids = (await warm.items.page({ scope: 'all' })).rows.map((r) => r.id);
      await warm.state.markRead(ids.slice(0, 2), true);
      warm.close(); // no snapshot or text index write since the changes
      const cold = await engineOn(name, dir);
      const coldText = internalsOf(cold).textIndex;
      expect(coldText.persistState.lineage).toBe(lineage);
      expect((await cold.query.run("description LIKE 'basalt columns'")).total).toBe(1);
      expect((await cold.query.run("description LIKE 'basalt stones'")).total).toBe(0);
      expect((await cold.query.run("description LIKE 'dolerite sills'")).total).toBe(1);
      expect((await cold.search.run('diorite')).total).toBe(1);
      expect((await cold.search.run('columns')).total).toBe(1);
      expect((await cold.query.run('isRead = true')).total).toBe(2);
      // The start stored what it caught up on: the next one loads it as it is, reading nothing.
      const meta = internalsOf(cold).db.dexie.table('meta');
      const stored = (await meta.get('textIndex:valid')) as { value: { counter: number } };
      const counter = (await meta.get('itemsCounter')) as { value: number };
      expect(stored.value.counter).toBe(counter.value);
      cold.close();
      const again = await engineOn(name, dir);
      const againText = internalsOf(again).textIndex;
      expect(againText.persistState.lineage).toBe(coldText.persistState.lineage);
      expect(againText.store.version).toBe(againText.persistState.writtenStoreVersion);
      expect((await again.query.run("description LIKE 'dolerite sills'")).total).toBe(1);
      expect((await again.search.run('stones')).total).toBe(2);
    }
  });

  it('writes at the end of its start when a write was asked for while it loaded', async () => {
    const { name } = await persisted();
    const engine = track(createTestEngine({ now: () => NOW, dbName: name }));
    const text = internalsOf(engine).textIndex;
    // The start's own sync waits until the ingest below asked for a write.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sync = text.sync.bind(text);
    const spy = vi.spyOn(text, 'sync').mockImplementationOnce(async () => {
      await held;
      return sync();
    });
    await engine.init();
    const starting = text.fresh();
    await vi.waitFor(() => expect(spy).toHaveBeenCalled());
    spy.mockImplementation(sync);
    const feedId = (await engine.feeds.list())[0]!.id;
    await engine.items.ingest(
      feedId,
      [incoming({ guid: 'gabbro', title: 'Rock gabbro', pubDate: NOW })],
      NOW,
    );
    expect(text.ready).toBe(false);
    expect(await engine.flushSnapshot()).toBe(true); // the index snapshot; the text was not ready
    const meta = internalsOf(engine).db.dexie.table('meta');
    const counter = ((await meta.get('itemsCounter')) as { value: number }).value;
    expect(
      ((await meta.get('textIndex:valid')) as { value: { counter: number } }).value.counter,
    ).toBeLessThan(counter);
    release();
    await starting;
    expect(((await meta.get('textIndex:valid')) as { value: { counter: number } }).value.counter).toBe(
      counter,
    );
  });

  it('rebuilds when a change of other than flags, tags and ingests came after it', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    const ids = (await warm.items.page({ scope: 'all' })).rows.map((r) => r.id);
    await warm.state.markRead(ids.slice(0, 1), true);
    const feedId = await warm.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
    await warm.items.ingest(feedId, [incoming({ guid: 'd', title: 'Rock diorite', pubDate: NOW })], NOW);
    await warm.feeds.delete(feedId);
    warm.close();
    const cold = await engineOn(name);
    expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
    await answers(cold);
    expect((await cold.search.run('diorite')).total).toBe(0);
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
