import { describe, expect, it } from 'vitest';
import { discover, readPageLinks } from './discovery';
import type { FetchImpl } from './fetcher';
import { EngineError } from '../errors';

interface Page {
  body: string;
  status?: number;
  type?: string;
  finalUrl?: string;
}

/** A fake /api/fetch: answers from a map of upstream URLs, records what was asked. */
function fakeProxy(pages: Record<string, Page>, unreachable: string[] = []) {
  const asked: string[] = [];
  const fetchImpl: FetchImpl = (input) => {
    const url = new URL(input, 'http://app.local').searchParams.get('url') ?? '';
    asked.push(url);
    if (unreachable.some((u) => url.startsWith(u))) {
      return Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'upstream_unreachable', message: 'refused' } }), {
          status: 502,
        }),
      );
    }
    const page = pages[url] ?? { body: 'Not found', status: 404, type: 'text/html' };
    return Promise.resolve(
      new Response(page.body, {
        status: 200,
        headers: {
          'X-Upstream-Status': String(page.status ?? 200),
          'X-Upstream-Content-Type': page.type ?? 'text/html',
          'X-Final-Url': page.finalUrl ?? url,
        },
      }),
    );
  };
  return { fetchImpl, asked };
}

const RSS = (title: string) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><item><title>x</title><link>https://x/</link></item></channel></rss>`;
const ATOM = (title: string) => `<feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title></feed>`;

const BLOG = `<!DOCTYPE html><html><head><title>My blog</title>
<link rel="alternate" type="application/rss+xml" title="My blog &raquo; Feed" href="/feed/">
<link rel="alternate" type="application/rss+xml" title="My blog &raquo; Comments Feed" href="/comments/feed/">
<link rel="alternate" type="application/atom+xml" title="Atom" href="atom.xml">
<link rel="alternate" type="application/feed+json" title="JSON" href="https://blog.example/feed.json">
<link rel="alternate" type="application/rss+xml" title="dup" href="https://blog.example/feed">
<link rel="stylesheet" href="/style.css">
</head><body>hi</body></html>`;

