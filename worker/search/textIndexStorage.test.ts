import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { textPersistKit } from '../testing/textPersistKit';
import { writeText } from './textIndexStorage';

const { NOW, engineOn } = textPersistKit();

afterEach(() => vi.restoreAllMocks());

describe('writeText when the write fails', () => {
  async function written() {
    const engine = await engineOn();
    const feedId = await engine.feeds.save({ url: 'https://a.example/rss', title: 'A' });
    await engine.items.ingest(feedId, [incoming({ guid: 'g', title: 'Garnet', pubDate: NOW - 5 })], NOW);
    const internals = internalsOf(engine);
    await internals.textIndex.fresh();
    expect(await engine.flushSnapshot()).toBe(true);
    expect(internals.textIndex.persistState.lineage).not.toBe('');
    return { engine, internals, text: internals.textIndex };
  }

  it('on a database closed under it: no warning, and the next write is a whole one', async () => {
    const { internals, text } = await written();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    internals.db.dexie.close();
    expect(await writeText(internals.db, text.store, text.search, 1, text.persistState, new Set())).toBe(
      false,
    );
    expect(warn).not.toHaveBeenCalled();
    expect(text.persistState.lineage).toBe('');
  });

  it('on an open database: warns, and the next write is a whole one', async () => {
    const { internals, text } = await written();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(internals.db, 'tx').mockRejectedValue(new Error('disk full'));
    expect(await writeText(internals.db, text.store, text.search, 1, text.persistState, new Set())).toBe(
      false,
    );
    expect(warn).toHaveBeenCalledWith('Rivulet: text index not written', expect.any(Error));
    expect(text.persistState.lineage).toBe('');
  });
});
