/**
 * Whole articles through the real companion server and the fixture pages: extraction, the
 * cache, failures with their reasons, the full-text index, background extraction after a
 * refresh with the per-feed setting, the sweep of deleted articles, and backup round trips.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { createTestEngine, internalsOf } from '../../worker/testing/createTestEngine';
import { useNet, waitJob } from './subscribeHarness';

const { net, engine, closeAfterTest } = useNet(5_000);

const FULL = '/feeds/article-full.html';
const SCRIPT_ONLY = '/feeds/article-script-only.html';
const MISSING = '/feeds/no-such-article.html';
/** A sentence only the whole article has (the feed carries a one-line summary). */
const ONLY_IN_FULL = 'quiet backwater behind the old mill';

function feedOf(entries: Array<{ id: string; path: string; date?: string }>): string {
  const items = entries
    .map(
      (e) =>
        `<item><guid>${e.id}</guid><title>Story ${e.id}</title>${e.path ? `<link>${net.at(e.path)}</link>` : ''}` +
        `<pubDate>${e.date ?? 'Mon, 01 Jan 2024 10:00:00 GMT'}</pubDate>` +
        `<description>A short summary of story ${e.id}. Continue reading…</description></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Summaries</title><link>${net.at('/')}</link>${items}</channel></rss>`;
}

/** Subscribes to a mutable feed with these entries and fetches it once; returns feed and item ids by guid. */
async function subscribed(
  e: Engine,
  name: string,
  entries: Array<{ id: string; path: string }>,
  fullText = false,
) {
  net.feeds.setMutable(name, feedOf(entries), 'application/rss+xml');
  const feedId = await e.feeds.save({ url: net.at(`/mutable/${name}`), title: name, groupId: -1 });
  if (fullText) await e.fullText.setAlways(feedId, true);
  await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId, force: true }));
  const page = await e.items.page({ scope: 'feed', id: feedId, limit: 50 });
  const ids = new Map(page.rows.map((r) => [r.title.replace('Story ', ''), r.id]));
  return { feedId, ids };
}

const searchIds = async (e: Engine, text: string) => (await e.search.run(text)).rows.map((r) => r.id);

describe('fullText.load', () => {
  it('extracts the article without the boilerplate, caches it and indexes its text', async () => {
    const e = await engine();
    const { ids } = await subscribed(e, 'a.xml', [{ id: '1', path: FULL }]);
    const id = ids.get('1')!;
    expect(await e.fullText.get(id)).toBeNull();
    expect(await searchIds(e, ONLY_IN_FULL)).toEqual([]);

    const got = await e.fullText.load(id);
    expect(got).toMatchObject({ itemId: id, status: 'ok', reason: '', url: net.at(FULL) });
    expect(got.html).toContain('River otters travel the same stretch of water');
    expect(got.html).toContain('Scent marks as signposts');
    for (const junk of ['ADVERTISEMENT', 'COMMENT:', 'FOOTER:', 'Subscribe now', 'Trending now'])
      expect(got.html).not.toContain(junk);
    expect(got).not.toHaveProperty('text');

    // Cached: a second load and a get answer without fetching the page again.
    expect(net.feeds.hits(FULL)).toBe(1);
    expect(await e.fullText.load(id)).toEqual(got);
    expect(await e.fullText.get(id)).toEqual(got);
    expect(net.feeds.hits(FULL)).toBe(1);

    // Search finds a sentence only the whole article has; related articles see the same text.
    expect(await searchIds(e, ONLY_IN_FULL)).toEqual([id]);
    expect(await e.fullText.stats()).toMatchObject({ articles: 1, failures: 0 });
  });

  it('remembers why a page gave no article and fetches it again only when asked', async () => {
    const e = await engine();
    const { ids } = await subscribed(e, 'b.xml', [
      { id: '1', path: SCRIPT_ONLY },
      { id: '2', path: MISSING },
    ]);
    const scriptOnly = await e.fullText.load(ids.get('1')!);
    expect(scriptOnly).toMatchObject({ status: 'failed', reason: 'no_article', html: '' });
    const missing = await e.fullText.load(ids.get('2')!);
    expect(missing).toMatchObject({ status: 'failed', reason: 'http_error', httpStatus: 404 });

    expect(await e.fullText.load(ids.get('1')!)).toEqual(scriptOnly);
    expect(net.feeds.hits(SCRIPT_ONLY)).toBe(1);
    await e.fullText.load(ids.get('1')!, { retry: true });
    expect(net.feeds.hits(SCRIPT_ONLY)).toBe(2);
    expect(await e.fullText.stats()).toMatchObject({ articles: 0, failures: 2 });
    // The description stays what search sees.
    expect(await searchIds(e, 'short summary of story 1')).toEqual([ids.get('1')]);
  });

  it('says no_link for an article without a web address, and not_found for an unknown id', async () => {
    const e = await engine();
    const { ids } = await subscribed(e, 'nolink.xml', [{ id: '1', path: '' }]);
    expect(await e.fullText.load(ids.get('1')!)).toMatchObject({ status: 'failed', reason: 'no_link' });
    expect(net.feeds.requests.filter((r) => r.path.includes('.html'))).toEqual([]);
    await expect(e.fullText.load(9999)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps the whole text indexed when a refresh brings the article again', async () => {
    const e = await engine();
    const { feedId, ids } = await subscribed(e, 'c.xml', [{ id: '1', path: FULL }]);
    const id = ids.get('1')!;
    await e.fullText.load(id);
    // The feed changes the summary: the item is updated, its whole article stays in the index.
    net.feeds.setMutable(
      'c.xml',
      feedOf([{ id: '1', path: FULL }]).replace('A short summary', 'An edited summary'),
      'application/rss+xml',
    );
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId, force: true }));
    expect((await e.items.get(id))?.description).toContain('An edited summary');
    expect(await searchIds(e, ONLY_IN_FULL)).toEqual([id]);
  });
});

