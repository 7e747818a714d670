import { describe, expect, it } from 'vitest';
import { BUNDLES } from '../../data/bundles';
import { bundleFileName, bundleOpml } from './bundleOpml';

/** Reads the document back with the browser's XML parser: the folder title and each feed. */
function parseOpml(text: string) {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.querySelector('parsererror')) throw new Error('not well-formed');
  const folder = doc.querySelector('body > outline')!;
  return {
    groups: [
      {
        title: folder.getAttribute('title') ?? '',
        feeds: [...folder.querySelectorAll('outline')].map((o) => ({
          title: o.getAttribute('title') ?? '',
          xmlUrl: o.getAttribute('xmlUrl') ?? '',
        })),
      },
    ],
  };
}

describe('bundleOpml', () => {
  it('reads back as one folder holding every feed', () => {
    for (const b of BUNDLES) {
      const parsed = parseOpml(bundleOpml(b));
      expect(parsed.groups).toHaveLength(1);
      expect(parsed.groups[0]!.title).toBe(b.title);
      expect(parsed.groups[0]!.feeds.map((f) => [f.title, f.xmlUrl])).toEqual(
        b.feeds.map((f) => [f.title, f.url]),
      );
    }
  });

  it('escapes markup and drops characters XML cannot carry', () => {
    const text = bundleOpml({
      title: 'Tom & "Jerry" <b>',
      feeds: [{ title: 'A\u0001&B', url: 'https://x.example/?a=1&b=2', site: '', description: 'x"y' }],
    });
    const parsed = parseOpml(text);
    expect(parsed.groups[0]!.title).toBe('Tom & "Jerry" <b>');
    expect(parsed.groups[0]!.feeds[0]).toMatchObject({ title: 'A&B', xmlUrl: 'https://x.example/?a=1&b=2' });
  });
});

describe('bundleFileName', () => {
  it.each([
    ['World news', 'World-news.opml'],
    ['中文科技', '中文科技.opml'],
    ['a/b:c*?', 'a-b-c.opml'],
    ['   ', 'bundle.opml'],
  ])('%j → %j', (title, name) => {
    expect(bundleFileName(title)).toBe(name);
  });
});
