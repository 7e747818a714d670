/**
 * The snapshot write waits while the reader scrolls (engine.interacting, worker/uiActivity.ts):
 * held past its debounce while input goes on, written once input pauses.
 */
import { describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import { internalsOf } from '../testing/createTestEngine';
import { freshEngines } from '../testing/freshEngines';
import { incoming } from '../testing/fixtures';
import { toCounter } from './snapshot';

// A debounce long enough for the input that follows a change to begin inside it on a loaded machine.
const fresh = freshEngines({ snapshotDelayMs: 100 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counter the stored summary was written at, and the database's counter now. */
async function stored(engine: Awaited<ReturnType<typeof fresh>>) {
  const meta = internalsOf(engine).stores.meta;
  const summary = (await meta.get(META_KEYS.indexSummary)) as { counter: number } | undefined;
  return { written: summary?.counter ?? -1, counter: toCounter(await meta.get(META_KEYS.itemsCounter)) };
}

describe('snapshot writes and the reader’s input', () => {
  it('waits while input goes on and writes once it pauses', async () => {
    const engine = await fresh();
    const feedId = await engine.feeds.save({ url: 'https://example.com/feed.xml', title: 'A' });
    // Input from within the change's debounce on through it: 600 ms of a report every 50 ms.
    // (Input before the change would hold the ingest itself until it paused.)
    await engine.items.ingest(feedId, [incoming({ guid: 'a' }), incoming({ guid: 'b' })]);
    engine.interacting(200);
    for (let t = 0; t < 600; t += 50) {
      await sleep(50);
      engine.interacting(200);
    }
    const during = await stored(engine);
    expect(during.counter).toBeGreaterThan(0);
    expect(during.written).toBeLessThan(during.counter);
    // The pause: the held write goes ahead.
    await sleep(400);
    const after = await stored(engine);
    expect(after.written).toBe(after.counter);
  });

  it('writes after its debounce alone when there is no input', async () => {
    const engine = await fresh();
    const feedId = await engine.feeds.save({ url: 'https://example.com/feed.xml', title: 'A' });
    await engine.items.ingest(feedId, [incoming({ guid: 'a' })]);
    await sleep(400);
    const after = await stored(engine);
    expect(after.written).toBe(after.counter);
  });
});

describe('a write held by input when the engine closes', () => {
  it('is dropped, not attempted on the closed database', async () => {
    const engine = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const feedId = await engine.feeds.save({ url: 'https://example.com/feed.xml', title: 'A' });
    await engine.items.ingest(feedId, [incoming({ guid: 'a' })]);
    engine.interacting(400);
    // The debounce (100 ms) ends while input holds the write; the engine closes during the hold.
    await sleep(200);
    engine.close();
    await sleep(400);
    expect(warn.mock.calls.filter(([m]) => String(m).includes('snapshot not written'))).toEqual([]);
    warn.mockRestore();
  });
});
