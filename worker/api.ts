/**
 * The one contract between the UI and the engine: the object handed to `Comlink.expose` and its
 * type. The UI imports `type EngineApi` only. Every method takes and returns plain data; every
 * failure is an EngineError (code + message + details), which comlinkErrors.ts carries across
 * the boundary. To add a domain: build it beside its code and add one line to `createApi`.
 */
import * as Comlink from 'comlink';
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
export function guardDomain<T extends Record<string, unknown>>(domain: T, check?: () => void): T {
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

/** Builds the exposed API over an engine. Internal parts (index, db) are deliberately absent. */
export function createApi(engine: Engine) {
  const usable = () => engine.assertUsable();
  const guard = <T extends Record<string, unknown>>(domain: T) => guardDomain(domain, usable);
  const root = guard({
    init: (opts?: InitOptions) => engine.init(opts),
    counts: () => engine.counts(),
    clearAll: () => engine.clearAll(),
  });
  return {
    ...root,
    // Comlink.proxy marks only change the types: through `Comlink.Remote` a plain nested object
    // would be typed as a Promise, a marked one keeps callable methods (`api.items.page(q)`).
    // At run time calls travel by property path either way.
    ai: Comlink.proxy(guard({ ...engine.ai })),
    groups: Comlink.proxy(guard({ ...engine.groups })),
    feeds: Comlink.proxy(guard({ ...engine.feeds })),
    items: Comlink.proxy(guard({ ...engine.items })),
    state: Comlink.proxy(guard({ ...engine.state })),
    query: Comlink.proxy(guard({ ...engine.query })),
    search: Comlink.proxy(guard({ ...engine.search })),
    subscriptions: Comlink.proxy(guard({ ...engine.subscriptions })),
    refresh: Comlink.proxy(guard({ ...engine.refresh })),
    sync: Comlink.proxy(guard({ ...engine.sync })),
    sendTo: Comlink.proxy(guard({ ...engine.sendTo })),
    jobs: Comlink.proxy(guard({ ...engine.jobs })),
    opml: Comlink.proxy(guard({ ...engine.opml })),
    icons: Comlink.proxy(guard({ ...engine.icons })),
    backup: Comlink.proxy(guard({ ...engine.backup })),
    retention: Comlink.proxy(guard({ ...engine.retention })),
    stats: Comlink.proxy(guard({ ...engine.stats })),
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