describe('discover', () => {
  it('returns a feed URL itself, with its title', async () => {
    const { fetchImpl } = fakeProxy({
      'https://blog.example/rss.xml': { body: RSS('Blog &amp; co'), type: 'application/rss+xml' },
    });
    expect(await discover('https://blog.example/rss.xml', fetchImpl)).toEqual([
      { url: 'https://blog.example/rss.xml', title: 'Blog & co', format: 'rss', source: 'direct' },
    ]);
  });

  it('reads link tags, resolves relative hrefs, drops comment feeds, dedupes', async () => {
    const { fetchImpl } = fakeProxy({ 'https://blog.example/posts/': { body: BLOG } });
    const found = await discover('blog.example/posts/', fetchImpl);
    expect(found).toEqual([
      { url: 'https://blog.example/feed/', title: 'My blog » Feed', format: 'rss', source: 'link' },
      { url: 'https://blog.example/posts/atom.xml', title: 'Atom', format: 'atom', source: 'link' },
      { url: 'https://blog.example/feed.json', title: 'JSON', format: 'json', source: 'link' },
    ]);
  });

  it('gives each candidate the language of its title: the feed’s, or the page’s <html lang>', async () => {
    const rss = RSS('Blog').replace('<channel>', '<channel><language>pt-br</language>');
    const { fetchImpl } = fakeProxy({
      'https://blog.example/rss.xml': { body: rss, type: 'application/rss+xml' },
    });
    expect((await discover('https://blog.example/rss.xml', fetchImpl))[0]?.language).toBe('pt-BR');
    const page = (lang: string) =>
      readPageLinks(
        `<html ${lang}><head><link rel="alternate" type="application/atom+xml" title="דף" href="a.xml"></head></html>`,
        'https://site.example/',
      ).links[0]?.language;
    expect(page('lang="he"')).toBe('he');
    expect(page('lang="x-klingon"')).toBeUndefined();
    expect(page('')).toBeUndefined();
  });

  it('honours <base href>', () => {
    const { links } = readPageLinks(
      '<html><head><base href="https://cdn.example/b/"><link rel="alternate" type="application/atom+xml" href="a.xml"></head></html>',
      'https://site.example/',
    );
    expect(links.map((l) => l.url)).toEqual(['https://cdn.example/b/a.xml']);
  });

  it('probes usual paths when the page has no link tags, keeping only those that parse', async () => {
    const { fetchImpl, asked } = fakeProxy({
      'https://plain.example/': { body: '<html><head><title>Plain</title></head><body></body></html>' },
      'https://plain.example/rss': { body: '<html>not a feed</html>' },
      'https://plain.example/atom.xml': { body: ATOM('Plain Atom'), type: 'application/atom+xml' },
      'https://plain.example/index.xml': { body: RSS('Plain RSS') },
    });
    const found = await discover('https://plain.example/', fetchImpl);
    expect(found).toEqual([
      { url: 'https://plain.example/atom.xml', title: 'Plain Atom', format: 'atom', source: 'probe' },
      { url: 'https://plain.example/index.xml', title: 'Plain RSS', format: 'rss', source: 'probe' },
    ]);
    expect(asked.filter((u) => u !== 'https://plain.example/')).toHaveLength(9);
  });

  it('returns [] when nothing is found, and falls back to http:// for bare domains', async () => {
    const { fetchImpl, asked } = fakeProxy(
      { 'http://old.example/': { body: '<html><body>old</body></html>' } },
      ['https://old.example'],
    );
    expect(await discover('old.example', fetchImpl)).toEqual([]);
    expect(asked.slice(0, 2)).toEqual(['https://old.example/', 'http://old.example/']);
  });

  it("says why the address's own JSON or XML is no feed when nothing else is found", async () => {
    const rssInJson = JSON.stringify({ rss: { version: '2.0', channel: { title: 'Scripting News' } } });
    const { fetchImpl } = fakeProxy({
      'https://json.example/rss.json': { body: rssInJson, type: 'application/json' },
      'https://odd.example/data.json': { body: rssInJson, type: 'application/json' },
      'https://odd.example/feed.xml': { body: RSS('Odd'), type: 'application/rss+xml' },
    });
    const err = await discover('https://json.example/rss.json', fetchImpl).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('no_feed');
    expect((err as EngineError).message).toBe(
      'No feed found at https://json.example/rss.json: this JSON document is not a JSON Feed (no jsonfeed.org version and no items), and there is none at 9 common paths',
    );
    // A feed found by probing still wins over the reason.
    expect((await discover('https://odd.example/data.json', fetchImpl)).map((c) => c.url)).toEqual([
      'https://odd.example/feed.xml',
    ]);
  });

  it('answers known sites from the URL without fetching', async () => {
    const { fetchImpl, asked } = fakeProxy({});
    const urls = async (input: string) => (await discover(input, fetchImpl)).map((c) => c.url);
    expect(await urls('https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv')).toEqual([
      'https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv',
    ]);
    expect(await urls('youtube.com/user/someone')).toEqual([
      'https://www.youtube.com/feeds/videos.xml?user=someone',
    ]);
    expect(await urls('https://github.com/owner/repo')).toEqual([
      'https://github.com/owner/repo/releases.atom',
      'https://github.com/owner/repo/commits.atom',
      'https://github.com/owner/repo/tags.atom',
    ]);
    expect(await urls('https://old.reddit.com/r/rust/')).toEqual(['https://www.reddit.com/r/rust/.rss']);
    expect(await urls('https://www.reddit.com/user/spez')).toEqual(['https://www.reddit.com/user/spez/.rss']);
    expect(await urls('https://mastodon.social/@Gargron')).toEqual(['https://mastodon.social/@Gargron.rss']);
    expect(await urls('https://medium.com/@someone')).toEqual(['https://medium.com/feed/@someone']);
    expect(await urls('https://medium.com/some-publication')).toEqual([
      'https://medium.com/feed/some-publication',
    ]);
    expect(await urls('news.substack.com')).toEqual(['https://news.substack.com/feed']);
    expect(asked).toEqual([]);
  });

  it('finds a YouTube @handle channel id in the page', async () => {
    const { fetchImpl } = fakeProxy({
      'https://www.youtube.com/@handle': {
        body: '<html><head><meta itemprop="channelId" content="UC1234567890abcdefghij"></head></html>',
      },
    });
    expect((await discover('https://www.youtube.com/@handle', fetchImpl))[0]).toEqual({
      url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UC1234567890abcdefghij',
      title: 'YouTube channel',
      format: 'atom',
      source: 'pattern',
    });
  });

  it('fails clearly on bad input and error pages', async () => {
    const { fetchImpl } = fakeProxy({ 'https://gone.example/': { body: 'gone', status: 410 } });
    await expect(discover('', fetchImpl)).rejects.toMatchObject({ code: 'bad_url' });
    await expect(discover('javascript://alert(1)', fetchImpl)).rejects.toMatchObject({ code: 'bad_scheme' });
    await expect(discover('https://gone.example/', fetchImpl)).rejects.toMatchObject({ code: 'http_status' });
    const down = fakeProxy({}, ['https://', 'http://']);
    await expect(discover('down.example', down.fetchImpl)).rejects.toMatchObject({
      code: 'upstream_unreachable',
    });
  });
});
