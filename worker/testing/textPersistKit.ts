/**
 * Shared by the text index persistence tests (worker/search/persist*.test.ts): engines on a
 * fixed clock, optionally over a fake chunk folder, closed after each test; a database with three
 * persisted articles; and what they must answer after a load.
 */
import { afterEach, expect } from 'vitest';
import type { Engine } from '../engine';
import type { FakeChunkDir } from '../search/fakeOpfs';
import { createTestEngine, internalsOf } from './createTestEngine';
import { incoming } from './fixtures';
import type { MemoryChannelHub } from './memoryChannel';

/** Call at the top level of a test file (it registers the `afterEach` that closes engines). */
export function textPersistKit() {
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

  /** Closes `engine` after the test, like the engines `engineOn` makes. */
  const track = (engine: Engine): Engine => {
    open.push(engine);
    return engine;
  };

  return { NOW, engineOn, persisted, tailPending, answers, track };
}
