import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';

let engine: Engine;
afterEach(() => engine?.close());

describe('clearAll', () => {
  it('empties every store, the summaries and sync stores included, and keeps the counter moving', async () => {
    engine = createTestEngine();
    await engine.init();
    const g = await engine.groups.save({ title: 'G' });
    const f = await engine.feeds.save({ url: 'https://a.example/feed', groupId: g });
    const { added } = await engine.items.ingest(f, [
      { guid: 'x', title: 'x', author: '', description: '', pubDate: 1, link: '', enclosure: null },
    ]);
    const t = (name: string) => internalsOf(engine).db.dexie.table(name);
    await t('summaries').put({
      key: `${added[0]}:a:b:c`,
      itemId: added[0],
      text: 's',
      model: 'c',
      createdAt: 1,
    });
    await t('accounts').put({ id: 'main', protocol: 'fever', url: 'https://s.example/', username: 'u' });
    await t('syncItems').put({ itemId: added[0], remoteId: 'r1', flags: 0 });
    await t('syncQueue').add({ itemIds: added, op: 'read' });
    const before = internalsOf(engine).context.applied.counter;

    await engine.clearAll();

    for (const table of internalsOf(engine).db.dexie.tables) {
      const left = await table.toArray();
      // The change counter is the one record that survives, by design.
      expect(
        left.filter((r: { key?: string }) => r.key !== 'itemsCounter'),
        table.name,
      ).toEqual([]);
    }
    expect(internalsOf(engine).context.applied.counter).toBeGreaterThan(before);
    expect(await engine.counts()).toMatchObject({ groups: 0, feeds: 0, items: 0, unread: 0 });
  });
});
