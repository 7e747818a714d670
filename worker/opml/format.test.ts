import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { exportOpml, parseOpml, parseOpmlBytes, type OpmlFeed } from './format';

const CORPUS = 'tests/fixtures/corpus/opml';
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)],
  );

const NESTED = `<?xml version="1.0"?>
<opml version="2.0"><head><title>Mine</title></head><body>
  <outline text="Tech">
    <outline text="A &amp; B" title="A &amp; B" type="rss" xmlUrl="https://a.example/feed" htmlUrl="https://a.example/"/>
    <outline text="Deep"><outline text="D" xmlUrl="https://d.example/rss"/></outline>
    <outline text="empty folder"/>
  </outline>
  <outline text="Tech"><outline text="T2" xmlUrl="https://t2.example/rss"/></outline>
  <outline text="Loose" xmlUrl="https://loose.example/rss"/>
  <outline text="Dup" xmlUrl="https://a.example/feed"/>
  <outline text="no url, no children"/>
</body></opml>`;

describe('parseOpml', () => {
  it('flattens folders, names nested ones "A / B", merges same-name folders, counts duplicates', () => {
    const r = parseOpml(NESTED);
    expect(r.title).toBe('Mine');
    expect(r.groups).toEqual([
      {
        title: 'Tech',
        feeds: [
          { title: 'A & B', xmlUrl: 'https://a.example/feed', htmlUrl: 'https://a.example/' },
          { title: 'T2', xmlUrl: 'https://t2.example/rss', htmlUrl: '' },
        ],
      },
      { title: 'Tech / Deep', feeds: [{ title: 'D', xmlUrl: 'https://d.example/rss', htmlUrl: '' }] },
    ]);
    expect(r.ungrouped).toEqual([{ title: 'Loose', xmlUrl: 'https://loose.example/rss', htmlUrl: '' }]);
    expect(r.duplicates).toBe(1);
  });

  it('rejects non-OPML input with clear errors', () => {
    expect(() => parseOpml('<rss version="2.0"><channel/></rss>')).toThrow(/a feed, not an OPML/);
    expect(() => parseOpml('<!doctype html><html></html>')).toThrow(/web page/);
    expect(() => parseOpml('hello')).toThrow(EngineError);
    expect(() => parseOpml('')).toThrow(expect.objectContaining({ code: 'not_opml' }) as Error);
  });

  it('reads every corpus file or fails with an EngineError', () => {
    const files = walk(CORPUS);
    expect(files.length).toBeGreaterThan(15);
    for (const f of files) {
      try {
        const r = parseOpmlBytes(new Uint8Array(readFileSync(f)));
        expect(Array.isArray(r.groups), f).toBe(true);
      } catch (err) {
        expect(err, f).toBeInstanceOf(EngineError);
        expect(['not_opml', 'parse_error'], f).toContain((err as EngineError).code);
      }
    }
    const nnw = parseOpmlBytes(new Uint8Array(readFileSync(join(CORPUS, 'netnewswire/Subs.opml'))));
    expect(nnw.groups.map((g) => g.title)).toContain('Programming');
    const win1251 = parseOpmlBytes(new Uint8Array(readFileSync(join(CORPUS, 'yarr/sample_win1251.opml'))));
    expect(win1251.groups[0]?.title).toBe('папка');
  });
});

