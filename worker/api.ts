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
 * must return promises (every call crosses a worker boundary anyway).
 */
export function guardDomain<T extends Record<string, unknown>>(domain: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(domain)) {
    if (typeof value !== 'function') continue;
    const fn = value as AnyFn;
    out[key] = async (...args: never[]) => {
      try {
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
  const root = guardDomain({
    init: (opts?: InitOptions) => engine.init(opts),
    counts: () => engine.counts(),
    clearAll: () => engine.clearAll(),
  });
  return {
    ...root,
    // Comlink.proxy marks only change the types: through `Comlink.Remote` a plain nested object
    // would be typed as a Promise, a marked one keeps callable methods (`api.items.page(q)`).
    // At run time calls travel by property path either way.
    ai: Comlink.proxy(guardDomain({ ...engine.ai })),
    groups: Comlink.proxy(guardDomain({ ...engine.groups })),
    feeds: Comlink.proxy(guardDomain({ ...engine.feeds })),
    items: Comlink.proxy(guardDomain({ ...engine.items })),
    state: Comlink.proxy(guardDomain({ ...engine.state })),
    query: Comlink.proxy(guardDomain({ ...engine.query })),
    search: Comlink.proxy(guardDomain({ ...engine.search })),
    subscriptions: Comlink.proxy(guardDomain({ ...engine.subscriptions })),
    refresh: Comlink.proxy(guardDomain({ ...engine.refresh })),
    sync: Comlink.proxy(guardDomain({ ...engine.sync })),
    jobs: Comlink.proxy(guardDomain({ ...engine.jobs })),
    opml: Comlink.proxy(guardDomain({ ...engine.opml })),
    icons: Comlink.proxy(guardDomain({ ...engine.icons })),
    backup: Comlink.proxy(guardDomain({ ...engine.backup })),
    retention: Comlink.proxy(guardDomain({ ...engine.retention })),
    stats: Comlink.proxy(guardDomain({ ...engine.stats })),
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
