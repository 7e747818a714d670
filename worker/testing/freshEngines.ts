import { afterEach } from 'vitest';
import type { Engine, EngineOptions } from '../engine';
import { createTestEngine } from './createTestEngine';

/**
 * For a test file or block: `make(opts)` makes an engine (not started), and every engine made is
 * closed after each test. Call where the `afterEach` it registers belongs.
 */
export function engineMaker(): (opts?: Partial<EngineOptions>) => Engine {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
  });
  return (opts = {}) => {
    const e = createTestEngine(opts);
    engines.push(e);
    return e;
  };
}

/**
 * For a test file: `fresh()` makes and starts an engine (with `opts`), and every engine made is
 * closed after each test. Call at the top level of the file (it registers the `afterEach`).
 */
export function freshEngines(opts: Partial<EngineOptions> = {}): () => Promise<Engine> {
  const make = engineMaker();
  return async () => {
    const e = make(opts);
    await e.init();
    return e;
  };
}
