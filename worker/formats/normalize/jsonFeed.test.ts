import { describe, expect, it } from 'vitest';
import { normalizeFeed } from '../normalize';
import { parseFeedText } from '../parse';

// Through the dispatcher, from feed text, as read.ts runs it.
const norm = (text: string, url = 'https://site.example/feeds/main.xml') =>
  normalizeFeed(parseFeedText(text), url);

describe('normalizeFeed: JSON Feed', () => {
  it('never hands on a state the feed claims: an item arrives with no flags', () => {
    const f = norm(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [{ id: 1, url: 'https://j.example/1', content_text: 'x', flags: 3, _rivulet: { flags: 3 } }],
      }),
    );
    expect(f.items).toHaveLength(1);
    expect(f.items[0]).not.toHaveProperty('flags');
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
