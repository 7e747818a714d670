import { describe, expect, it } from 'vitest';
import { normalizeFeed } from './normalize';
import { parseFeedText } from './parse';
import { parseNpt, pscChapters } from './chapters';

const feed = `<?xml version="1.0"?>
<rss version="2.0" xmlns:psc="http://podlove.org/simple-chapters" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>Show</title><link>https://show.example/</link>
  <item>
    <title>With both</title><guid>a</guid>
    <enclosure url="/a.mp3" type="audio/mpeg" length="1"/>
    <podcast:chapters url="/a.chapters.json" type="application/json+chapters"/>
    <psc:chapters version="1.2">
      <psc:chapter start="00:01:30.500" title="Second &amp; more" href="/notes#2"/>
      <psc:chapter start="0" title="Intro" image="/intro.jpg"/>
      <psc:chapter start="bogus" title="Dropped"/>
    </psc:chapters>
  </item>
  <item><title>Plain</title><guid>b</guid><enclosure url="/b.mp3" type="audio/mpeg"/></item>
  <item><title>Not JSON</title><guid>c</guid><enclosure url="/c.mp3" type="audio/mpeg"/>
    <podcast:chapters url="/c.html" type="text/html"/></item>
</channel></rss>`;

describe('episode chapters', () => {
  it('reads Podlove chapters in order and the podcast:chapters JSON link, resolved', () => {
    const [a, b, c] = normalizeFeed(parseFeedText(feed), 'https://show.example/feed.xml').items;
    expect(a?.enclosure?.chapters).toEqual([
      { start: 0, title: 'Intro', href: '', image: 'https://show.example/intro.jpg' },
      { start: 90.5, title: 'Second & more', href: 'https://show.example/notes#2', image: '' },
    ]);
    expect(a?.enclosure?.chaptersUrl).toBe('https://show.example/a.chapters.json');
    // Items without chapters keep the stored shape they had (no new keys, same content hash).
    expect(b?.enclosure).not.toHaveProperty('chapters');
    expect(b?.enclosure).not.toHaveProperty('chaptersUrl');
    expect(c?.enclosure).not.toHaveProperty('chaptersUrl');
  });

  it('parses Normal Play Time', () => {
    expect(parseNpt('01:02:03.5')).toBe(3723.5);
    expect(parseNpt('2:03')).toBe(123);
    expect(parseNpt('75')).toBe(75);
    expect(parseNpt('1:75')).toBeNull();
    expect(parseNpt('-3')).toBeNull();
    expect(parseNpt('')).toBeNull();
  });

  it('drops repeated start times and answers undefined for nothing usable', () => {
    expect(
      pscChapters(
        [
          { start: '10', title: 'A' },
          { start: '00:10', title: 'B' },
        ],
        '',
      )?.map((c) => c.title),
    ).toEqual(['A']);
    expect(pscChapters([{ start: 'x', title: 'A' }], '')).toBeUndefined();
    expect(pscChapters(undefined, '')).toBeUndefined();
  });
});
