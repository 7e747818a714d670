import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from './contract';

/** `slow`: init never answers but pings do (a long schema upgrade); `dead`: neither answers. */
type Behaviour = 'ok' | 'fail-init' | 'load-error' | 'slow' | 'dead';

/** Stands in for the module worker: a MessageChannel with a fake engine exposed on the far end. */
function installFakeWorker(
  behaviour: () => Behaviour,
  calls: unknown[][],
  emit: { fn?: (e: EngineEvent) => void },
) {
  const created: FakeWorker[] = [];
  class FakeWorker extends EventTarget {
    private readonly port: MessagePort;
    terminated = false;
    constructor() {
      super();
      created.push(this);
      const { port1, port2 } = new MessageChannel();
      this.port = port1;
      port1.addEventListener('message', (e) =>
        this.dispatchEvent(new MessageEvent('message', { data: e.data as unknown })),
      );
      port1.start();
      const mode = behaviour();
      if (mode === 'load-error') {
        setTimeout(() => this.dispatchEvent(new ErrorEvent('error', { message: 'boom' })), 0);
        return;
      }
      Comlink.expose(
        {
          init: (opts: unknown) => {
            calls.push(['init', opts]);
            if (mode === 'fail-init') throw new Error('db broken');
            if (mode === 'slow' || mode === 'dead') return new Promise(() => {});
            return {
              schemaVersion: 1,
              counts: {},
              warnings: [],
              legacyImported: opts !== undefined,
              legacyDone: false,
            };
          },
          ping: () => (mode === 'dead' ? new Promise(() => {}) : true),
          flushSnapshot: () => {
            calls.push(['flushSnapshot']);
            return true;
          },
          onEvent: (cb: (e: EngineEvent) => void) => {
            emit.fn = cb;
            return Comlink.proxy(() => {});
          },
        },
        port2,
      );
    }
    postMessage(data: unknown, transfer: Transferable[] = []) {
      this.port.postMessage(data, transfer);
    }
    terminate() {
      this.terminated = true;
      this.port.close();
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return created;
}

let calls: unknown[][];
let emit: { fn?: (e: EngineEvent) => void };

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  calls = [];
  emit = {};
});
afterEach(() => vi.unstubAllGlobals());

describe('engine client', () => {
  it('creates one worker, inits once, and passes no legacy when there is none', async () => {
    const created = installFakeWorker(() => 'ok', calls, emit);
    const client = await import('./client');
    const [a, b] = await Promise.all([client.engineReady(), client.engineReady()]);
    expect(a).toBe(b);
    expect(created).toHaveLength(1);
    expect(calls).toEqual([['init', undefined]]);
    expect(client.getEngine()).toBe(client.getEngine());
  });

  it('hands the raw legacy strings over and removes them once imported', async () => {
    installFakeWorker(() => 'ok', calls, emit);
    localStorage.setItem('readfeeds', '{"1":[1]}');
    localStorage.setItem('sids', '[3]');
    const client = await import('./client');
    await client.engineReady();
    expect(calls[0]).toEqual(['init', { legacy: { readfeeds: '{"1":[1]}', urids: null, sids: '[3]' } }]);
    expect(localStorage.getItem('readfeeds')).toBeNull();
    expect(localStorage.getItem('sids')).toBeNull();
  });

  it('keeps the legacy keys when init fails, and a retry starts a fresh worker', async () => {
    let mode: Behaviour = 'fail-init';
    const created = installFakeWorker(() => mode, calls, emit);
    localStorage.setItem('urids', '[1]');
    const client = await import('./client');
    await expect(client.engineReady()).rejects.toThrow(/db broken/);
    expect(localStorage.getItem('urids')).toBe('[1]');
    expect(created[0]?.terminated).toBe(true);
    mode = 'ok';
    await expect(client.engineReady()).resolves.toMatchObject({ schemaVersion: 1 });
    expect(created).toHaveLength(2);
    expect(localStorage.getItem('urids')).toBeNull();
  });

  describe('a slow start', () => {
    // Timers are fake; the fake worker's messages still travel (a message round lets them through).
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
    afterEach(() => vi.useRealTimers());
    const flush = async () => {
      for (let i = 0; i < 20; i++)
        await new Promise<void>((resolve) => {
          const { port1, port2 } = new MessageChannel();
          port1.onmessage = () => {
            port1.close();
            resolve();
          };
          port2.postMessage(null);
        });
    };
    // 'pending', 'ready' or the rejection's message, read at any time.
    const outcomeOf = (p: Promise<unknown>) => {
      let state = 'pending';
      p.then(
        () => (state = 'ready'),
        (err: Error) => (state = err.message),
      );
      return () => state;
    };
    const pass = async (ms: number) => {
      for (let t = 0; t < ms; t += 1000) {
        await vi.advanceTimersByTimeAsync(1000);
        await flush();
      }
    };

    it('keeps waiting while the worker answers pings, and gives up after 5 minutes', async () => {
      installFakeWorker(() => 'slow', calls, emit);
      const client = await import('./client');
      const outcome = outcomeOf(client.engineReady());
      await pass(60_000);
      expect(outcome()).toBe('pending');
      await pass(4 * 60_000 + 10_000);
      expect(outcome()).toBe('Engine did not answer in time');
    });

    it('gives up soon after 20 s when the worker answers nothing', async () => {
      const created = installFakeWorker(() => 'dead', calls, emit);
      const client = await import('./client');
      const outcome = outcomeOf(client.engineReady());
      await pass(19_000);
      expect(outcome()).toBe('pending');
      await pass(7_000);
      expect(outcome()).toBe('Engine did not answer in time');
      expect(created[0]?.terminated).toBe(true);
    });
  });

  it('turns a worker load error into a rejection instead of hanging', async () => {
    installFakeWorker(() => 'load-error', calls, emit);
    const client = await import('./client');
    await expect(client.engineReady()).rejects.toThrow(/Engine worker failed: boom/);
  });

  it('writes the index snapshot when the tab is hidden (a close or reload may follow)', async () => {
    installFakeWorker(() => 'ok', calls, emit);
    const client = await import('./client');
    await client.engineReady();
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    setVisibility('visible');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([['init', undefined]]);
    setVisibility('hidden');
    await vi.waitFor(() => expect(calls).toContainEqual(['flushSnapshot']));
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('fans engine events out to local listeners until they unsubscribe', async () => {
    installFakeWorker(() => 'ok', calls, emit);
    const client = await import('./client');
    const seen: EngineEvent[] = [];
    const off = client.onEngineEvent((e) => seen.push(e));
    await client.engineReady();
    await vi.waitFor(() => expect(emit.fn).toBeDefined());
    // Through Comlink the callback is a proxy whose call resolves once delivered.
    await Promise.resolve(emit.fn?.({ type: 'groups-changed' }));
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'groups-changed' }]));
    off();
    await Promise.resolve(emit.fn?.({ type: 'feeds-changed', feedIds: [1] }));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(1);
  });
});
