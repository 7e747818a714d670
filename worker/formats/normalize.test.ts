import { describe, expect, it } from 'vitest';
import { normalizeFeed } from './normalize';
import { parseFeedText } from './parse';

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

describe('normalizeFeed: Atom', () => {
  const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/">
  <title type="html">A &lt;i&gt;fine&lt;/i&gt; feed</title>
  <link rel="self" href="/atom.xml"/><link href="/"/>
  <author><name>Feed Author</name></author>
  <logo>logo.png</logo>
  <entry xml:base="2024/">
    <title type="text">1 &lt; 2</title>
    <id>tag:blog.example,2024:1</id>
    <link rel="alternate" type="text/html" href="post.html"/>
    <link rel="enclosure" type="audio/ogg" href="a.ogg" length="99"/>
    <updated>2024-01-06T00:00:00Z</updated><published>2024-01-05T00:00:00Z</published>
    <summary>plain &lt;summary&gt;</summary>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p><img src="pic.png"/></p></div></content>
  </entry>
  <entry>
    <title>No content</title><id>https://blog.example/x</id>
    <updated>2024-01-06</updated>
    <summary type="text">a &amp; b</summary>
    <author><name>Bob</name></author>
  </entry>
</feed>`;

  it('handles text constructs, bases, links, dates and authors', () => {
    const f = norm(atom);
    expect(f).toMatchObject({
      format: 'atom',
      title: 'A fine feed',
      link: 'https://blog.example/',
      image: 'https://blog.example/logo.png',
    });
    const [a, b] = f.items;
    expect(a).toMatchObject({
      guid: 'tag:blog.example,2024:1',
      title: '1 < 2',
      author: 'Feed Author',
      link: 'https://blog.example/2024/post.html',
      pubDate: Date.parse('2024-01-05T00:00:00Z') / 1000,
      enclosure: { url: 'https://blog.example/2024/a.ogg', type: 'audio/ogg', length: 99 },
    });
    expect(a?.description).toContain('src="https://blog.example/2024/pic.png"');
    expect(b).toMatchObject({ link: 'https://blog.example/x', author: 'Bob', description: 'a &amp; b' });
  });
});

describe('normalizeFeed: RDF and JSON Feed', () => {
  it('reads RSS 1.0', () => {
    const f =
      norm(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="https://r.example/"><title>R</title><link>https://r.example/</link><description>d</description></channel>
      <item rdf:about="https://r.example/1"><title>One</title><link>https://r.example/1</link><dc:creator>Carol</dc:creator><dc:date>2024-01-05T10:00:00+00:00</dc:date></item>
    </rdf:RDF>`);
    expect(f).toMatchObject({
      format: 'rdf',
      title: 'R',
      items: [{ guid: 'https://r.example/1', title: 'One', author: 'Carol', pubDate: 1704448800 }],
    });
  });

  it('reads JSON Feed 1.1 with attachments, and escapes content_text', () => {
    const f = norm(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        home_page_url: 'https://j.example/',
        authors: [{ name: 'Jay' }],
        items: [
          {
            id: 1,
            url: '/p/1',
            title: 'One',
            content_text: 'a < b\nc',
            date_published: '2024-01-05T10:00:00Z',
            attachments: [
              {
                url: 'https://j.example/a.mp3',
                mime_type: 'audio/mpeg',
                size_in_bytes: 5,
                duration_in_seconds: 60,
              },
            ],
          },
          { id: 'two', content_html: '<img src="i.png">' },
        ],
      }),
      'https://j.example/feed.json',
    );
    expect(f).toMatchObject({ format: 'json', version: '1.1', title: 'J', link: 'https://j.example/' });
    expect(f.items[0]).toMatchObject({
      guid: '1',
      link: 'https://j.example/p/1',
      author: 'Jay',
      description: 'a &lt; b<br>c',
      pubDate: 1704448800,
      enclosure: { duration: 60, length: 5 },
    });
    expect(f.items[1]).toMatchObject({
      guid: 'two',
      description: '<img src="https://j.example/i.png">',
      pubDate: null,
    });
  });
});
