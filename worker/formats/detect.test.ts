import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect';

describe('detectFormat', () => {
  it.each([
    ['<rss version="2.0"><channel/></rss>', 'rss', '2.0'],
    ["<rss version='0.91'><channel/></rss>", 'rss', '0.91'],
    ['<feed xmlns="http://www.w3.org/2005/Atom"/>', 'atom', '1.0'],
    ['<feed version="0.3" xmlns="http://purl.org/atom/ns#"/>', 'atom', '0.3'],
    ['<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"/>', 'atom', '1.0'],
    [
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"/>',
      'rdf',
      '1.0',
    ],
    [
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/"/>',
      'rdf',
      '0.90',
    ],
    ['<RSS VERSION="2.0"><CHANNEL/></RSS>', 'rss', '2.0'],
  ])('reads the root of %s', (text, format, version) => {
    expect(detectFormat(text)).toMatchObject({ format, version });
  });

  it('looks past BOM, declaration, comments, processing instructions and a DOCTYPE', () => {
    const text =
      '\ufeff<?xml version="1.0"?>\n<!-- made by x -->\n<?xml-stylesheet href="s.xsl"?>\n<!DOCTYPE rss [<!ENTITY a "b">]>\n<rss version="2.0"><channel/></rss>';
    const found = detectFormat(text);
    expect(found).toMatchObject({ format: 'rss', version: '2.0' });
    // The DOCTYPE (and its entity declarations) is gone from what the parser gets.
    expect(found.format === 'rss' && found.body).not.toContain('ENTITY');
    expect(found.format === 'rss' && found.body).toContain('<rss version="2.0">');
  });

  it('reads a bare <channel> (CDF, RSS 1.1) as RSS, keeping the XML declaration first', () => {
    const found = detectFormat('<?xml version="1.0"?><channel><item><title>t</title></item></channel>');
    expect(found).toMatchObject({ format: 'rss', version: '' });
    expect(found.format === 'rss' && found.body).toBe(
      '<?xml version="1.0"?><rss><channel><item><title>t</title></item></channel></rss>',
    );
  });

  it('goes by the content, not by what the text mentions (an Atom root whose text names <rss>)', () => {
    const text =
      '<!-- feed.rss --><feed xmlns="http://www.w3.org/2005/Atom"><content>&lt;rss version="2.0"&gt;</content></feed>';
    expect(detectFormat(text).format).toBe('atom');
  });

  it('sends JSON on to the JSON Feed reader by its first character', () => {
    expect(detectFormat('{"version":"https://jsonfeed.org/version/1.1"}')).toEqual({ format: 'json' });
    expect(detectFormat('\n  [1, 2]')).toEqual({ format: 'json' });
  });

  it('says why a text is no feed', () => {
    const reason = (text: string) => {
      const found = detectFormat(text);
      return found.format === null ? found.reason : `detected ${found.format}`;
    };
    expect(reason('')).toBe('The response was empty');
    expect(reason('  \n ')).toBe('The response was empty');
    expect(reason('hello world')).toBe('No feed found: the response is neither XML nor JSON');
    expect(reason('<!DOCTYPE html><html><body>x</body></html>')).toBe(
      'This address returned a web page, not a feed',
    );
    expect(reason('<html lang="en"><head></head></html>')).toBe(
      'This address returned a web page, not a feed',
    );
    expect(reason('<!doctype html>')).toBe('This address returned a web page, not a feed');
    expect(reason('<opml version="2.0"><body/></opml>')).toMatch(/OPML subscription list/);
    expect(reason('<note><to>x</to></note>')).toBe(
      "No feed found: the document's root element is <note>, not <rss>, <feed> or <rdf:RDF>",
    );
    expect(reason('<!-- nothing but a comment -->')).toBe('No feed found: the document has no root element');
  });
});
