/**
 * Manual timing of the engine core over fake-indexeddb (slower than a browser's IndexedDB;
 * compare numbers within one run only). Not a test: no assertions.
 * Run: node --import tsx worker/testing/timing.ts [itemsTotal=20000]
 */
import { createTestEngine, internalsOf } from './createTestEngine';
import { seedEngine } from './seed';

async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  console.log(`${label.padEnd(34)} ${(performance.now() - start).toFixed(1).padStart(9)} ms`);
  return result;
}

const total = Number(process.argv[2] ?? 20_000);
const feeds = 50;
const engine = createTestEngine();
await engine.init();
await time(`seed ${total} items in ${feeds} feeds`, () =>
  seedEngine(engine, {
    groups: 5,
    feedsPerGroup: feeds / 5,
    itemsPerFeed: Math.ceil(total / feeds),
    seed: 1,
  }),
);
await time('first page, all', () => engine.items.page({ scope: 'all' }));
await time('first page, all unread', () => engine.items.page({ scope: 'all', unreadOnly: true }));
const page = await engine.items.page({ scope: 'all' });
await time('second page (cursor)', () => engine.items.page({ scope: 'all', cursor: page.next }));
await time('counts', () => engine.counts());
await time('flush snapshot', () => engine.flushSnapshot());
const name = internalsOf(engine).db.dexie.name;
engine.close();
const warm = createTestEngine({ dbName: name });
await time('cold init from snapshot', () => warm.init());
await internalsOf(warm).stores.meta.delete('indexSnapshot');
warm.close();
const cold = createTestEngine({ dbName: name });
await time('cold init with rebuild', () => cold.init());
await time('mark all read', () => cold.state.markAllRead({ scope: 'all' }));
cold.close();
