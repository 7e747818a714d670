/** The text store's slot tables persisted as a head and its tail (persistWrite.ts, textHead.ts). */
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { textPersistKit } from '../testing/textPersistKit';
import { FakeChunkDir } from './fakeOpfs';

const { NOW, engineOn, persisted, answers } = textPersistKit();

describe('text index persistence: slot tables as a head and its tail', () => {
  const meta = (e: Engine) => internalsOf(e).db.dexie.table('meta');
  const head = async (e: Engine) =>
    (
      (await meta(e).get('textIndex:head')) as {
        value: { stamp: string; cols?: { ids: Float64Array }; slots?: number };
      }
    ).value;
  // The head's slots: its columns in the record, or (chunk files) in the file the record names.
  const slotsOf = (h: { cols?: { ids: Float64Array }; slots?: number }) => h.cols?.ids.length ?? h.slots;
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
      expect(slotsOf(first)).toBe(40);
      expect(first.cols === undefined).toBe(dir !== undefined);
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
      expect(slotsOf(second)).toBe(44);
      expect((await headTail(engine)).cols.ids.length).toBe(0);
      await engine.items.ingest(feedId, rocks(44, 1), NOW);
      await internalsOf(engine).textIndex.fresh();
      expect(await engine.flushSnapshot()).toBe(true);
      engine.close();
      const warm = await engineOn(name, dir);
      // Loaded, not rebuilt: the head's stamp is this tab's, and every slot answers.
      expect(internalsOf(warm).textIndex.persistState.head?.stamp).toBe(second.stamp);
      // The fold-safe flags came back from the head and the tail (every text here is ASCII).
      const warmStore = internalsOf(warm).textIndex.store;
      expect([...warmStore.liveIds()].filter((id) => !warmStore.isFoldSafe(warmStore.slotOf(id)))).toEqual(
        [],
      );
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