describe('empty folders', () => {
  const doc = (body: string) => `<?xml version="1.0"?><opml version="2.0"><head/><body>${body}</body></opml>`;

  it('reads an outline with a title, no xmlUrl and no children as an empty group', () => {
    const r = parseOpml(
      doc(`<outline text="Later" title="Later"/>
        <outline text="Tech" title="Tech"><outline text="Soon" title=" Soon  reading "/></outline>
        <outline text="Folder" title="Folder" type="folder"/>
        <outline text="Full" title="Full"><outline text="F" xmlUrl="https://f.example/rss"/></outline>
        <outline text="Later" title="Later"/>`),
    );
    expect(r.groups).toEqual([
      { title: 'Later', feeds: [] },
      { title: 'Tech / Soon reading', feeds: [] },
      { title: 'Folder', feeds: [] },
      { title: 'Full', feeds: [{ title: 'F', xmlUrl: 'https://f.example/rss', htmlUrl: '' }] },
    ]);
    expect(r.ungrouped).toEqual([]);
  });

  it('does not turn notes, links or broken feed entries into groups', () => {
    const r = parseOpml(
      doc(`<outline text="just a note"/>
        <outline text="A link" title="A link" type="link" url="https://l.example/"/>
        <outline text="Broken feed" title="Broken feed" type="rss"/>
        <outline text="" title="   "/>
        <outline text="Real" xmlUrl="https://r.example/rss"/>`),
    );
    expect(r.groups).toEqual([]);
    expect(r.ungrouped.map((f) => f.xmlUrl)).toEqual(['https://r.example/rss']);
  });

  it('exports an empty group as an outline with text and title and no children', () => {
    const xml = exportOpml({ groups: [{ title: 'Later & more', feeds: [] }], feeds: [] });
    expect(xml).toMatch(/<outline text="Later &amp; more" title="Later &amp; more"\s*\/>/);
    expect(parseOpml(xml).groups).toEqual([{ title: 'Later & more', feeds: [] }]);
  });

  it('leaves the corpus files without new groups from text-only outlines', () => {
    const countries = parseOpmlBytes(new Uint8Array(readFileSync(join(CORPUS, 'feedsmith/countries.opml'))));
    expect(countries.groups.every((g) => g.feeds.length > 0)).toBe(true);
  });
});

describe('exportOpml', () => {
  it('escapes markup characters and drops control characters', () => {
    const xml = exportOpml({
      groups: [
        {
          title: 'A & "B" <c>',
          feeds: [{ title: "it's\u0001 <x>", xmlUrl: 'http://a/?a=1&b=2', htmlUrl: '' }],
        },
      ],
      feeds: [],
    });
    expect(xml).toContain('<opml version="2.0">');
    expect(xml).toContain('text="A &amp; &quot;B&quot; &lt;c&gt;"');
    expect(xml).toContain('xmlUrl="http://a/?a=1&amp;b=2"');
    expect(xml).not.toContain('\u0001');
  });

  it('round-trips random subscriptions', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', ' ', '&', '<', '>', '"', "'", 'é', '中', '\u0007', ';', '#', '/'),
      minLength: 1,
      maxLength: 20,
    });
    const norm = (s: string) =>
      s
        // eslint-disable-next-line no-control-regex -- the export drops control characters
        .replace(/[\u0000-\u001f]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    const feedArb = fc.record({
      title: text,
      xmlUrl: fc.webUrl(),
      htmlUrl: fc.oneof(fc.constant(''), fc.webUrl()),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ title: text, feeds: fc.array(feedArb, { maxLength: 4 }) }), {
          selector: (g) => norm(g.title),
          maxLength: 4,
        }),
        fc.array(feedArb, { maxLength: 4 }),
        (groups, feeds) => {
          const all = [...groups.flatMap((g) => g.feeds), ...feeds];
          fc.pre(new Set(all.map((f) => f.xmlUrl)).size === all.length);
          fc.pre(groups.every((g) => norm(g.title) !== ''));
          const back = parseOpml(exportOpml({ groups, feeds }));
          const expectFeed = (f: OpmlFeed) => ({
            title: norm(f.title) || f.xmlUrl,
            xmlUrl: f.xmlUrl,
            htmlUrl: f.htmlUrl,
          });
          expect(back.ungrouped).toEqual(feeds.map(expectFeed));
          // Empty groups come back too, as groups with no feeds.
          expect(back.groups).toEqual(
            groups.map((g) => ({ title: norm(g.title), feeds: g.feeds.map(expectFeed) })),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
