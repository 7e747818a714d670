import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { MAX_FEED_CHARS, parseFeedText } from './parse';

const err = (fn: () => unknown): EngineError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('did not throw');
};

describe('parseFeedText', () => {
  it.each([
    ['<rss version="2.0"><channel><title>t</title></channel></rss>', 'rss', '2.0'],
    ['<rss version="0.91"><channel><title>t</title></channel></rss>', 'rss', '0.91'],
    [
      '<?xml version="1.0"?>\n<!-- c --><!DOCTYPE rss SYSTEM "x.dtd"><rss version="0.92"><channel><title>t</title></channel></rss>',
      'rss',
      '0.92',
    ],
    [
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel><title>t</title></channel></rdf:RDF>',
      'rdf',
      '1.0',
    ],
    [
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/"><channel><title>t</title></channel></rdf:RDF>',
      'rdf',
      '0.90',
    ],
    ['<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title></feed>', 'atom', '1.0'],
    ['<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>t</title></feed>', 'atom', '0.3'],
    ['{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[]}', 'json', '1.1'],
    ['  {"version":"https://jsonfeed.org/version/1","title":"t","items":[]}', 'json', '1'],
    ['{"version":"1.0","title":"t","items":[{"id":"1"}]}', 'json', ''],
    ['<CHANNEL><ITEM><TITLE>cdf</TITLE></ITEM></CHANNEL>', 'rss', ''],
  ])('detects %s', (text, format, version) => {
    expect(parseFeedText(text)).toMatchObject({ format, version });
  });

  it('detects from content, not from what a file claims (an Atom body with an rss-looking prolog)', () => {
    const atom =
      '<?xml version="1.0"?><!-- generated as feed.rss --><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title><entry><content type="html">&lt;rss version="2.0"&gt;</content></entry></feed>';
    expect(parseFeedText(atom).format).toBe('atom');
  });

  it('says a web page is not a feed', () => {
    for (const page of [
      '<!DOCTYPE html><html><body>x</body></html>',
      '<html><head></head></html>',
      '\n<!doctype html>',
    ]) {
      expect(err(() => parseFeedText(page))).toMatchObject({
        code: 'not_a_feed',
        message: 'This address returned a web page, not a feed',
      });
    }
  });

  it('rejects other documents clearly', () => {
    expect(err(() => parseFeedText('<note><to>x</to></note>')).message).toMatch(/root element is <note>/);
    expect(err(() => parseFeedText('<opml version="2.0"><body/></opml>')).message).toMatch(/OPML/);
    expect(err(() => parseFeedText('')).code).toBe('not_a_feed');
    expect(err(() => parseFeedText('hello world')).code).toBe('not_a_feed');
    expect(err(() => parseFeedText('{"foo":1}')).code).toBe('not_a_feed');
    expect(err(() => parseFeedText('[1,2]')).code).toBe('not_a_feed');
  });

  it('reports malformed XML with a position', () => {
    const e = err(() =>
      parseFeedText('<rss version="2.0"><channel>\n<title>x</title>\n<item><title>a</item></channel></rss>'),
    );
    expect(e.code).toBe('parse_error');
    expect(e.details).toEqual({ position: { line: 3, column: expect.any(Number) as number } });
    expect(e.message).toMatch(/line 3/);
  });

  it('reports invalid JSON with a position', () => {
    const e = err(() => parseFeedText('{"version":"https://jsonfeed.org/version/1",\n"items": [,]}'));
    expect(e.code).toBe('parse_error');
    expect(e.message).toMatch(/not valid JSON/);
  });

  it('repairs a missing final > and a truncated download', () => {
    expect(parseFeedText('<rss version="2.0"><channel><title>t</title></channel></rss').format).toBe('rss');
    const truncated =
      '<rss version="2.0"><channel><title>t</title><item><title>one</title></item><item><title>tw';
    const feed = parseFeedText(truncated);
    expect(feed.format === 'rss' && feed.feed.items?.map((i) => i.title)).toEqual(['one']);
  });

  it('returns an empty feed for well-formed feeds with nothing in them', () => {
    expect(parseFeedText('<rss version="2.0"></rss>')).toMatchObject({ format: 'rss', feed: { items: [] } });
    expect(parseFeedText('<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toMatchObject({
      format: 'atom',
    });
  });

  it('ignores DOCTYPE entity declarations (no expansion, no failure)', () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY % x SYSTEM "http://evil/"> %x; <!ENTITY a "aaaaaaaaaa">]><rss version="2.0"><channel><title>t</title></channel></rss>';
    expect(parseFeedText(text).format).toBe('rss');
  });

  it('refuses oversized input and stays fast on pathological input', () => {
    expect(err(() => parseFeedText(`<rss>${' '.repeat(MAX_FEED_CHARS)}</rss>`)).code).toBe('too_large');
    const start = performance.now();
    const deep = `<rss version="2.0"><channel>${'<x>'.repeat(50_000)}</channel></rss>`;
    try {
      parseFeedText(deep);
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
    }
    const attrs = `<rss version="2.0" ${'a="1" '.repeat(100_000)}><channel><title>t</title></channel></rss>`;
    try {
      parseFeedText(attrs);
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
    }
    expect(performance.now() - start).toBeLessThan(5000);
  });

  it('reads xml:lang on RSS’s <channel>, which feedsmith leaves out, when nothing else names a language', () => {
    const rss = (channel: string, inside = '') =>
      parseFeedText(
        `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">${channel}<title>T</title>${inside}<item><title>a</title></item></channel></rss>`,
      );
    const lang = (p: ReturnType<typeof parseFeedText>) => (p.format === 'rss' ? p.feed.xml?.lang : null);
    expect(lang(rss('<channel xml:lang="es-MX">'))).toBe('es-MX');
    expect(lang(rss("<channel\n  xml:lang = 'fa'>"))).toBe('fa');
    expect(lang(rss('<channel>'))).toBeUndefined();
    // <language> wins and is read by the normaliser; the channel's attribute is not looked for.
    expect(lang(rss('<channel xml:lang="es">', '<language>en</language>'))).toBeUndefined();
  });
});
