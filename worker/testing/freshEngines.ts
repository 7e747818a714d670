import { afterEach } from 'vitest';
import type { Engine, EngineOptions } from '../engine';
import { createTestEngine } from './createTestEngine';

/**
 * For a test file: `fresh()` makes and starts an engine (with `opts`), and every engine made is
 * closed after each test. Call at the top level of the file (it registers the `afterEach`).
 */
export function freshEngines(opts: Partial<EngineOptions> = {}): () => Promise<Engine> {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
  });
  return async () => {
    const e = createTestEngine(opts);
    engines.push(e);
    await e.init();
    return e;
  };
}
