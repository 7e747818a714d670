import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchIndex } from './searchIndex';
import type { TextStore } from './textStore';
import { TextUpkeep, idleMergeWait } from './textUpkeep';

afterEach(() => {
  vi.useRealTimers();
});

/** Upkeep over a store with nothing dead and an index owing `pending` postings. */
function setup(pending: number) {
  vi.useFakeTimers();
  const merges: number[] = [];
  const stored: number[] = [];
  const search = {
    pending,
    pendingSize() {
      return this.pending;
    },
    mainBytes: () => 10_000_000,
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
    () => stored.push(Date.now()),
  );
  return {
    upkeep,
    merges,
    stored,
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

  it('asks for the merge to be stored, once, and only when one ran', async () => {
    const { upkeep, merges, stored } = setup(60_000);
    upkeep.maintain();
    await vi.advanceTimersByTimeAsync(idleMergeWait(0));
    expect(merges).toHaveLength(1);
    expect(stored).toEqual(merges);
    // Nothing owed at the next pause: no merge, nothing to store.
    upkeep.maintain();
    await vi.advanceTimersByTimeAsync(10 * idleMergeWait(0));
    expect(merges).toHaveLength(1);
    expect(stored).toHaveLength(1);
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
