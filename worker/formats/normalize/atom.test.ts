import { describe, expect, it } from 'vitest';
import { normalizeFeed } from '../normalize';
import { parseFeedText } from '../parse';

// Through the dispatcher, from feed text, as read.ts runs it.
const norm = (text: string, url = 'https://site.example/feeds/main.xml') =>
  normalizeFeed(parseFeedText(text), url);

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
