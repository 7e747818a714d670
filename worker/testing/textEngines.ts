import { afterEach } from 'vitest';
import type { Engine } from '../engine';
import type { FakeChunkDir } from '../search/fakeOpfs';
import type { IncomingItem } from '../types';
import { createTestEngine, internalsOf } from './createTestEngine';
import { incoming } from './fixtures';

/** The clock of the engines `textEngines` makes. */
export const TEXT_NOW = 1_750_000_000;

/**
 * For a test file of the text index: `started(dir?)` makes an engine (its texts in `dir`'s files
 * when given, else in memory), starts it and its text index and saves one feed. Every engine
 * made is closed after each test. Call at the top level of the file (it registers the
 * `afterEach`).
 */
export function textEngines(): (dir?: FakeChunkDir) => Promise<{ engine: Engine; feedId: number }> {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
  });
  return async (dir) => {
    const engine = createTestEngine({ now: () => TEXT_NOW });
    engines.push(engine);
    if (dir) internalsOf(engine).textIndex.useFiles({ dir, prefix: 'db.' });
    await engine.init();
    await internalsOf(engine).textIndex.fresh();
    const feedId = await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
    return { engine, feedId };
  };
}

/** `n` articles numbered from `from`, newest first, whose body holds `word(i)`. */
export const textItems = (n: number, word: (i: number) => string, from = 0): IncomingItem[] =>
  Array.from({ length: n }, (_, k) =>
    incoming({
      guid: `g${from + k}`,
      title: `Title ${from + k}`,
      description: `<p>Body of <b>${word(from + k)}</b> &amp; more</p>`,
      pubDate: TEXT_NOW - (from + k),
    }),
  );
