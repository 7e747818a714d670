import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchIndex } from './searchIndex';
import type { TextStore } from './textStore';
import { TextUpkeep, idleMergeMin, idleMergeWait } from './textUpkeep';

afterEach(() => {
  vi.useRealTimers();
});

/** Upkeep over a store with nothing dead and an index of `mainBytes` owing `pending` postings. */
function setup(pending: number, mainBytes = 1_000_000) {
  vi.useFakeTimers();
  const merges: number[] = [];
  const search = {
    pending,
    pendingSize() {
      return this.pending;
    },
    mainBytes: () => mainBytes,
    merge() {
      merges.push(Date.now());
      this.pending = 0;
    },
  };
  const store = { compact: () => null, bytes: () => ({ live: 1000, dead: 0 }), chunks: { kind: 'memory' } };
  let release: () => void = () => {};
  let holding = false;
  const quiet = () => (holding ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve());
  const upkeep = new TextUpkeep(
    store as unknown as TextStore,
    search as unknown as SearchIndex,
    (fn) => fn(),
    quiet,
  );
  return {
    upkeep,
    merges,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      release();
    },
  };
}

describe('the idle merge and the reader’s input', () => {
  it('merges after the pause when the reader is not scrolling', async () => {
    const { upkeep, merges } = setup(60_000);
    upkeep.maintain();
    await vi.advanceTimersByTimeAsync(idleMergeWait(0));
    expect(merges).toHaveLength(1);
  });

  it('waits for the input to pause before it starts', async () => {
    const { upkeep, merges, hold, release } = setup(60_000);
    hold();
    upkeep.maintain();
    await vi.advanceTimersByTimeAsync(idleMergeWait(0) + 10_000);
    expect(merges).toHaveLength(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(merges).toHaveLength(1);
  });

  it('a burst resuming during the wait takes the merge over: the held one does not run as well', async () => {
    const { upkeep, merges, hold, release } = setup(60_000);
    hold();
    upkeep.maintain();
    await vi.advanceTimersByTimeAsync(idleMergeWait(0));
    // Writes resume: a new idle timer is set; the held task must leave the merge to it.
    upkeep.maintain();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(merges).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(idleMergeWait(0));
    expect(merges).toHaveLength(1);
  });
});

describe('what an idle merge waits for', () => {
  it('a small index: 50,000 pending postings', async () => {
    expect(idleMergeMin(0)).toBe(50_000);
    expect(idleMergeMin(1_000_000)).toBe(50_000);
    const { upkeep, merges } = setup(49_000);
    upkeep.maintain();
    await vi.advanceTimersByTimeAsync(idleMergeWait(0) + 10_000);
    expect(merges).toHaveLength(0);
  });

  it('a 1M-article index (~50 MB merged) keeps a 5,000-article burst pending, merges a refresh', async () => {
    expect(idleMergeMin(50_000_000)).toBe(1_562_500);
    // ~80 distinct terms an article: 5,000 new articles owe 400,000 postings.
    const burst = setup(400_000, 50_000_000);
    burst.upkeep.maintain();
    await vi.advanceTimersByTimeAsync(idleMergeWait(0) + 10_000);
    expect(burst.merges).toHaveLength(0);
    vi.useRealTimers();
    // A refresh of 1,000 feeds × 50 articles owes ~4,000,000: merged at the pause.
    const refresh = setup(4_000_000, 50_000_000);
    refresh.upkeep.maintain();
    await vi.advanceTimersByTimeAsync(idleMergeWait(0));
    expect(refresh.merges).toHaveLength(1);
  });
});
