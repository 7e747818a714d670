import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitForValue } from './pages/wait';
import { seedApp } from './seed';
import { freshApps, opfsFolderFiles } from './opfs';
import { runInEngine } from './setups';

// Issue 17 (a million articles): in real Chromium the index snapshot's number columns are a file
// in the worker's OPFS (`rivulet-index`, worker/index/numbersFile.ts) that the IndexedDB record
// names; a start reads that file instead of cloning the columns out of IndexedDB. Each write
// makes a new file and removes the old one; a start whose file is gone rebuilds from the items.
// A whole text (titles, authors, links) is a file there too (worker/index/textFile.ts), named by
// the text record and kept while a change of flags rewrites only the numbers.

// What the engine workers warned of or told: a reload from the file rebuilds nothing.
// Beside the seeded ones, titles a browser's decoders could change on the way back from the text
// file: Latin-1, a C1 control (windows-1252 maps most of them elsewhere), a byte order mark first,
// CJK, a lone surrogate.
const ODD = ['Café odd', 'odd \u0085 control', '\ufeffodd mark first', 'odd 日本語', 'odd \ud800 alone'];
const apps = freshApps((page) =>
  seedApp(page, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 20, items: ODD.map((title) => ({ title })) }),
);
const { said } = apps;

interface IndexState {
  /** The file the stored numbers record names ('' when the columns are inline). */
  file: string;
  /** The token of the text record when its parts are in a file ('' otherwise). */
  text: string;
  /** Articles a title filter and a link filter find (read from the text). */
  titled: number;
  linked: number;
  /** The odd titles as the index holds them, and as the articles' records do. */
  odd: { index: string; stored: string }[];
  db: string;
  live: number;
  unread: number;
  firstIds: number[];
}

// Asked once a held call has answered (the internals are there once the index has loaded).
const indexState = (page: Page): Promise<IndexState> =>
  runInEngine<IndexState>(
    page,
    `async (engine) => {
      // A held call: it answers once the index has loaded (pages answer earlier, from storage).
      await engine.query.check('');
      const counts = await engine.counts();
      const record = await engine.stores.meta.get('indexSnapshot');
      const text = await engine.stores.meta.get('indexSnapshotText');
      const page = await engine.items.page({ scope: 'all', limit: 10 });
      const found = async (filter) => (await engine.query.run(filter, { cursor: null, limit: 100 })).rows.length;
      return {
        file: typeof record?.file === 'string' ? record.file : '',
        text: text?.inFile === true ? text.token : '',
        titled: await found("title LIKE 'e'"),
        linked: await found("link LIKE 'feeds.example/1/'"),
        odd: (await engine.query.run("title LIKE 'odd'", { cursor: null, limit: 100 })).rows
          .map((r) => ({ index: engine.index.title(engine.index.rowOf(r.id)), stored: r.title }))
          .sort((a, b) => (a.stored < b.stored ? -1 : 1)),
        db: engine.db.dexie.name,
        live: engine.index.liveCount(),
        unread: counts.unread,
        firstIds: page.rows.map((r) => r.id),
      };
    }`,
  );

const flush = (page: Page) => runInEngine<boolean>(page, 'async (engine) => engine.flushSnapshot()');

const numberFiles = (page: Page) => opfsFolderFiles(page, 'rivulet-index');

beforeAll(() => apps.start());
afterAll(() => apps.stop());

// The stored text index's lineage (a rebuild writes a new one) and what it answers.
const textState = (page: Page) =>
  runInEngine<{ lineage: string; searched: number; described: number }>(
    page,
    `async (engine) => {
      const searched = (await engine.search.run('quokka')).total;
      const described = (await engine.query.run("description LIKE 'marsupial'", { cursor: null, limit: 10 })).total;
      const valid = await engine.stores.meta.get('textIndex:valid');
      return { lineage: valid?.lineage ?? '', searched, described };
    }`,
  );

