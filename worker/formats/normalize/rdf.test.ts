import { describe, expect, it } from 'vitest';
import { normalizeFeed } from '../normalize';
import { parseFeedText } from '../parse';

// Through the dispatcher, from feed text, as read.ts runs it.
const norm = (text: string, url = 'https://site.example/feeds/main.xml') =>
  normalizeFeed(parseFeedText(text), url);

describe('normalizeFeed: RDF', () => {
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
});
