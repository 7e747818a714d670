import { describe, expect, it, vi } from 'vitest';
import { MemoryChunks } from './chunkSpace';
import { ScanCosts } from './storeScan';
import { TextStore } from './textStore';

describe('ScanCosts', () => {
  it('starts from the figures of OPFS on disk and follows what is measured', () => {
    const costs = new ScanCosts();
    expect(costs.perText).toBeCloseTo(3);
    expect(costs.perByte).toBeCloseTo(0.0003);
    // Files out of the cache: ~17 µs a text read, ~1.4 ms a 1 MiB chunk.
    costs.notedTexts(23_000, 400);
    costs.notedBytes(100 << 20, 140);
    expect(costs.perText).toBeGreaterThan(15);
    expect(costs.perByte).toBeGreaterThan(0.0012);
    // Back in the cache: a few thousand texts later the old figure has faded.
    for (let i = 0; i < 10; i++) costs.notedTexts(1000, 4);
    expect(costs.perText).toBeLessThan(6);
  });

  it('picks the cheaper way, and now and then the other one when it is close', () => {
    const costs = new ScanCosts();
    // 3 µs a text, 0.3 ms a chunk of 1 MB.
    expect(costs.byText(50, 1_000_000)).toBe(true);
    let byText = 0;
    for (let i = 0; i < 320; i++) if (costs.byText(150, 1_000_000)) byText++;
    expect(byText).toBe(10);
    // Never when the texts would cost more than twice the chunk.
    for (let i = 0; i < 320; i++) expect(costs.byText(250, 1_000_000)).toBe(false);
  });
});

describe('TextStore.matches among candidates', () => {
  // Three chunks of ~1 MiB: texts of ~1 KB, "quartz" in every 100th.
  function setup(costs: ScanCosts) {
    const store = new TextStore(new MemoryChunks(), costs);
    for (let id = 0; id < 3000; id++)
      store.put(id, `${id % 100 === 0 ? 'quartz ' : ''}${'filler text '.repeat(85)}${id}`);
    const among = (pick: (slot: number) => boolean) =>
      Uint8Array.from({ length: store.slotCount() }, (_, s) => (pick(s) ? 1 : 0));
    return { store, among };
  }
  const chunkOfSlot = (store: TextStore, s: number) => store.tables().chunkOf[s] as number;

  it('reads no chunk without a candidate, and the texts alone when that is cheaper', () => {
    const { store, among } = setup(new ScanCosts());
    expect(store.chunks.count()).toBe(3);
    const chunk = vi.spyOn(store.chunks, 'chunk');
    const view = vi.spyOn(store.chunks, 'view');
    // The candidates: the matches of the first chunk and a few texts that do not match.
    const first = (s: number) => chunkOfSlot(store, s) === 0 && (s % 100 === 0 || s % 250 === 1);
    const map = store.matches('quartz', undefined, among(first));
    expect(chunk).not.toHaveBeenCalled();
    expect(view.mock.calls.every(([c]) => c === 0)).toBe(true);
    expect(view).toHaveBeenCalledTimes(among(first).reduce((n, b) => n + b, 0));
    const whole = store.matches('quartz');
    const inFirst = (m: Uint8Array) => [...m.keys()].filter((s) => m[s] === 1 && chunkOfSlot(store, s) === 0);
    expect(inFirst(map)).toEqual(inFirst(whole));
  });

  it('reads a chunk whole when its candidates would cost more one by one', () => {
    const costs = new ScanCosts();
    costs.notedTexts(1000, 1e6);
    const { store, among } = setup(costs);
    const chunk = vi.spyOn(store.chunks, 'chunk');
    const view = vi.spyOn(store.chunks, 'view');
    const map = store.matches(
      'quartz',
      undefined,
      among((s) => s % 100 === 0 && chunkOfSlot(store, s) !== 1),
    );
    expect(chunk.mock.calls.map(([c]) => c)).toEqual([0, 2]);
    expect(view).not.toHaveBeenCalled();
    const whole = store.matches('quartz');
    for (let s = 0; s < map.length; s++) if (chunkOfSlot(store, s) !== 1) expect(map[s]).toBe(whole[s]);
  });

  it('skips dead texts among the candidates', () => {
    const { store, among } = setup(new ScanCosts());
    store.remove(0);
    const map = store.matches(
      'quartz',
      undefined,
      among((s) => s < 300),
    );
    expect(map[0]).toBe(0);
    expect(map[100]).toBe(1);
  });
});
