/**
 * The one contract between the UI and the engine: the object handed to `Comlink.expose` and its
 * type. The UI imports `type EngineApi` only. Every method takes and returns plain data; every
 * failure is an EngineError (code + message + details), which comlinkErrors.ts carries across
 * the boundary. Domains are not listed here: `createApi` exposes every entry of the table in
 * domains.ts (guarded, proxied), so adding a domain there adds it to the API and its type.
 */
import * as Comlink from 'comlink';
import { DOMAIN_NAMES, type DomainName, type Domains } from './domains';
import type { Engine, InitOptions } from './engine';
import { EngineError, toErrorShape } from './errors';
import type { EngineEvent } from './types';

type AnyFn = (...args: never[]) => unknown;

// Re-throws anything that is not already an EngineError as one, so the UI always gets a code.
function asEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const shape = toErrorShape(err);
  return new EngineError(shape.code, shape.message, shape.details);
}

/**
 * Wraps every method of a domain so its failures reject with an EngineError. Domain methods
 * must return promises (every call crosses a worker boundary anyway). `check` runs before each
 * call and may refuse it (the engine's lost database: no stale answers from memory).
 */
export function guardDomain<T extends object>(domain: T, check?: () => void): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(domain)) {
    if (typeof value !== 'function') continue;
    const fn = value as AnyFn;
    out[key] = async (...args: never[]) => {
      try {
        check?.();
        return await fn(...args);
      } catch (err) {
        throw asEngineError(err);
      }
    };
  }
  return out as T;
}

/**
 * Every domain as exposed. The `Comlink.proxy` mark only changes the type: through
 * `Comlink.Remote` a plain nested object would be typed as a Promise, a marked one keeps callable
 * methods (`api.items.page(q)`). At run time calls travel by property path either way.
 */
export type ExposedDomains = { [K in DomainName]: Domains[K] & Comlink.ProxyMarked };

/** Every declared domain of `engine`, each guarded by `guard` and proxy-marked. */
function exposeDomains(engine: Engine, guard: <T extends object>(domain: T) => T): ExposedDomains {
  const out: Partial<Record<DomainName, unknown>> = {};
  for (const name of DOMAIN_NAMES) out[name] = Comlink.proxy(guard(engine[name]));
  return out as ExposedDomains;
}

/** Builds the exposed API over an engine. Internals (index, db, …) are not on `Engine` at all. */
export function createApi(engine: Engine) {
  const usable = () => engine.assertUsable();
  const guard = <T extends object>(domain: T) => guardDomain(domain, usable);
  const root = guard({
    init: (opts?: InitOptions) => engine.init(opts),
    counts: () => engine.counts(),
    clearAll: () => engine.clearAll(),
    /** Writes a pending index snapshot now (else it follows 2 s after the last change). */
    flushSnapshot: (opts?: { leaving?: boolean }) => engine.flushSnapshot(opts),
    /**
     * The reader is scrolling: upkeep holds off until `holdMs` (default 300) after the last such
     * call (worker/uiActivity.ts). The UI sends it at most every 100 ms (shared/inputReport.ts).
     */
    interacting: (holdMs?: number) => {
      engine.interacting(holdMs);
      return Promise.resolve();
    },
    /**
     * Answers at once, even while `init()` waits on the database (a schema upgrade of a large
     * library): the UI asks it to tell a slow start from a dead worker.
     */
    ping: () => Promise.resolve(true),
  });
  return {
    ...root,
    ...exposeDomains(engine, guard),
    /**
     * Subscribes to change events. Pass `Comlink.proxy(cb)`; returns a proxied unsubscribe
     * function (call it, then release the proxy). Cost: one message per event.
     */
    onEvent(cb: (event: EngineEvent) => unknown): (() => void) & Comlink.ProxyMarked {
      return Comlink.proxy(engine.onEvent(cb));
    },
  };
}

/** The engine API as the UI sees it (wrap with `Comlink.Remote<EngineApi>`). */
export type EngineApi = ReturnType<typeof createApi>;
