import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Limiter', () => {
  it('runs at most max tasks at once, the rest in order', async () => {
    const limiter = new Limiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const order: number[] = [];
    let peak = 0;
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        order.push(i);
        peak = Math.max(peak, limiter.active);
        await g.promise;
      }, new AbortController().signal),
    );
    await Promise.resolve();
    expect([limiter.active, limiter.waiting]).toEqual([2, 2]);
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(limiter.started).toBe(4);
    expect(limiter.active).toBe(0);
  });

  it('drops an aborted waiting task without starting it', async () => {
    const limiter = new Limiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise, new AbortController().signal);
    const ctl = new AbortController();
    let started = false;
    const second = limiter.run(() => {
      started = true;
      return Promise.resolve();
    }, ctl.signal);
    ctl.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(limiter.waiting).toBe(0);
    gate.resolve();
    await first;
    expect(started).toBe(false);
    expect(limiter.started).toBe(1);
  });

  it('refuses an already aborted signal and frees the slot when a task fails', async () => {
    const limiter = new Limiter(1);
    const ctl = new AbortController();
    ctl.abort();
    await expect(limiter.run(() => Promise.resolve(1), ctl.signal)).rejects.toBeDefined();
    await expect(
      limiter.run(() => Promise.reject(new Error('x')), new AbortController().signal),
    ).rejects.toThrow('x');
    await expect(limiter.run(() => Promise.resolve(2), new AbortController().signal)).resolves.toBe(2);
  });
});
