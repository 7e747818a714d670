import { describe, expect, it } from 'vitest';
import { normalizeFeed } from './normalize';

// Each format's rules are pinned in normalize/<format>.test.ts; this checks the dispatch.
describe('normalizeFeed', () => {
  const url = 'https://site.example/feed';

  it('hands each detected format to its own normaliser', () => {
    const rss = normalizeFeed(
      { format: 'rss', version: '2.0', feed: { title: 'R', link: '/r', description: '', items: [] } },
      url,
    );
    expect(rss).toMatchObject({ format: 'rss', version: '2.0', title: 'R', link: 'https://site.example/r' });

    const rdf = normalizeFeed(
      { format: 'rdf', version: '1.0', feed: { title: 'D', link: '/d', description: '', items: [] } },
      url,
    );
    expect(rdf).toMatchObject({ format: 'rdf', version: '1.0', title: 'D', link: 'https://site.example/d' });

    const atom = normalizeFeed(
      {
        format: 'atom',
        version: '1.0',
        feed: { id: 'a', title: { value: 'A &amp; B', type: 'html' }, updated: '', entries: [] },
      },
      url,
    );
    // Atom text constructs of type html are read as HTML: only the Atom normaliser does that.
    expect(atom).toMatchObject({ format: 'atom', version: '1.0', title: 'A & B' });

    const json = normalizeFeed(
      { format: 'json', version: '1.1', feed: { title: 'J', home_page_url: '/j', items: [] } },
      url,
    );
    expect(json).toMatchObject({
      format: 'json',
      version: '1.1',
      title: 'J',
      link: 'https://site.example/j',
    });
  });
});
