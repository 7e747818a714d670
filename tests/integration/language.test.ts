/**
 * Feed and article languages through the real companion server: a subscribed feed keeps the
 * language it declares and an article only one that differs from it; a refresh takes a new
 * declaration; backups carry both, a backup made before languages were kept still restores, and
 * one with a language that is no tag is refused with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { StoredItem } from '../../worker/db/schema';
import { internalsOf } from '../../worker/testing/createTestEngine';
import type { Feed } from '../../worker/types';
import { useNet, waitJob } from './subscribeHarness';

const { net, engine } = useNet();

/** An RSS feed declaring `language` (none when ''), its items with their own dc:language if given. */
function rss(language: string, items: Array<{ id: string; title: string; lang?: string }>): string {
  const entries = items
    .map(
      (i) =>
        `<item><guid>${i.id}</guid><title>${i.title}</title><link>https://lang.example/${i.id}</link>` +
        `<pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><description>${i.title}</description>` +
        (i.lang ? `<dc:language>${i.lang}</dc:language>` : '') +
        '</item>',
    )
    .join('');
  return (
    '<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>' +
    `<title>园艺</title><link>https://lang.example/</link>${language ? `<language>${language}</language>` : ''}` +
    `${entries}</channel></rss>`
  );
}

const ITEMS = [
  { id: 'a', title: '春天的花园' },
  { id: 'b', title: 'Tulips in autumn', lang: 'en-gb' },
  { id: 'c', title: '图书馆', lang: 'zh_CN' },
];

const stored = (e: Engine) => ({
  feeds: () => internalsOf(e).db.dexie.table('feeds').toArray() as Promise<Feed[]>,
  items: () => internalsOf(e).db.dexie.table('items').toArray() as Promise<StoredItem[]>,
});

async function subscribed(): Promise<{ e: Engine; feedId: number }> {
  const e = await engine();
  net.feeds.setMutable('zh', rss('zh-cn', ITEMS));
  const { feedId } = await e.subscriptions.subscribe({ url: net.at('/mutable/zh') });
  return { e, feedId };
}

/** The whole backup as text, assembled from the engine's chunks as the page does. */
async function backupText(e: Engine): Promise<string> {
  const { id } = await e.backup.start({ settings: {} });
  const parts: string[] = [];
  for (let chunk = await e.backup.next(id); chunk !== null; chunk = await e.backup.next(id))
    parts.push(chunk);
  return parts.join('');
}

/** Each article's own language by title (undefined: its feed's). */
async function languagesByTitle(e: Engine): Promise<Record<string, string | undefined>> {
  return Object.fromEntries((await stored(e).items()).map((i) => [i.title, i.language]));
}