describe('always load the full article', () => {
  it('extracts new articles in the background after a refresh and does not retry failures', async () => {
    const e = await engine();
    const { feedId, ids } = await subscribed(
      e,
      'd.xml',
      [
        { id: '1', path: FULL },
        { id: '2', path: SCRIPT_ONLY },
      ],
      true,
    );
    expect((await e.feeds.get(feedId))?.fullText).toBe(true);
    await e.fullText.idle();
    expect(await e.fullText.get(ids.get('1')!)).toMatchObject({ status: 'ok' });
    expect(await e.fullText.get(ids.get('2')!)).toMatchObject({ status: 'failed', reason: 'no_article' });
    expect(await searchIds(e, ONLY_IN_FULL)).toEqual([ids.get('1')]);

    // A later refresh adds an article: only that one is fetched; the failure is not tried again.
    net.feeds.reset();
    net.feeds.setMutable(
      'd.xml',
      feedOf([
        { id: '1', path: FULL },
        { id: '2', path: SCRIPT_ONLY },
        { id: '3', path: `${FULL}?v=3`, date: 'Tue, 02 Jan 2024 10:00:00 GMT' },
      ]),
      'application/rss+xml',
    );
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId, force: true }));
    await e.fullText.idle();
    expect(net.feeds.hits(SCRIPT_ONLY)).toBe(0);
    expect(net.feeds.hits(FULL)).toBe(1);
    const page = await e.items.page({ scope: 'feed', id: feedId, limit: 50 });
    const third = page.rows.find((r) => r.title === 'Story 3')!;
    expect(await e.fullText.get(third.id)).toMatchObject({ status: 'ok' });
  });

  it('does nothing in the background for feeds without the setting', async () => {
    const e = await engine();
    const { ids } = await subscribed(e, 'e.xml', [{ id: '1', path: FULL }]);
    await e.fullText.idle();
    expect(await e.fullText.get(ids.get('1')!)).toBeNull();
    expect(net.feeds.hits(FULL)).toBe(0);
  });

  it('turning the setting on extracts the feed’s newest articles; off stops it', async () => {
    const e = await engine();
    const { feedId, ids } = await subscribed(e, 'f.xml', [{ id: '1', path: FULL }]);
    await e.fullText.setAlways(feedId, true);
    await e.fullText.idle();
    expect(await e.fullText.get(ids.get('1')!)).toMatchObject({ status: 'ok' });
    await e.fullText.setAlways(feedId, false);
    expect((await e.feeds.get(feedId))?.fullText).toBe(false);
  });
});

describe('whole articles and the rest of the data', () => {
  it('go with their article when the feed is unsubscribed', async () => {
    const e = await engine();
    const { feedId, ids } = await subscribed(e, 'g.xml', [{ id: '1', path: FULL }]);
    await e.fullText.load(ids.get('1')!);
    await e.feeds.deleteMany([feedId]);
    await expect.poll(() => internalsOf(e).db.dexie.table('fullTexts').count()).toBe(0);
    expect(await searchIds(e, ONLY_IN_FULL)).toEqual([]);
  });

  it('survive a backup and replace restore, and the restored search finds their text', async () => {
    const e = await engine();
    const { ids } = await subscribed(e, 'h.xml', [
      { id: '1', path: FULL },
      { id: '2', path: SCRIPT_ONLY },
    ]);
    await e.fullText.load(ids.get('1')!);
    await e.fullText.load(ids.get('2')!);
    const { id: backupId } = await e.backup.start({ settings: {} });
    const parts: string[] = [];
    for (let c = await e.backup.next(backupId); c !== null; c = await e.backup.next(backupId)) parts.push(c);
    const text = parts.join('');
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ counts: { fullTexts: 2 } });

    const target = closeAfterTest(createTestEngine());
    await target.init();
    const preview = await target.backup.inspect(new Blob([text]));
    await target.backup.restore(preview.id, 'replace');
    expect(await target.fullText.get(ids.get('1')!)).toEqual(await e.fullText.get(ids.get('1')!));
    expect(await target.fullText.get(ids.get('2')!)).toMatchObject({
      status: 'failed',
      reason: 'no_article',
    });
    expect(await searchIds(target, ONLY_IN_FULL)).toEqual([ids.get('1')]);
  });
});
