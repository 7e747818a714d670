/**
 * The engine the read-state tests start from: group G with feed A (4 items), feed B ungrouped
 * (2 items), all unread. Shared by worker/state's readState.test.ts and bulkRead.test.ts.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { Engine } from '../engine';
import type { EngineEvent } from '../types';
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
  /** Events the engine emitted since the fixture was built (tests may empty it). */
  events: EngineEvent[];
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
  const events: EngineEvent[] = [];
  engine.onEvent((e) => events.push(e));
  return { engine, g, fa, fb, a, b, events };
}

/**
 * A fresh fixture before each test of the file (handed to `use`, which stores what it needs)
 * and the engine closed, and spies restored, after it.
 */
export function useStateFixture(use: (fixture: StateFixture) => void): void {
  let engine: Engine | undefined;
  beforeEach(async () => {
    const fixture = await stateFixture();
    engine = fixture.engine;
    use(fixture);
  });
  afterEach(() => {
    engine?.close();
    vi.restoreAllMocks();
  });
}

/** A feed's stored read count. */
export const readCountOf = async (engine: Engine, feedId: number): Promise<number | undefined> =>
  (await engine.feeds.get(feedId))?.readCount;