describe('feed and article languages', () => {
  it('a subscribed feed keeps its language; only an article in another one carries its own', async () => {
    const { e, feedId } = await subscribed();
    expect((await e.feeds.get(feedId))?.language).toBe('zh-CN');
    // The Chinese article that says so itself (zh_CN) is in its feed's language: nothing stored.
    expect(await languagesByTitle(e)).toEqual({
      春天的花园: undefined,
      'Tulips in autumn': 'en-GB',
      图书馆: undefined,
    });
    const records = await stored(e).items();
    expect(records.filter((r) => 'language' in r)).toHaveLength(1);
    // The UI reads it on the article and its list row.
    const rows = (await e.items.page({ scope: 'feed', id: feedId })).rows;
    const english = rows.find((r) => r.title === 'Tulips in autumn')!;
    expect(english.language).toBe('en-GB');
    expect(rows.filter((r) => r.language === undefined)).toHaveLength(2);
    expect((await e.items.get(english.id))?.language).toBe('en-GB');
  });

  it('a refresh takes a language the feed newly declares, and keeps it when the feed stops declaring one', async () => {
    const { e, feedId } = await subscribed();
    net.feeds.setMutable('zh', rss('zh-TW', [...ITEMS, { id: 'd', title: '新的' }]));
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId }));
    expect((await e.feeds.get(feedId))?.language).toBe('zh-TW');
    expect((await stored(e).feeds())[0]?.language).toBe('zh-TW');

    net.feeds.setMutable('zh', rss('', [...ITEMS, { id: 'e', title: '更新的' }]));
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId }));
    expect(await e.items.count()).toBe(5);
    expect((await e.feeds.get(feedId))?.language).toBe('zh-TW');
  });

  it('a backup carries the languages through a replace restore', async () => {
    const { e } = await subscribed();
    const text = await backupText(e);
    const target = await engine();
    const preview = await target.backup.inspect(new Blob([text]));
    await target.backup.restore(preview.id, 'replace');
    expect(await stored(target).feeds()).toEqual(await stored(e).feeds());
    expect((await stored(target).feeds())[0]?.language).toBe('zh-CN');
    expect(await languagesByTitle(target)).toEqual(await languagesByTitle(e));
  });

  it('a backup made before languages were kept still restores (no language anywhere)', async () => {
    const { e } = await subscribed();
    const old = (await backupText(e)).replace(/,"language":"[^"]*"/g, '');
    expect(old).not.toContain('"language"');
    const target = await engine();
    const preview = await target.backup.inspect(new Blob([old]));
    await target.backup.restore(preview.id, 'replace');
    expect((await stored(target).feeds())[0]).not.toHaveProperty('language');
    expect(Object.values(await languagesByTitle(target))).toEqual([undefined, undefined, undefined]);
    expect(await target.items.count()).toBe(3);
  });

  it('a merge into a feed here in another language keeps what each article was in', async () => {
    const { e } = await subscribed();
    const text = await backupText(e);
    // Here the feed already says zh-TW, with one of the articles.
    const target = await engine();
    net.feeds.setMutable('zh', rss('zh-TW', [ITEMS[0]!]));
    const { feedId } = await target.subscriptions.subscribe({ url: net.at('/mutable/zh') });
    await target.backup.restore((await target.backup.inspect(new Blob([text]))).id, 'merge');
    expect((await target.feeds.get(feedId))?.language).toBe('zh-TW');
    // The one already here stays as it was; the added ones keep the language they were in there.
    expect(await languagesByTitle(target)).toEqual({
      春天的花园: undefined,
      'Tulips in autumn': 'en-GB',
      图书馆: 'zh-CN',
    });
  });

  it('a merge into a feed here that has no language yet gives it the backup’s', async () => {
    const { e } = await subscribed();
    const text = await backupText(e);
    const target = await engine();
    // Subscribed before languages were kept (never fetched since).
    const feedId = await target.feeds.save({ url: net.at('/mutable/zh'), title: '园艺' });
    await target.backup.restore((await target.backup.inspect(new Blob([text]))).id, 'merge');
    expect((await target.feeds.get(feedId))?.language).toBe('zh-CN');
    expect(await target.feeds.list()).toHaveLength(1);
    expect(await languagesByTitle(target)).toEqual(await languagesByTitle(e));
  });

  it('a backup whose feed, article or highlight language is no language tag is refused, and nothing changes', async () => {
    const { e } = await subscribed();
    // A highlight keeps its article's language (here the feed's, zh-CN).
    await e.highlights.add({
      itemId: (await stored(e).items())[0]!.id,
      color: 'yellow',
      note: '',
      quote: { exact: 'x', prefix: '', suffix: '' },
      position: { start: 0, end: 1 },
    });
    const text = await backupText(e);
    const badHighlight = text
      .split('\n')
      .map((line) =>
        line.includes('"color"') ? line.replace(/"language":"[^"]*"/, '"language":"<b>"') : line,
      )
      .join('\n');
    expect(badHighlight).not.toBe(text);
    const target = await engine();
    net.feeds.setMutable('zh', rss('fr', [{ id: 'x', title: 'Le jardin' }]));
    await target.subscriptions.subscribe({ url: net.at('/mutable/zh') });
    const before = { feeds: await stored(target).feeds(), items: await stored(target).items() };
    for (const [bad, message] of [
      [
        text.replace('"language":"zh-CN"', '"language":"Chinese"'),
        /line \d+: a feed’s language is not a language tag/,
      ],
      [
        text.replace('"language":"en-GB"', '"language":42'),
        /line \d+: an item’s language is not a language tag/,
      ],
      [badHighlight, /line \d+: a highlight’s language is not a language tag/],
    ] as const) {
      await expect(target.backup.inspect(new Blob([bad]))).rejects.toMatchObject({
        code: 'corrupt_backup',
        message: expect.stringMatching(message) as unknown,
      });
    }
    expect({ feeds: await stored(target).feeds(), items: await stored(target).items() }).toEqual(before);
  });
});
