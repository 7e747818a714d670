import { describe, expect, it, vi } from 'vitest';
import { internalsOf } from '../testing/createTestEngine';
import { textEngines, textItems as items } from '../testing/textEngines';
import { FakeChunkDir } from './fakeOpfs';

// A chunk file that loses what was written to it (worker/search/textLoss.ts, TextIndex.recover).

const started = textEngines();

// ~4 KB a text: 300 of them fill the first 1 MiB chunk, which is then written to the file.
const longText = (i: number) => `tag${i % 5} w${i} ${'filler '.repeat(700)}`;

// An engine with 300 long texts indexed whose chunk files then lost their contents; its
// console.warn is silenced and its rebuilds counted. `lose` loses the files again.
async function afterLoss() {
  const dir = new FakeChunkDir();
  const { engine, feedId } = await started(dir);
  const text = internalsOf(engine).textIndex;
  const { added } = await engine.items.ingest(feedId, items(300, longText));
  await text.fresh();
  const lose = () => {
    for (const name of [...dir.files.keys()]) dir.lose(name);
  };
  lose();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const rebuilds = () => warn.mock.calls.filter((c) => String(c[0]).includes('rebuilding')).length;
  return { engine, text, added, lose, warn, rebuilds };
}

describe('TextIndex after a chunk file lost its contents', () => {
  it('rebuilds its store in a new file when a chunk file loses what was written to it, once', async () => {
    const dir = new FakeChunkDir();
    const { engine, feedId } = await started(dir);
    const text = internalsOf(engine).textIndex;
    const first = await engine.items.ingest(feedId, items(300, longText));
    await text.fresh();
    const lost = [...dir.files.keys()];
    expect(lost.length).toBeGreaterThan(0);
    for (const name of lost) dir.lose(name);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The next chunk's write comes back short: the store starts again in a new file.
    const second = await engine.items.ingest(feedId, items(300, longText, 1000));
    await text.fresh();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('rebuilding the text index'),
      expect.anything(),
    );
    expect(text.store.liveCount()).toBe(600);
    expect([...dir.files.keys()].some((name) => lost.includes(name))).toBe(false);
    expect((await engine.query.run("description LIKE 'tag3'")).total).toBe(120);
    expect((await engine.search.run('w7 ')).rows.map((r) => r.id)).toEqual([first.added[7]]);
    expect((await engine.search.run('w1007 ')).rows.map((r) => r.id)).toEqual([second.added[7]]);
    // A second loss reaches the caller instead of rebuilding again.
    for (const name of [...dir.files.keys()]) dir.lose(name);
    await engine.items.ingest(feedId, items(300, longText, 2000));
    await expect(text.fresh()).rejects.toThrow(/cut short/);
    warn.mockRestore();
  });

  it('answers a description filter whose chunk file lost its contents, after rebuilding', async () => {
    const { text, engine, lose, warn, rebuilds } = await afterLoss();
    // Needles with a space: their candidates are read, from the lost file, and the reads come back
    // short. Two filters at once: one rebuild of the store, then each asks again.
    const total = async (needle: string) => (await engine.query.run(`description LIKE '${needle}'`)).total;
    expect(await Promise.all([total('tag3 w'), total('tag1 w')])).toEqual([60, 60]);
    expect(rebuilds()).toBe(1);
    expect(text.store.liveCount()).toBe(300);
    // A second loss is not rebuilt: the filter fails with it.
    lose();
    await expect(total('tag2 w')).rejects.toThrow(/too short/);
    expect(rebuilds()).toBe(1);
    warn.mockRestore();
  });

  it('answers a quoted phrase whose chunk file lost its contents, after rebuilding, once', async () => {
    const { engine, added, lose, warn, rebuilds } = await afterLoss();
    // The phrase is in no title, so each match's text is read, from the lost file.
    expect((await engine.search.run('"w7 filler"')).rows.map((r) => r.id)).toEqual([added[7]]);
    expect(rebuilds()).toBe(1);
    lose();
    // A loss after that rebuild is not rebuilt again: the reader fails with it.
    await expect(engine.search.run('"w8 filler"')).rejects.toThrow(/too short/);
    expect(rebuilds()).toBe(1);
    warn.mockRestore();
  });

  it('rebuilds once for related articles and suggestions that meet a lost chunk file', async () => {
    const { engine, text, added, warn, rebuilds } = await afterLoss();
    // Both at once: related articles meet the loss first and empty the store for the rebuild
    // while the suggestion's phrase check is still to read it; it must not answer empty.
    const [related, suggested] = await Promise.all([
      engine.search.related(added[7]!, 5),
      engine.search.suggest('"w9 filler"'),
    ]);
    expect(related.related).toHaveLength(5);
    expect(related.related.map((r) => r.id)).not.toContain(added[7]);
    expect(suggested.map((r) => r.id)).toEqual([added[9]]);
    expect(rebuilds()).toBe(1);
    expect(text.store.liveCount()).toBe(300);
    warn.mockRestore();
  });

  it("never answers a description filter from a store emptied for another reader's rebuild", async () => {
    for (const filterFirst of [true, false]) {
      const { engine, added, warn } = await afterLoss();
      // Related articles meet the loss; the filter, waiting beside them, must wait for the rebuild.
      let tagged = -1;
      const filter = () =>
        engine.query.run("description LIKE 'tag3'").then((r) => {
          tagged = r.total;
        });
      const related = () => engine.search.related(added[7]!, 5);
      await Promise.all(filterFirst ? [filter(), related()] : [related(), filter()]);
      expect(tagged).toBe(60);
      warn.mockRestore();
    }
  });
});
