import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi, guardDomain, type EngineApi } from './api';
import { installErrorTransfer } from './comlinkErrors';
import type { Engine } from './engine';
import { EngineError } from './errors';
import { createTestEngine } from './testing/createTestEngine';
import type { EngineEvent } from './types';
import { SCHEMA_VERSION } from './db/schema';

let engine: Engine;
let ports: { close(): void }[] = [];
afterEach(() => {
  engine?.close();
  for (const p of ports) p.close();
  ports = [];
});

/** The engine behind a real Comlink boundary (Node MessagePorts stand in for the worker). */
function overComlink(): Comlink.Remote<EngineApi> {
  installErrorTransfer();
  engine = createTestEngine();
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(createApi(engine), port1 as unknown as Comlink.Endpoint);
  return Comlink.wrap<EngineApi>(port2 as unknown as Comlink.Endpoint);
}

describe('the Comlink contract', () => {
  it('answers the handshake and domain calls with plain data', async () => {
    const api = overComlink();
    const info = await api.init();
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
    const g = await api.groups.save({ title: 'Over the wire' });
    expect(await api.groups.list()).toEqual([{ id: g, title: 'Over the wire' }]);
    expect((await api.counts()).groups).toBe(1);
    expect(await api.items.page({ scope: 'all' })).toEqual({ rows: [], next: null, total: 0 });
  });

  it('errors arrive with code and message', async () => {
    const api = overComlink();
    await api.init();
    const err = (await api.groups.save({ title: '' }).catch((e: unknown) => e)) as Error & { code?: string };
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('bad_input');
    expect(err.message).toBe('A group needs a title');
    const cursorErr = (await api.items.page({ scope: 'all', cursor: 'x' }).catch((e: unknown) => e)) as {
      code?: string;
    };
    expect(cursorErr.code).toBe('bad_cursor');
  });

  it('events reach a proxied listener, and unsubscribe stops them', async () => {
    const api = overComlink();
    await api.init();
    const seen: EngineEvent[] = [];
    let resolve!: () => void;
    const arrived = new Promise<void>((r) => (resolve = r));
    const off = await api.onEvent(
      Comlink.proxy((e: EngineEvent) => {
        seen.push(e);
        resolve();
      }),
    );
    await api.groups.save({ title: 'A' });
    await arrived;
    expect(seen).toEqual([{ type: 'groups-changed' }]);
    await off();
    await api.groups.save({ title: 'B' });
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(1);
  });

  it('does not expose the internal index or database', () => {
    engine = createTestEngine();
    const api = createApi(engine) as Record<string, unknown>;
    expect(api.index).toBeUndefined();
    expect(api.db).toBeUndefined();
  });
});

describe('guardDomain', () => {
  it('turns any failure into an EngineError, keeping EngineErrors as they are', async () => {
    const own = new EngineError('mine', 'kept');
    const domain = guardDomain({
      boom: () => {
        throw new TypeError('x is undefined');
      },
      mine: () => Promise.reject(own),
      fine: (n: number) => Promise.resolve(n * 2),
    });
    await expect(domain.boom()).rejects.toMatchObject({ code: 'internal', message: 'x is undefined' });
    await expect(domain.boom()).rejects.toBeInstanceOf(EngineError);
    await expect(domain.mine()).rejects.toBe(own);
    expect(await domain.fine(2)).toBe(4);
  });
});
