// The stored text index across changes made after its write that the tab closed before writing
// again: flags and tags, whole texts, ingests and deletions (index/flagLog.ts).
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { FakeChunkDir } from './fakeOpfs';
import { textPersistKit } from '../testing/textPersistKit';
import { dropFlagLog } from '../testing/flagLogKit';

const { NOW, engineOn, persisted, answers, track } = textPersistKit();

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

  it('keeps the stored index across an unsubscribe the tab closed before writing: its articles are gone from it', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    const feedId = await warm.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
    await warm.items.ingest(feedId, [incoming({ guid: 'd', title: 'Rock diorite', pubDate: NOW })], NOW);
    expect((await warm.search.run('diorite')).total).toBe(1);
    expect(await warm.flushSnapshot()).toBe(true); // the text index written with it
    await warm.feeds.delete(feedId);
    warm.close();
    const cold = await engineOn(name);
    expect(internalsOf(cold).textIndex.persistState.lineage).toBe(lineage);
    await answers(cold);
    expect((await cold.search.run('diorite')).total).toBe(0);
    expect((await cold.query.run("title LIKE 'diorite'")).total).toBe(0);
  });

  it('rebuilds when a change the log does not hold came after it (its records lost)', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    const feedId = await warm.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
    await warm.items.ingest(feedId, [incoming({ guid: 'd', title: 'Rock diorite', pubDate: NOW })], NOW);
    await warm.feeds.delete(feedId);
    await dropFlagLog(warm);
    warm.close();
    const cold = await engineOn(name);
    expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
    await answers(cold);
    expect((await cold.search.run('diorite')).total).toBe(0);
  });
});