describe('index numbers in an OPFS file', () => {
  test('an ingest the worker ended before writing: the next start reads its article, not every article', async () => {
    const app = await apps.open();
    expect(await flush(app.page)).toBe(true);
    const before = await indexState(app.page);
    const text = await textState(app.page);
    expect(text).toMatchObject({ searched: 0, described: 0 });
    expect(text.lineage).not.toBe('');
    // One new article, then the worker ends at once: neither stored copy is written after it.
    const added = await runInEngine<number>(
      app.page,
      `async (engine, pubDate) => {
        const feedId = (await engine.feeds.list())[0].id;
        const { added } = await engine.items.ingest(feedId, [{
          guid: 'late-quokka', title: 'A late quokka', author: '', description: '<p>the marsupial smiles</p>',
          pubDate, link: 'https://feeds.example/late-quokka', enclosure: null,
        }]);
        setTimeout(() => self.close(), 0);
        return added[0];
      }`,
      Math.floor(Date.now() / 1000) + 3600,
    );
    await app.page.reload();
    const after = await indexState(app.page);
    expect(after.live).toBe(before.live + 1);
    expect(after.unread).toBe(before.unread + 1);
    expect(after.firstIds[0]).toBe(added);
    // Caught up, not rebuilt: the text file the snapshot names is the same one (a rebuild writes
    // its whole text anew), and so is the text index's lineage; both answer for the new article.
    expect(after.text).toBe(before.text);
    expect(await textState(app.page)).toEqual({ lineage: text.lineage, searched: 1, described: 1 });
    // The start stored what it caught up on at once: the snapshot's record names a new numbers file.
    await waitForValue('the caught-up snapshot to be written', async () =>
      (await indexState(app.page)).file !== before.file ? true : undefined,
    );
  });

  test('a reload loads the numbers from the named file; a write replaces it; a lost file is rebuilt', async () => {
    const app = await apps.open();
    expect(await flush(app.page)).toBe(true);
    const first = await indexState(app.page);
    expect(first.file).not.toBe('');
    expect(first.live).toBe(40 + ODD.length);
    expect(first.odd.length).toBe(ODD.length);
    for (const { index, stored } of first.odd) expect(index).toBe(stored);
    expect(first.text).not.toBe('');
    expect(first.titled).toBeGreaterThan(0);
    expect(first.linked).toBeGreaterThan(0);
    const name = `${first.db}.${first.file}`;
    const textName = `${first.db}.text.${first.text}`;
    expect(Object.keys(await numberFiles(app.page)).sort()).toEqual([name, textName].sort());
    expect((await numberFiles(app.page))[name]).toBeGreaterThan(40 * 15);
    expect((await numberFiles(app.page))[textName]).toBeGreaterThan(40 * 30);

    // A reload loads the snapshot (no rebuild) and answers the same.
    await app.page.reload();
    expect(await indexState(app.page)).toEqual(first);
    expect(said.filter((s) => /rebuilt/.test(s))).toEqual([]);

    // Reading writes the numbers again: a new file, and the old one goes; the text file stays.
    await runInEngine(
      app.page,
      `async (engine, ids) => engine.state.markRead(ids, true)`,
      first.firstIds.slice(0, 3),
    );
    expect(await flush(app.page)).toBe(true);
    const second = await indexState(app.page);
    expect(second.file).not.toBe(first.file);
    expect(second.text).toBe(first.text);
    expect(second.unread).toBe(first.unread - 3);
    const files = await waitForValue('the old number file to go', async () => {
      const now = await numberFiles(app.page);
      return Object.keys(now).length === 2 ? now : undefined;
    });
    expect(Object.keys(files).sort()).toEqual([`${second.db}.${second.file}`, textName].sort());

    // A second tab starts from the same file.
    const tab = await app.context.newPage();
    await tab.goto(app.page.url());
    expect(await indexState(tab)).toEqual(second);
    await tab.close();

    // A file removed behind the app's back (the numbers', then the text's): the next start
    // rebuilds from the items, loses nothing, says why, and writes the files again.
    const remove = (file: string) =>
      app.page.evaluate(async (file) => {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('rivulet-index');
        await dir.removeEntry(file);
      }, file);
    await remove(textName);
    await app.page.reload();
    const again = await indexState(app.page);
    expect({ ...again, file: '', text: '' }).toEqual({ ...second, file: '', text: '' });
    expect(again.text).not.toBe(second.text);
    await remove(`${again.db}.${again.file}`);
    await app.page.reload();
    const rebuilt = await indexState(app.page);
    expect({ ...rebuilt, file: '', text: '' }).toEqual({ ...second, file: '', text: '' });
    // A load from a snapshot writes nothing; a rebuild writes a snapshot at once, so a new file
    // named by the record right after the reload is the rebuild. (Its console.info is not always
    // heard: a worker's messages from its first moments can come before Playwright attaches.)
    expect(rebuilt.file).not.toBe(again.file);
    const rebuiltFiles = [`${rebuilt.db}.${rebuilt.file}`, `${rebuilt.db}.text.${rebuilt.text}`];
    await waitForValue('the old text file to go', async () =>
      Object.keys(await numberFiles(app.page)).length === 2 ? true : undefined,
    );
    expect(Object.keys(await numberFiles(app.page)).sort()).toEqual(rebuiltFiles.sort());

    // Clearing all data removes the files with the records (a write after it names its own).
    await runInEngine(app.page, 'async (engine) => engine.clearAll()');
    const left = Object.keys(await numberFiles(app.page));
    const named = await runInEngine<string[]>(
      app.page,
      `async (engine) => {
        const numbers = (await engine.stores.meta.get('indexSnapshot'))?.file;
        const text = await engine.stores.meta.get('indexSnapshotText');
        return [numbers ? engine.db.dexie.name + '.' + numbers : '', text?.inFile ? engine.db.dexie.name + '.text.' + text.token : ''].filter(Boolean);
      }`,
    );
    expect(left.sort()).toEqual(named.sort());
  });
});
