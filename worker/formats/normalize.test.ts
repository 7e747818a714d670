import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NormalizedFeed } from '../types';
import { normalizeFeed } from './normalize';
import { readFeed } from './read';

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

// The corpus's real feeds (tests/fixtures/corpus), read the whole way (bytes → NormalizedFeed).
const CORPUS = 'tests/fixtures/corpus/feeds';
const corpus = (path: string) =>
  readFeed(readFileSync(`${CORPUS}/${path}`), null, 'https://site.example/feed');
const text = (body: string) => readFeed(new TextEncoder().encode(body), null, 'https://site.example/feed');
const own = (feed: NormalizedFeed) => feed.items.map((i) => i.language);

describe('languages', () => {
  it.each([
    // RSS <language>, lower-cased upstream ("en-gb", "pt-pt") and canonical here.
    ['rss-parser/guardian.rss', 'rss', 'en-GB'],
    ['rss-parser/encoding.rss', 'rss', 'pt-PT'],
    ['netnewswire/scriptingNews.rss', 'rss', 'en-US'],
    // RSS with only dc:language.
    ['netnewswire/aktuality.rss', 'rss', 'sk'],
    // RDF's dc:language.
    ['rss-parser/craigslist.rss', 'rdf', 'en-US'],
    // Atom's xml:lang on <feed> (1.0 and 0.3).
    ['feedsmith/atom-10.xml', 'atom', 'en'],
    ['feedparser/wellformed/lang/feed_xml_lang.xml', 'atom', 'en'],
    ['netnewswire/pappacoda.atom', 'atom', 'it'],
    // JSON Feed's language.
    ['netnewswire/3960.json', 'json', 'de-DE'],
    ['gofeed/translator/json/json11_full.json', 'json', 'en'],
    // A right-to-left feed (BBC Urdu).
    ['miniflux/parser/urdu_UTF8.xml', 'rss', 'ur'],
  ])('%s (%s) declares %s', (path, format, language) => {
    const feed = corpus(path);
    expect(feed.format).toBe(format);
    expect(feed.language).toBe(language);
  });

  it('articles in their feed’s language carry none of their own (dc:language on every RDF item, JSON Feed items)', () => {
    for (const path of [
      'rss-parser/craigslist.rss',
      'netnewswire/3960.json',
      'miniflux/parser/urdu_UTF8.xml',
    ]) {
      const feed = corpus(path);
      expect(feed.items.length).toBeGreaterThan(10);
      expect(own(feed).every((l) => l === undefined)).toBe(true);
    }
  });

  it('Atom: an entry’s xml:lang, or its content’s, where it differs from the feed’s', () => {
    const feed = corpus('feedsmith/atom-10.xml');
    expect(feed.language).toBe('en');
    const byTitle = new Map(feed.items.map((i) => [i.title, i.language]));
    // <content type="xhtml" xml:lang="en-US">.
    expect(byTitle.get('Comprehensive Entry Example')).toBe('en-US');
    // <entry xml:lang="fr"> whose content says nothing (its English summary is not shown).
    expect(byTitle.get('Exemple de Contenu en Français')).toBe('fr');
    // The other four are in the feed's language.
    expect(own(feed).filter((l) => l === undefined)).toHaveLength(4);
  });

  it('a feed that declares none takes the one all its entries’ content declares (Daring Fireball)', () => {
    const feed = corpus('netnewswire/DaringFireball.atom');
    expect(feed.language).toBe('en');
    expect(feed.items.length).toBe(48);
    expect(own(feed).every((l) => l === undefined)).toBe(true);
    // Entries in Russian, the feed silent (feedparser's sanitiser case).
    expect(
      corpus('feedparser/wellformed/sanitize/large_atom_feed_that_needs_css_sanitisation.xml').language,
    ).toBe('ru');
  });

  it('a feed that declares none and whose items differ keeps the items’ own', () => {
    const feed = text(`{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[
      {"id":"1","content_text":"一","language":"zh_CN"},{"id":"2","content_text":"two","language":"en"},
      {"id":"3","content_text":"three"}]}`);
    expect(feed.language).toBeUndefined();
    expect(own(feed)).toEqual(['zh-CN', 'en', undefined]);
  });

  it('junk is no language: a usable dc:language or xml:lang after it is taken, else none', () => {
    const rss = (channel: string, item = '') =>
      text(
        `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>${channel}<item><title>a</title><guid>a</guid>${item}</item></channel></rss>`,
      );
    expect(rss('<language>English</language><dc:language>en_US</dc:language>').language).toBe('en-US');
    expect(rss('<language>English</language>').language).toBeUndefined();
    expect(
      rss('<language>{language}</language>', '<dc:language>x-pig-latin</dc:language>').language,
    ).toBeUndefined();
    expect(own(rss('<language>de</language>', '<dc:language>junk!</dc:language>'))).toEqual([undefined]);
    expect(own(rss('<language>de</language>', '<dc:language>fr-fr</dc:language>'))).toEqual(['fr-FR']);
    const json = text(`{"version":"https://jsonfeed.org/version/1.1","title":"J","language":42,
      "items":[{"id":"1","content_text":"x","language":"Deutsch"}]}`);
    expect(json.language).toBeUndefined();
    expect(own(json)).toEqual([undefined]);
  });

  it('RSS xml:lang on <channel> or <rss>, when the feed has no <language>', () => {
    const item = '<item><title>a</title><guid>a</guid></item>';
    expect(
      text(`<rss version="2.0"><channel xml:lang="fa-ir"><title>T</title>${item}</channel></rss>`).language,
    ).toBe('fa-IR');
    expect(
      text(`<rss version="2.0" xml:lang="he"><channel><title>T</title>${item}</channel></rss>`).language,
    ).toBe('he');
  });

  it('a right-to-left feed: Arabic <language>, Hebrew xml:lang on an Atom entry’s xhtml div', () => {
    expect(
      readFeed(readFileSync('tests/fixtures/feeds/rtl.xml'), null, 'https://rtl.example/').language,
    ).toBe('ar');
    const atom =
      text(`<feed xmlns="http://www.w3.org/2005/Atom"><id>f</id><title>T</title><updated>2024-01-01T00:00:00Z</updated>
      <entry><id>1</id><title>ת</title><updated>2024-01-01T00:00:00Z</updated>
      <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml" xml:lang="he"><p>גינון</p></div></content></entry>
      <entry><id>2</id><title>e</title><updated>2024-01-01T00:00:00Z</updated><content>English</content></entry></feed>`);
    expect(atom.language).toBeUndefined();
    expect(own(atom)).toEqual(['he', undefined]);
  });
});
