import { describe, expect, it, vi } from 'vitest';
import { plainTextLower } from '../query/language/textColumn';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { TEXT_NOW, textEngines, textItems as items } from '../testing/textEngines';
import { FakeChunkDir } from './fakeOpfs';
import { idleMergeWait } from './textUpkeep';

const started = textEngines();

/**
 * An engine whose text index keeps its files in a fake folder whose opening waits until
 * `release()` (a start's new chunk file slow to open on a loaded disk), with one feed.
 */
async function heldStart() {
  const engine = createTestEngine({ now: () => TEXT_NOW });
  const dir = new FakeChunkDir();
  const text = internalsOf(engine).textIndex;
  text.useFiles({ dir, prefix: 'db.' });
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const open = dir.open.bind(dir);
  vi.spyOn(dir, 'open').mockImplementation(async (name, create) => {
    await held;
    return open(name, create);
  });
  const errors = vi.spyOn(console, 'error');
  const warnings = vi.spyOn(console, 'warn');
  await engine.init();
  const feedId = await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
  return { engine, text, feedId, release, errors, warnings };
}

describe('TextIndex queue', () => {
  it('writes that land while a start restores wait for it instead of draining into what it replaces', async () => {
    const { engine, text, feedId, release, errors } = await heldStart();
    try {
      const starting = text.start();
      await engine.items.ingest(
        feedId,
        items(30, (i) => `word${i}`),
      );
      await new Promise((resolve) => setTimeout(resolve, 400));
      release();
      await starting;
      await text.fresh();
      expect(errors).not.toHaveBeenCalled();
      expect(text.store.liveCount()).toBe(30);
      expect((await engine.search.run('word7')).rows).toHaveLength(1);
    } finally {
      engine.close();
    }
  });

  it('a clear of all data while a start restores waits for it, and the texts after it are found', async () => {
    const { engine, text, feedId, release, errors, warnings } = await heldStart();
    try {
      await engine.items.ingest(
        feedId,
        items(10, (i) => `old${i}`),
      );
      const starting = text.start();
      const clearing = engine.clearAll();
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await Promise.all([starting, clearing]);
      expect(text.store.liveCount()).toBe(0);
      const again = await engine.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
      await engine.items.ingest(
        again,
        items(10, (i) => `new${i}`),
      );
      await text.fresh();
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
      expect(text.store.liveCount()).toBe(10);
      expect((await engine.search.run('new3')).rows).toHaveLength(1);
      expect((await engine.search.run('old3')).rows).toHaveLength(0);
    } finally {
      engine.close();
    }
  });

  it('indexes ingested items from the offered text, without reading them back', async () => {
    const { engine, feedId } = await started();
    const byIds = vi.spyOn(internalsOf(engine).stores.items, 'byIds');
    const { added } = await engine.items.ingest(
      feedId,
      items(30, (i) => `word${i}`),
    );
    await internalsOf(engine).textIndex.fresh();
    expect(byIds).not.toHaveBeenCalled();
    expect(internalsOf(engine).textIndex.store.liveCount()).toBe(30);
    const id = added[7] as number;
    expect(internalsOf(engine).textIndex.store.text(id)).toBe(
      plainTextLower('<p>Body of <b>word7</b> &amp; more</p>'),
    );
    expect((await engine.search.run('word7')).rows.map((r) => r.id)).toEqual([id]);
  });

  it('answers a description filter asked again after new, changed and removed articles as a first scan would', async () => {
    const { engine, feedId } = await started();
    const other = await engine.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
    await engine.items.ingest(
      feedId,
      items(40, (i) => (i % 4 === 0 ? 'zeppelin' : 'plain')),
    );
    const store = internalsOf(engine).textIndex.store;
    const ask = async () =>
      (await engine.query.run("description LIKE 'zeppelin'", { limit: 500 })).rows
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const scanned = () =>
      [...store.liveIds()].filter((id) => store.text(id).includes('zeppelin')).sort((a, b) => a - b);
    const scans = vi.spyOn(store, 'matches');
    expect(await ask()).toHaveLength(10);
    // Article 1 now holds the word, article 0 no longer does; five new here, three in another feed.
    await engine.items.ingest(feedId, [
      ...items(1, () => 'now a zeppelin', 1),
      ...items(1, () => 'plain now', 0),
      ...items(5, () => 'zeppelin', 100),
    ]);
    await engine.items.ingest(
      other,
      items(3, () => 'zeppelin', 200),
    );
    const after = await ask();
    expect(after).toHaveLength(18);
    expect(after).toEqual(scanned());
    // The second answer extended the first scan's map.
    expect(scans).toHaveBeenCalledTimes(2);
    expect(scans.mock.calls[1]?.[1]).toBeInstanceOf(Uint8Array);
    await engine.feeds.delete(other);
    expect(await ask()).toEqual(scanned());
    expect(await ask()).toHaveLength(15);
  });

  it('narrows a description filter for a rare word to the texts the search index names', async () => {
    const { engine, feedId } = await started(new FakeChunkDir());
    // Titles hold the word too (the index's postings mix fields); the check drops those.
    await engine.items.ingest(feedId, [
      ...items(200, (i) => (i % 50 === 0 ? 'a zeppelin' : i % 20 === 0 ? 'Zeppelins' : 'plain')),
      ...items(3, () => 'plain', 300).map((item) => ({ ...item, title: 'zeppelin news' })),
    ]);
    const text = internalsOf(engine).textIndex;
    const store = text.store;
    const scans = vi.spyOn(store, 'matches');
    const ids = (await engine.query.run("description LIKE 'zeppelin'", { limit: 500 })).rows.map((r) => r.id);
    expect(text.ready).toBe(true);
    // One scan, given the slots that may match.
    expect(scans).toHaveBeenCalledTimes(1);
    expect(scans.mock.calls[0]?.[2]).toBeInstanceOf(Uint8Array);
    const scanned = [...store.liveIds()].filter((id) => store.text(id).includes('zeppelin'));
    expect(ids.sort((a, b) => a - b)).toEqual(scanned.sort((a, b) => a - b));
    expect(ids).toHaveLength(12);
  });

  it('never lets a description LIKE or a search miss items still queued', async () => {
    const { engine, feedId } = await started();
    // More than one drain chunk, so the background drain cannot have finished on its own.
    const { added } = await engine.items.ingest(
      feedId,
      items(450, (i) => (i % 90 === 0 ? 'zeppelin' : 'plain')),
    );
    expect(internalsOf(engine).textIndex.queued()).toBeGreaterThan(0);
    const like = await engine.query.run('description LIKE "zeppelin"', { limit: 50 });
    expect(like.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      added.filter((_, i) => i % 90 === 0).sort((a, b) => a - b),
    );
    expect(internalsOf(engine).textIndex.queued()).toBe(0);
    await engine.items.ingest(
      feedId,
      items(5, () => 'quartz', 1000),
    );
    expect(internalsOf(engine).textIndex.queued()).toBeGreaterThan(0);
    expect((await engine.search.run('quartz')).rows).toHaveLength(5);
  });

  it('drains in the background between other tasks', async () => {
    const { engine, feedId } = await started();
    await engine.items.ingest(
      feedId,
      items(450, () => 'plain'),
    );
    await vi.waitFor(() => expect(internalsOf(engine).textIndex.queued()).toBe(0));
    expect(internalsOf(engine).textIndex.store.liveCount()).toBe(450);
  });

  it('waits for writes to pause before indexing in the background', async () => {
    const { engine, feedId } = await started();
    const text = internalsOf(engine).textIndex;
    // A burst: each ingest lands while the previous one's items still wait, so none is indexed
    // between them (their CPU goes to the next feed), and all are once the burst is over.
    for (let k = 0; k < 4; k++) {
      await engine.items.ingest(
        feedId,
        items(20, () => 'burst', k * 20),
      );
      expect(text.queued()).toBe(20 * (k + 1));
    }
    expect(text.store.liveCount()).toBe(0);
    await vi.waitFor(() => expect(text.queued()).toBe(0));
    expect(text.store.liveCount()).toBe(80);
    expect((await engine.search.run('burst')).rows).toHaveLength(50);
  });

  it('applies an update offered later over the earlier version, and drops items deleted while queued', async () => {
    const { engine, feedId } = await started();
    const first = await engine.items.ingest(
      feedId,
      items(3, () => 'before'),
    );
    const changed = items(3, () => 'after');
    await engine.items.ingest(feedId, changed);
    expect(internalsOf(engine).textIndex.queued()).toBeGreaterThan(0);
    const id = first.added[1] as number;
    // Deleting the feed removes its items from the metadata index before the queue drains.
    const other = await engine.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
    const kept = await engine.items.ingest(
      other,
      items(2, () => 'kept', 50),
    );
    await internalsOf(engine).textIndex.fresh();
    expect(internalsOf(engine).textIndex.store.text(id)).toContain('after');
    expect(internalsOf(engine).textIndex.store.text(id)).not.toContain('before');
    expect((await engine.search.run('before')).rows).toHaveLength(0);
    await engine.feeds.delete(feedId);
    await internalsOf(engine).textIndex.fresh();
    expect(internalsOf(engine).textIndex.store.liveCount()).toBe(2);
    expect((await engine.search.run('kept')).rows.map((r) => r.id).sort()).toEqual([...kept.added].sort());
  });

  it('still picks up items written without an offer (other writers, other tabs)', async () => {
    const { engine, feedId } = await started();
    const { added } = await engine.items.ingest(
      feedId,
      items(4, () => 'orbit'),
    );
    await internalsOf(engine).textIndex.fresh();
    // Forget one text, as if the item had been written by a path that offers nothing.
    const id = added[2] as number;
    internalsOf(engine).textIndex.search.remove(internalsOf(engine).textIndex.store.remove(id));
    await engine.items.ingest(
      feedId,
      items(1, () => 'later', 10),
    );
    await internalsOf(engine).textIndex.fresh();
    expect(internalsOf(engine).textIndex.store.has(id)).toBe(true);
    expect((await engine.search.run('orbit')).rows).toHaveLength(4);
  });

  it('folds pending postings into the compact form once writes pause', async () => {
    const { engine, feedId } = await started();
    // ~60 distinct terms per item: enough pending postings to be worth an idle merge.
    const words = (i: number) => Array.from({ length: 60 }, (_, w) => `w${w}x${i % 7}`).join(' ');
    await engine.items.ingest(feedId, items(1200, words));
    await internalsOf(engine).textIndex.fresh();
    expect(internalsOf(engine).textIndex.search.pendingSize()).toBeGreaterThan(50_000);
    await vi.waitFor(() => expect(internalsOf(engine).textIndex.search.pendingSize()).toBe(0), {
      timeout: 5000,
    });
    expect((await engine.search.run('w3x5')).rows.length).toBeGreaterThan(0);
  });

  it('stores an idle merge, so the next start has none to do again', async () => {
    const name = `rivulet-test-idle-merge-${Math.random().toString(36).slice(2)}`;
    // A snapshot delay far longer than the waits below: the merge's write is not the debounced
    // one a change schedules, it follows the merge at once.
    const first = createTestEngine({ now: () => TEXT_NOW, dbName: name, snapshotDelayMs: 60_000 });
    await first.init();
    const feedId = await first.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
    const words = (i: number) => Array.from({ length: 60 }, (_, w) => `w${w}x${i % 7}`).join(' ');
    const text = internalsOf(first).textIndex;
    // As if the last merge had taken 0.5 s: the idle merge waits for a 2 s pause, well after
    // the checks of what the ingest's write stored.
    (text as unknown as { upkeep: { lastMergeMs: number } }).upkeep.lastMergeMs = 500;
    await first.items.ingest(feedId, items(1200, words));
    await text.fresh();
    // The ingest's own write holds the postings unmerged; the idle merge comes after it.
    await first.flushSnapshot();
    expect(text.search.pendingSize()).toBeGreaterThan(50_000);
    const merged = text.search.mainVersion;
    await vi.waitFor(() => expect(text.search.pendingSize()).toBe(0), { timeout: 5000 });
    await vi.waitFor(() => expect(text.persistState.writtenMainVersion).toBeGreaterThan(merged), {
      timeout: 5000,
    });
    first.close();
    const second = createTestEngine({ now: () => TEXT_NOW, dbName: name });
    try {
      await second.init();
      const again = internalsOf(second).textIndex;
      await again.fresh();
      expect(again.search.pendingSize()).toBe(0);
      expect((await second.search.run('w3x5')).rows.length).toBeGreaterThan(0);
    } finally {
      second.close();
    }
  });

  it('waits longer for a pause to merge in as merges grow longer', async () => {
    expect(idleMergeWait(0)).toBe(400);
    expect(idleMergeWait(50)).toBe(400);
    expect(idleMergeWait(3000)).toBe(12_000);
    const { engine, feedId } = await started();
    const { upkeep } = internalsOf(engine).textIndex as unknown as { upkeep: { lastMergeMs: number } };
    // As if the last merge had taken 2 s (a large account): the next waits for an 8 s pause.
    upkeep.lastMergeMs = 2000;
    const words = (i: number) => Array.from({ length: 60 }, (_, w) => `w${w}x${i % 7}`).join(' ');
    await engine.items.ingest(feedId, items(1200, words));
    await internalsOf(engine).textIndex.fresh();
    const pending = internalsOf(engine).textIndex.search.pendingSize();
    expect(pending).toBeGreaterThan(50_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(internalsOf(engine).textIndex.search.pendingSize()).toBe(pending);
    engine.close();
  });

  it('leaves no merge timer behind once the engine closes', async () => {
    const { engine, feedId } = await started();
    const words = (i: number) => Array.from({ length: 60 }, (_, w) => `w${w}x${i % 7}`).join(' ');
    await engine.items.ingest(feedId, items(1200, words));
    await internalsOf(engine).textIndex.fresh();
    const pending = internalsOf(engine).textIndex.search.pendingSize();
    expect(pending).toBeGreaterThan(50_000);
    engine.close();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(internalsOf(engine).textIndex.search.pendingSize()).toBe(pending);
  });

  it('with the texts in files, compacts at a pause only once a sixteenth of the store is dead', async () => {
    const { engine, feedId } = await started(new FakeChunkDir());
    const text = internalsOf(engine).textIndex;
    expect(text.store.chunks.kind).toBe('file');
    // Texts are cut at 4,000 characters: ~4 KB each, ~20 MB in all.
    const long = (i: number) => `tag${i % 5} ${'filler '.repeat(700)}`;
    const other = await engine.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
    await engine.items.ingest(other, items(4500, long, 10_000));
    await engine.items.ingest(feedId, items(300, long));
    await text.fresh();
    const third = await engine.feeds.save({ url: 'https://c.test/', siteUrl: '', title: 'C', groupId: -1 });
    await engine.items.ingest(third, items(300, long, 20_000));
    await text.fresh();
    await engine.feeds.delete(feedId);
    await text.fresh();
    // Over 1 MiB dead (what memory chunks compact at), under a sixteenth of the store.
    const { live, dead } = text.store.bytes();
    expect(dead).toBeGreaterThan(1 << 20);
    expect(dead).toBeLessThan((live + dead) / 16);
    await new Promise((r) => setTimeout(r, 2 * idleMergeWait(0) + 200));
    expect(text.store.bytes().dead).toBe(dead);
    // Twice as much dead passes the share: the next pause compacts.
    await engine.feeds.delete(third);
    await text.fresh();
    await vi.waitFor(() => expect(text.store.bytes().dead).toBe(0), { timeout: 5000 });
    expect((await engine.query.run("description LIKE 'tag3'")).total).toBe(900);
  });

  it('gives back the memory of deleted articles once writes pause', async () => {
    const { engine, feedId } = await started();
    const long = (i: number) => `${'filler '.repeat(200)}tag${i % 5}`;
    const other = await engine.feeds.save({ url: 'https://b.test/', siteUrl: '', title: 'B', groupId: -1 });
    const kept = await engine.items.ingest(other, items(2500, long, 10_000));
    await engine.items.ingest(feedId, items(1000, long));
    await internalsOf(engine).textIndex.fresh();
    await engine.feeds.delete(feedId);
    await internalsOf(engine).textIndex.fresh();
    // Over a quarter of the store is dead: under the burst threshold, over the pause threshold.
    const dead = internalsOf(engine).textIndex.store.bytes().dead;
    expect(dead).toBeGreaterThan(1 << 20);
    await vi.waitFor(() => expect(internalsOf(engine).textIndex.store.bytes().dead).toBe(0), {
      timeout: 5000,
    });
    expect(internalsOf(engine).textIndex.store.liveCount()).toBe(2500);
    const hits = (await engine.search.run('tag3')).rows.map((r) => r.id);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((id) => kept.added.includes(id))).toBe(true);
    expect((await engine.query.run("description LIKE 'tag3'")).total).toBe(500);
  });
});
