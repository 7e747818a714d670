import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createApi, guardDomain, type EngineApi } from './api';
import { DOMAIN_NAMES, type DomainName } from './domains';
import { installErrorTransfer } from './comlinkErrors';
import type { Engine } from './engine';
import { EngineError } from './errors';
import { createTestEngine } from './testing/createTestEngine';
import type { EngineEvent, ItemRow, ItemsQuery, Page } from './types';
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
    // Nor does the engine object carry them: tests reach them through internalsOf.
    for (const internal of ['index', 'db', 'stores', 'context', 'textIndex'])
      expect(Object.keys(engine)).not.toContain(internal);
  });
});

/** A domain's methods by name, for reaching every one generically. */
type Methods = Record<string, (...args: unknown[]) => Promise<unknown>>;
const methodsOf = (domain: object): string[] =>
  Object.entries(domain)
    .filter(([, value]) => typeof value === 'function')
    .map(([key]) => key);

describe('domains are declared once (domains.ts) and all exposed', () => {
  it('the API is exactly the root calls, onEvent and every declared domain', () => {
    engine = createTestEngine();
    const api = createApi(engine);
    expect(Object.keys(api).sort()).toEqual(
      [
        'init',
        'counts',
        'clearAll',
        'flushSnapshot',
        'interacting',
        'ping',
        'onEvent',
        ...DOMAIN_NAMES,
      ].sort(),
    );
    for (const name of DOMAIN_NAMES) {
      // Proxy-marked, so Comlink.Remote keeps its methods callable; every engine method is there.
      expect(api[name][Comlink.proxyMarker], name).toBe(true);
      expect(methodsOf(api[name]).sort(), name).toEqual(methodsOf(engine[name]).sort());
      expect(methodsOf(api[name]).length, name).toBeGreaterThan(0);
    }
  });

  it('ping answers before init and while it runs', async () => {
    engine = createTestEngine();
    const api = createApi(engine);
    expect(await api.ping()).toBe(true);
    const started = api.init();
    expect(await api.ping()).toBe(true);
    await started;
  });

  it('every method of every domain is guarded: a plain Error arrives as an EngineError with a code', async () => {
    engine = createTestEngine();
    let calls = 0;
    for (const name of DOMAIN_NAMES) {
      const domain = engine[name] as unknown as Methods;
      for (const method of methodsOf(domain))
        domain[method] = () => {
          calls += 1;
          throw new TypeError(`${name}.${method} broke`);
        };
    }
    const api = createApi(engine);
    let checked = 0;
    for (const name of DOMAIN_NAMES) {
      const exposed = api[name] as unknown as Methods;
      for (const method of methodsOf(exposed)) {
        const err = await exposed[method]!().catch((e: unknown) => e);
        expect(err, `${name}.${method}`).toBeInstanceOf(EngineError);
        expect(err).toMatchObject({ code: 'internal', message: `${name}.${method} broke` });
        checked += 1;
      }
    }
    expect(checked).toBe(calls);
    expect(checked).toBeGreaterThan(DOMAIN_NAMES.length);
  });

  it('every domain refuses calls once the database is lost, before reaching the engine', async () => {
    engine = createTestEngine();
    const api = createApi(engine);
    const lost = new EngineError('db_lost', 'gone');
    engine.assertUsable = () => {
      throw lost;
    };
    for (const name of DOMAIN_NAMES) {
      const exposed = api[name] as unknown as Methods;
      const first = methodsOf(exposed)[0]!;
      await expect(exposed[first]!(), `${name}.${first}`).rejects.toBe(lost);
    }
  });

  it('types every domain as callable through Comlink.Remote (the UI contract)', () => {
    type Remote = Comlink.Remote<EngineApi>;
    // No declared domain is missing from the API type, and none is typed as a promised value.
    expectTypeOf<Exclude<DomainName, keyof EngineApi>>().toEqualTypeOf<never>();
    type Promised = { [K in DomainName]: Remote[K] extends PromiseLike<unknown> ? K : never }[DomainName];
    expectTypeOf<Promised>().toEqualTypeOf<never>();
    expectTypeOf<Remote['items']['page']>().parameters.toEqualTypeOf<[ItemsQuery]>();
    expectTypeOf<Remote['items']['page']>().returns.toEqualTypeOf<Promise<Page<ItemRow>>>();
    expectTypeOf<Remote['groups']['list']>().returns.resolves.items.toHaveProperty('title');
    expectTypeOf<EngineApi>().not.toHaveProperty('index');
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
