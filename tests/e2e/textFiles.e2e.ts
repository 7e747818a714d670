import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitForValue } from './pages/wait';
import { seedApp } from './seed';
import { freshApps, opfsFolderFiles } from './opfs';
import { runInEngine } from './setups';

// Issue 17 (a million articles): in real Chromium the engine worker keeps description texts in
// OPFS chunk files (worker/search/fileChunks.ts), not on its heap. A reload loads the tables
// and reads the file; a second tab opens the same file ('readwrite-unsafe') while the first
// holds it; clearing all data removes the files.

const items = [
  { title: 'Airships return', description: '<p>A zeppelin crossed the channel at dawn.</p>' },
  { title: 'Gardening', description: '<p>Prune the roses in spring.</p>' },
];

// The text store's backing, the persisted lineage and a description filter's count; `debug`
// (readiness, counts, the item's own text) is for a failure's message, not compared.
interface TextState {
  kind: string;
  /** How description filters search the bytes (the SIMD scan needs the CSP's 'wasm-unsafe-eval'). */
  scan: string;
  lineage: string;
  zeppelin: number;
  debug: string;
}

// The text store's backing, what the persisted state's lineage is, and a description filter.
// The internals are not held until the index has loaded, as the API's domains are, so the text
// index is asked only once a held call has answered. A new tab's worker exists before its UI
// calls init(): a held call made first used to run at once against the empty index (a CI run
// saw a second tab with no articles); the gate now holds such calls until init's load is done.
const textState = (page: Page): Promise<TextState> =>
  runInEngine<TextState>(
    page,
    `async (engine) => {
      await engine.query.check('');
      await engine.textIndex.fresh();
      const zeppelin = (await engine.query.run("description LIKE 'zeppelin crossed'")).total;
      const text = engine.textIndex;
      const [airship] = (await engine.query.run("title = 'Airships return'")).rows;
      return {
        kind: text.store.chunks.kind,
        scan: text.store.scanKind(),
        lineage: text.persistState.lineage,
        zeppelin,
        debug: JSON.stringify({
          ready: text.ready,
          live: text.store.liveCount(),
          index: engine.index.liveCount(),
          airship: airship ? text.store.text(airship.id) : 'no item',
          version: text.store.version,
        }),
      };
    }`,
  );

const textFiles = (page: Page) => opfsFolderFiles(page, 'rivulet-text');

// A context of its own per attempt; what the engine workers said is for a failure's message.
const apps = freshApps((page) => seedApp(page, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 30, items }));
const { said } = apps;

// The same text state (debug aside), or a failure naming every field and what the workers warned of.
function expectSame(what: string, got: TextState, want: TextState): void {
  const compared = ({ kind, lineage, zeppelin }: TextState) => JSON.stringify({ kind, lineage, zeppelin });
  if (compared(got) === compared(want)) return;
  throw new Error(
    `${what}: ${JSON.stringify(got)} instead of ${JSON.stringify(want)}; the workers said: ${said.join(' | ') || 'nothing'}`,
  );
}

beforeAll(() => apps.start());
afterAll(() => apps.stop());

describe('description text in OPFS files', () => {
  test('a reload reads the text from its file; a second tab shares it; clear all removes it', async () => {
    const app = await apps.open();
    const first = await textState(app.page);
    expect(first).toMatchObject({ kind: 'file', scan: 'simd', zeppelin: 1 });
    expect(first.lineage).not.toBe('');
    const files = await textFiles(app.page);
    expect(Object.values(files).some((bytes) => bytes > 4096)).toBe(true);
    // The slot tables' head is a file of the folder too, which its record names (textHead.ts).
    expect(Object.keys(files).some((name) => name.includes('.head.'))).toBe(true);
    // So is the search index's merged segment (searchFile.ts).
    expect(Object.keys(files).some((name) => name.includes('.search.'))).toBe(true);

    // A reload loads what was written (the same lineage: not rebuilt from the items, so the head
    // was read from its file).
    await app.page.reload();
    expectSame('after a reload', await textState(app.page), first);
    // Nor was the search index made again: its segment was read from its file.
    expect(said.filter((line) => line.includes('re-indexing'))).toEqual([]);

    // A second tab opens the same file while the first holds it, and loads instead of rebuilding.
    const second = await app.context.newPage();
    await second.goto(app.page.url());
    expectSame('in a second tab', await textState(second), first);

    // A text written in one tab is found by the other (each appends to a file of its own).
    await runInEngine(
      second,
      `async (engine) => {
        const [feed] = await engine.feeds.list();
        await engine.items.ingest(feed.id, [{ guid: 'late', title: 'Late', author: '', description: '<p>A zeppelin crossed again</p>', pubDate: Math.floor(Date.now() / 1000), link: 'https://feeds.example/late', enclosure: null }]);
      }`,
    );
    await waitForValue('the first tab to find the second tab’s text', async () => {
      const { zeppelin } = await textState(app.page);
      return zeppelin === 2 ? zeppelin : undefined;
    });
    expect((await textState(second)).zeppelin).toBe(2);

    // A file a tab's worker holds open cannot be removed (what clean-up relies on); the first
    // session's spare file, which nobody holds, can.
    const openNames = (page: Page) =>
      runInEngine<string[]>(page, 'async (engine) => engine.textIndex.store.chunks.openNames()');
    const held = new Set([...(await openNames(app.page)), ...(await openNames(second))]);
    const tried = await app.page.evaluate(
      async (names) => {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('rivulet-text');
        const kept: string[] = [];
        for (const name of names) await dir.removeEntry(name).catch(() => kept.push(name));
        return kept;
      },
      Object.keys(await textFiles(app.page)),
    );
    expect(held.size).toBeGreaterThanOrEqual(3);
    for (const name of held) expect(tried).toContain(name);
    expect((await textState(app.page)).zeppelin).toBe(2);
    expect((await textState(second)).zeppelin).toBe(2);

    await second.close();
    await runInEngine(app.page, 'async (engine) => engine.clearAll()');
    // Every file that held text is gone; what is left is the empty store's file (a header). The
    // closed tab's file goes once its worker has let it go, at a later write's clean-up.
    const after = await waitForValue('the text files to go', async () => {
      await runInEngine(app.page, 'async (engine) => engine.textIndex.persist()');
      const now = await textFiles(app.page);
      return Object.values(now).every((bytes) => bytes <= 4096) ? now : undefined;
    });
    for (const name of held) if (name in after) expect(after[name]).toBeLessThanOrEqual(4096);
    expect((await textState(app.page)).zeppelin).toBe(0);
  });
});
