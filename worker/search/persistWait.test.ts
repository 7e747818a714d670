import { describe, expect, it, vi } from 'vitest';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { textPersistKit } from '../testing/textPersistKit';

const { NOW, engineOn, persisted } = textPersistKit();

describe('text index persistence: changes while a write waits', () => {
  it('a text stored after the tables were taken is not marked written: the next write stores it', async () => {
    const { name } = await persisted();
    const engine = await engineOn(name);
    const feedId = (await engine.feeds.list())[0]!.id;
    const text = internalsOf(engine).textIndex;
    // A change the write must store (the tables are then taken in this write).
    await engine.items.ingest(feedId, [incoming({ guid: 'z', title: 'Zircon', pubDate: NOW - 5 })], NOW);
    await text.fresh();
    // Right after the tables are taken, before the transaction commits, another text comes in.
    const take = text.store.slotState.bind(text.store);
    const spy = vi.spyOn(text.store, 'slotState').mockImplementationOnce(() => {
      const state = take();
      queueMicrotask(() => text.store.put(987_654, 'garnet sand'));
      return state;
    });
    expect(await engine.flushSnapshot()).toBe(true);
    expect(spy).toHaveBeenCalled();
    expect(text.store.has(987_654)).toBe(true);
    // Written: the version of the moment the tables were taken, not the one after.
    expect(text.persistState.writtenStoreVersion).toBeLessThan(text.store.version);
    // The ids the stored slot tables hold (head and tail).
    const stored = async () => {
      const meta = internalsOf(engine).db.dexie.table('meta');
      const ids = async (key: string) =>
        ((await meta.get(key)) as { value: { cols: { ids: Float64Array } } }).value.cols.ids;
      return [...(await ids('textIndex:head')), ...(await ids('textIndex:headTail'))];
    };
    expect(await stored()).not.toContain(987_654);
    // The next write (after any items change) stores it.
    const first = (await engine.items.page({ scope: 'all', cursor: null })).rows[0]!.id;
    await engine.state.markRead([first], true);
    expect(await engine.flushSnapshot()).toBe(true);
    expect(await stored()).toContain(987_654);
  });
});
