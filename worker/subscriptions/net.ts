/**
 * How the engine reaches the companion server's `/api/fetch`: same origin in the browser, an
 * explicit base (and fetch implementation) in Node tests.
 */
import type { FetchImpl } from '../formats/fetcher';

/** Engine option: where `/api/fetch` lives and which fetch to call it with. */
export interface FetchConfig {
  /** Origin of the companion server, e.g. `http://127.0.0.1:4173`; default: this page's origin. */
  base?: string;
  /** Defaults to the global fetch. */
  impl?: FetchImpl;
}

function defaultBase(): string {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return location?.origin && location.origin !== 'null' ? location.origin : '';
}

/**
 * A FetchImpl that sends server-relative requests (`/api/fetch?…`, as the fetcher and discovery
 * build them) to the configured companion server. Absolute URLs pass through unchanged.
 */
export function proxyFetchImpl(config: FetchConfig = {}): FetchImpl {
  const impl: FetchImpl = config.impl ?? ((input, init) => fetch(input, init));
  const base = (config.base ?? defaultBase()).replace(/\/+$/, '');
  return (input, init) => impl(input.startsWith('/') ? `${base}${input}` : input, init);
}
