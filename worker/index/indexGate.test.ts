import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Counts } from '../types';
import { IndexGate } from './indexGate';
import type { IndexSummary } from './snapshot';

afterEach(() => {
  vi.useRealTimers();
});

const SUMMARY: IndexSummary = { counter: 4, items: 10, unread: 3, saved: 1, unreadByFeed: { 1: 3 } };
const LIVE: Counts = { groups: 1, feeds: 1, items: 11, unread: 4, saved: 1, unreadByFeed: { 1: 4 } };

// A load that finishes when the test says so.
function manualLoad() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((r) => (finish = r));
  return {
    load: () => {
      started = true;
      return done;
    },
    finish: () => finish(),
    started: () => started,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('IndexGate', () => {
  it('when not deferred it holds nothing and hands domains back unchanged', async () => {
    const gate = new IndexGate(false);
    const domain = { f: () => 1 };
    expect(gate.hold(domain)).toBe(domain);
    expect(gate.loaded).toBe(true);
    expect(await gate.counts(() => LIVE, { groups: 0, feeds: 0 })).toEqual(LIVE);
  });

  it('holds calls until the load finishes, then passes them straight through', async () => {
    const gate = new IndexGate(true);
    const manual = manualLoad();
    const opened = gate.begin(null, manual.load);
    const calls: string[] = [];
    const held = gate.hold({ write: (x: string) => calls.push(x), label: 'kept' });
    expect(held.label).toBe('kept');
    const a = held.write('a');
    const b = held.write('b');
    await tick();
    expect(manual.started()).toBe(true);
    expect(calls).toEqual([]);
    manual.finish();
    await opened;
    expect(await Promise.resolve(a)).toBe(1);
    expect(await Promise.resolve(b)).toBe(2);
    expect(calls).toEqual(['a', 'b']);
    // Loaded: synchronous pass-through, no promise in between.
    expect(held.write('c')).toBe(3);
  });

  it('holds calls made before the first begin (before init) until that load is done', async () => {
    const gate = new IndexGate(true);
    const calls: string[] = [];
    const held = gate.hold({ read: (x: string) => calls.push(x) });
    const list = gate.early(
      (scope: string) => {
        calls.push(`list ${scope}`);
        return Promise.resolve(scope);
      },
      () => true,
    );
    const counted = gate.counts(() => LIVE, { groups: 0, feeds: 0 });
    const read = held.read('before');
    const feed = list('feed');
    const loaded = gate.whenLoaded();
    let settled = false;
    void loaded.then(() => (settled = true));
    await tick();
    // No load has begun: the index is empty, so nothing may answer from it yet.
    expect(calls).toEqual([]);
    expect(settled).toBe(false);
    const manual = manualLoad();
    void gate.begin(null, manual.load);
    await tick();
    expect(calls).toEqual([]);
    manual.finish();
    await loaded;
    expect(await Promise.resolve(read)).toBeGreaterThan(0);
    expect(await feed).toBe('feed');
    expect(await counted).toEqual(LIVE);
    expect(calls.sort()).toEqual(['before', 'list feed']);
  });

  it('with a summary, the load waits for the first page or a call, else for the window', async () => {
    vi.useFakeTimers();
    const gate = new IndexGate(true);
    const idle = manualLoad();
    void gate.begin(SUMMARY, idle.load, 50);
    await vi.advanceTimersByTimeAsync(49);
    expect(idle.started()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(idle.started()).toBe(true);

    const asked = manualLoad();
    void new IndexGate(true).begin(SUMMARY, asked.load, 50);
    const gate2 = new IndexGate(true);
    const kicked = manualLoad();
    void gate2.begin(SUMMARY, kicked.load, 50);
    void gate2.hold({ f: () => 0 }).f();
    await vi.advanceTimersByTimeAsync(0);
    expect(kicked.started()).toBe(true);
    expect(asked.started()).toBe(false);
  });

  it('answers counts from the summary while loading and from the index after', async () => {
    const gate = new IndexGate(true);
    const manual = manualLoad();
    const opened = gate.begin(SUMMARY, manual.load, 10_000);
    expect(await gate.counts(() => LIVE, { groups: 2, feeds: 5 })).toEqual({
      groups: 2,
      feeds: 5,
      items: 10,
      unread: 3,
      saved: 1,
      unreadByFeed: { 1: 3 },
    });
    expect(manual.started()).toBe(false);
    manual.finish();
    await gate.whenLoaded();
    await opened;
    expect(await gate.counts(() => LIVE, { groups: 2, feeds: 5 })).toEqual(LIVE);
  });

  it('without a summary counts wait for the index', async () => {
    const gate = new IndexGate(true);
    const manual = manualLoad();
    void gate.begin(null, manual.load);
    let answered = false;
    const counts = gate.counts(() => LIVE, { groups: 0, feeds: 0 }).then((c) => ((answered = true), c));
    await tick();
    expect(answered).toBe(false);
    manual.finish();
    expect(await counts).toEqual(LIVE);
  });

  it('a failing load is logged and still opens the gate', async () => {
    const gate = new IndexGate(true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await gate.begin(null, () => Promise.reject(new Error('boom')));
    expect(gate.loaded).toBe(true);
    expect(error).toHaveBeenCalledWith('Rivulet: index load failed', expect.any(Error));
    error.mockRestore();
  });

  it('answers `free` calls at once while loading, without starting a load that waits', async () => {
    const gate = new IndexGate(true);
    const manual = manualLoad();
    void gate.begin(SUMMARY, manual.load, 10_000);
    const list = vi.fn(() => Promise.resolve(['feed']));
    const made = gate.free(list);
    const domain = gate.hold({ list: made, count: () => Promise.resolve(1) });
    expect(domain.list).toBe(made);
    expect(await domain.list()).toEqual(['feed']);
    await tick();
    expect(list).toHaveBeenCalledTimes(1);
    // The load still waits for the first page (or a call that needs the index).
    expect(manual.started()).toBe(false);
    let counted = false;
    void domain.count().then(() => (counted = true));
    await tick();
    expect(manual.started()).toBe(true);
    expect(counted).toBe(false);
    manual.finish();
    await gate.whenLoaded();
    await tick();
    expect(counted).toBe(true);
    expect(await domain.list()).toEqual(['feed']);
  });

  it('answers early calls once the number columns are in, then lets the text load go on', async () => {
    const gate = new IndexGate(true);
    const steps: string[] = [];
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    let numbersIn!: () => Promise<void>;
    const atNumbersCalled = new Promise<void>((resolve) => {
      void gate.begin(
        SUMMARY,
        async (atNumbers) => {
          steps.push('numbers');
          numbersIn = atNumbers;
          resolve();
          await done;
        },
        10_000,
      );
    });
    const list = gate.early(
      (scope: string) => {
        steps.push(`list ${scope}`);
        return Promise.resolve(scope);
      },
      (scope) => scope !== 'text',
    );
    const held = gate.hold({ write: () => steps.push('write') });
    const feed = list('feed');
    const text = list('text');
    void held.write();
    await atNumbersCalled; // asking started the load at once (no window wait)
    expect(steps).toEqual(['numbers']);
    const textMayLoad = numbersIn().then(() => steps.push('text may load'));
    expect(await feed).toBe('feed');
    await textMayLoad;
    // The early call answered before the text load was let go; the others still wait.
    expect(steps).toEqual(['numbers', 'list feed', 'text may load']);
    expect(await list('saved')).toBe('saved');
    finish();
    expect(await text).toBe('text');
    await gate.whenLoaded();
    await tick();
    expect(steps).toEqual(['numbers', 'list feed', 'text may load', 'list saved', 'list text', 'write']);
  });

  it('without a summary the text load does not wait for early calls', async () => {
    const gate = new IndexGate(true);
    let waited = false;
    await gate.begin(null, async (atNumbers) => {
      await atNumbers();
      waited = true;
    });
    expect(waited).toBe(true);
  });
});
