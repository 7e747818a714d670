import { describe, expect, it } from 'vitest';
import { normalizeFeed } from '../normalize';
import { parseFeedText } from '../parse';

// Through the dispatcher, from feed text, as read.ts runs it.
const norm = (text: string, url = 'https://site.example/feeds/main.xml') =>
  normalizeFeed(parseFeedText(text), url);

describe('normalizeFeed: RSS', () => {
  const rss = `<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
     xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>  The &lt;b&gt;Best&lt;/b&gt;
     Blog &amp; Co  </title>
  <link>/home</link>
  <managingEditor>editor@site.example (The Editor)</managingEditor>
  <itunes:image href="/art.jpg"/>
  <item>
    <title><![CDATA[Hello <em>world</em> &amp; friends]]></title>
    <link>posts/1</link>
    <guid isPermaLink="false">urn:1</guid>
    <description>short</description>
    <content:encoded><![CDATA[<p>Full <a href="../about">about</a> <img src="img/a.png" srcset="img/a.png 1x, /img/b.png 2x"></p>]]></content:encoded>
    <dc:creator>Alice</dc:creator>
    <pubDate>Sat, 05 Jan 2024 10:00:00 +0100</pubDate>
    <enclosure url="media/ep1.mp3" length="42" type="audio/mpeg"/>
    <itunes:duration>05:10</itunes:duration>
    <itunes:image href="https://cdn.example/ep1.jpg"/>
  </item>
  <item xml:base="https://other.example/base/">
    <guid>https://other.example/p/2</guid>
    <description>&lt;a href="x"&gt;rel&lt;/a&gt;</description>
    <itunes:duration>75</itunes:duration>
    <enclosure url="v.mp4" type="video/mp4"/>
  </item>
  <item><title>Only a title</title><dc:date>2024-01-05T10:00:00Z</dc:date></item>
  <item></item>
</channel></rss>`;

  it('reads feed metadata as text and resolves its links', () => {
    const f = norm(rss);
    expect(f).toMatchObject({
      format: 'rss',
      version: '2.0',
      title: 'The Best Blog & Co',
      link: 'https://site.example/home',
      image: 'https://site.example/art.jpg',
    });
  });

  it('prefers full content, resolves URLs inside HTML, decodes title text', () => {
    const [a] = norm(rss).items;
    expect(a).toMatchObject({
      guid: 'urn:1',
      title: 'Hello world & friends',
      author: 'Alice',
      link: 'https://site.example/feeds/posts/1',
      pubDate: Date.parse('2024-01-05T09:00:00Z') / 1000,
      enclosure: {
        url: 'https://site.example/feeds/media/ep1.mp3',
        type: 'audio/mpeg',
        length: 42,
        duration: 310,
        image: 'https://cdn.example/ep1.jpg',
      },
    });
    expect(a?.description).toBe(
      '<p>Full <a href="https://site.example/about">about</a> <img src="https://site.example/feeds/img/a.png" srcset="https://site.example/feeds/img/a.png 1x, https://site.example/img/b.png 2x"></p>',
    );
  });

  it('uses item xml:base, permalink guids, feed author fallback, and drops empty items', () => {
    const items = norm(rss).items;
    expect(items).toHaveLength(3);
    expect(items[1]).toMatchObject({
      link: 'https://other.example/p/2',
      description: '<a href="https://other.example/base/x">rel</a>',
      author: 'The Editor',
      pubDate: null,
      enclosure: {
        url: 'https://other.example/base/v.mp4',
        duration: 75,
        length: 0,
        image: 'https://site.example/art.jpg',
      },
    });
    expect(items[2]).toMatchObject({
      guid: '',
      title: 'Only a title',
      pubDate: Date.parse('2024-01-05T10:00:00Z') / 1000,
      enclosure: null,
    });
  });

  it('reads HH:MM:SS durations', () => {
    const f = norm(
      `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>p</title><item><title>e</title><enclosure url="https://x/e.mp3" type="audio/mpeg" length="1"/><itunes:duration>1:02:03</itunes:duration></item></channel></rss>`,
    );
    expect(f.items[0]?.enclosure?.duration).toBe(3723);
  });
});
