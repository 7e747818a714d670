/**
 * The engine the read-state tests start from: group G with feed A (4 items), feed B ungrouped
 * (2 items), all unread. Shared by worker/state's readState.test.ts and bulkRead.test.ts.
 */
import type { Engine } from '../engine';
import { createTestEngine } from './createTestEngine';
import { incoming } from './fixtures';

export interface StateFixture {
  engine: Engine;
  g: number;
  fa: number;
  fb: number;
  /** Item ids of feed A (pubDates 100–400) and of feed B (100, 200). */
  a: number[];
  b: number[];
}

export async function stateFixture(): Promise<StateFixture> {
  const engine = createTestEngine();
  await engine.init();
  const g = await engine.groups.save({ title: 'G' });
  const fa = await engine.feeds.save({ url: 'https://a.test', groupId: g });
  const fb = await engine.feeds.save({ url: 'https://b.test' });
  const a = (
    await engine.items.ingest(
      fa,
      [1, 2, 3, 4].map((n) => incoming({ guid: `a${n}`, pubDate: n * 100 })),
    )
  ).added;
  const b = (
    await engine.items.ingest(
      fb,
      [1, 2].map((n) => incoming({ guid: `b${n}`, pubDate: n * 100 })),
    )
  ).added;
  return { engine, g, fa, fb, a, b };
}

/** A feed's stored read count. */
export const readCountOf = async (engine: Engine, feedId: number): Promise<number | undefined> =>
  (await engine.feeds.get(feedId))?.readCount;
