import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeBytes, resolveEncoding } from './decode';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const concat = (...parts: Array<Uint8Array | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const xml = (enc: string, body: number[]) =>
  concat(ascii(`<?xml version="1.0" encoding="${enc}"?><t>`), body, ascii('</t>'));
const inner = (text: string) => /<t>(.*)<\/t>/s.exec(text)?.[1];
const CORPUS = 'tests/fixtures/corpus/feeds';

describe('decodeBytes', () => {
  it('decodes hand-built windows-1252 bytes, including the C1 range', () => {
    // "Café – €" : é=E9, en dash=96, euro=80 in windows-1252
    const out = decodeBytes(xml('windows-1252', [0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x80]));
    expect(inner(out.text)).toBe('Café – €');
    expect(out).toMatchObject({ encoding: 'windows-1252', source: 'declaration' });
  });

  it.each([
    ['gb2312', [0xc4, 0xe3, 0xba, 0xc3], '你好'],
    ['GBK', [0xc4, 0xe3, 0xba, 0xc3], '你好'],
    ['gb18030', [0xc4, 0xe3, 0xba, 0xc3], '你好'],
    ['big5', [0xa7, 0x41, 0xa6, 0x6e], '你好'],
    ['Shift_JIS', [0x82, 0xb1, 0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd], 'こんにちは'],
    ['EUC-JP', [0xa4, 0xb3, 0xa4, 0xf3, 0xa4, 0xcb, 0xa4, 0xc1, 0xa4, 0xcf], 'こんにちは'],
    ['euc-kr', [0xbe, 0xc8, 0xb3, 0xe7], '안녕'],
    ['KOI8-R', [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4], 'Привет'],
    ['windows-1251', [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2], 'Привет'],
    ['ISO-8859-2', [0xb3, 0xf3, 0xbf, 0xea], 'łóżę'],
    ['iso-8859-15', [0xa4], '€'],
    ['ISO-8859-1', [0xe9], 'é'],
  ])('decodes declared %s', (enc, bytes, expected) => {
    expect(inner(decodeBytes(xml(enc, bytes)).text)).toBe(expected);
  });

  it('honours BOMs: UTF-8, UTF-16LE/BE, UTF-32LE/BE', () => {
    const s = '<?xml version="1.0" encoding="utf-16"?><t>Ünï €𝄞</t>';
    const le16 = new Uint8Array(Buffer.from(s, 'utf16le'));
    const be16 = le16.slice();
    for (let i = 0; i < be16.length; i += 2) [be16[i], be16[i + 1]] = [le16[i + 1]!, le16[i]!];
    const cps = Array.from(s, (c) => c.codePointAt(0)!);
    const le32 = new Uint8Array(cps.length * 4);
    const be32 = new Uint8Array(cps.length * 4);
    cps.forEach((cp, i) => {
      new DataView(le32.buffer).setUint32(i * 4, cp, true);
      new DataView(be32.buffer).setUint32(i * 4, cp, false);
    });
    expect(decodeBytes(concat([0xef, 0xbb, 0xbf], new TextEncoder().encode(s)))).toMatchObject({
      text: s,
      source: 'bom',
    });
    expect(decodeBytes(concat([0xff, 0xfe], le16))).toMatchObject({ text: s, encoding: 'utf-16le' });
    expect(decodeBytes(concat([0xfe, 0xff], be16))).toMatchObject({ text: s, encoding: 'utf-16be' });
    expect(decodeBytes(concat([0xff, 0xfe, 0, 0], le32))).toMatchObject({ text: s, encoding: 'utf-32le' });
    expect(decodeBytes(concat([0, 0, 0xfe, 0xff], be32))).toMatchObject({ text: s, encoding: 'utf-32be' });
    // Without a BOM, the `<?` pattern identifies the width and order.
    expect(decodeBytes(le16)).toMatchObject({ text: s, source: 'pattern' });
    expect(decodeBytes(be32)).toMatchObject({ text: s, encoding: 'utf-32be' });
  });

  it('uses the declaration over the HTTP charset, and the HTTP charset over the default', () => {
    expect(decodeBytes(xml('iso-8859-1', [0xe9]), 'text/xml; charset=utf-8').encoding).toBe('windows-1252');
    const bare = concat(ascii('<t>'), [0xcf, 0xf0], ascii('</t>'));
    expect(decodeBytes(bare, 'application/rss+xml; charset="windows-1251"')).toMatchObject({
      text: '<t>Пр</t>',
      source: 'http',
    });
  });

  it('reads <meta charset> in HTML pages', () => {
    const page = concat(
      ascii('<!doctype html><html><head><meta charset="koi8-r"><title>'),
      [0xf0, 0xd2],
      ascii('</title>'),
    );
    expect(decodeBytes(page).text).toContain('<title>Пр</title>');
    const old = concat(
      ascii('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'),
      [0xcf],
    );
    expect(decodeBytes(old).text.endsWith('П')).toBe(true);
  });

  it('repairs a single-byte declaration over valid UTF-8, and Latin-1 labelled UTF-8', () => {
    const euro = decodeBytes(xml('windows-1252', Array.from(new TextEncoder().encode('€'))));
    expect(inner(euro.text)).toBe('€');
    expect(euro.source).toBe('repair');
    const latin = decodeBytes(xml('utf-8', [0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e]));
    expect(inner(latin.text)).toBe('Jürgen');
    expect(latin.encoding).toBe('windows-1252');
  });

  it('keeps mostly-valid UTF-8 with one stray byte as UTF-8', () => {
    const bytes = concat(new TextEncoder().encode('<t>Ünïcödé'), [0xff], ascii('</t>'));
    expect(decodeBytes(bytes).text).toBe('<t>Ünïcödé\ufffd</t>');
  });

  it('ignores unknown or impossible labels', () => {
    expect(decodeBytes(xml('no-such-charset', Array.from(new TextEncoder().encode('é')))).text).toContain(
      'é',
    );
    expect(decodeBytes(xml('utf-16', [0x41])).encoding).toBe('utf-8');
    expect(decodeBytes(new Uint8Array()).text).toBe('');
  });

  it('decodes the miniflux encoding fixtures', () => {
    const read = (p: string) => decodeBytes(new Uint8Array(readFileSync(`${CORPUS}/miniflux/${p}`))).text;
    expect(read('encoding/iso-8859-1.xml')).toContain('<title>Café</title>');
    expect(read('encoding/utf8-incorrect-prolog.xml')).toContain('<title>Café</title>');
    expect(read('encoding/windows-1252-incorrect-prolog.xml')).toContain('Euro €');
    expect(read('encoding/invalid-prolog.xml')).toContain('<title>Café</title>');
    expect(read('xml/iso88591_utf8_mismatch.xml')).toContain('Jürgen');
    expect(read('parser/encoding_WINDOWS-1251.xml')).toMatch(/[А-я]{4}/);
  });

  it('decodes the feedparser UTF-16/32 and CJK fixtures', () => {
    const read = (p: string) =>
      decodeBytes(new Uint8Array(readFileSync(`${CORPUS}/feedparser/encoding/${p}`))).text;
    for (const f of [
      'utf-16be.xml',
      'utf-16le.xml',
      'utf-16le-autodetect.xml',
      'utf-32be.xml',
      'utf-32le-autodetect.xml',
      'utf-32le-bom.xml',
    ]) {
      expect(read(f), f).toMatch(/<rss|<feed/);
    }
    expect(read('euc-kr.xml')).toContain('년');
    expect(read('big5.xml')).toContain('<rss>');
  });
});

describe('helpers', () => {
  it('resolves labels and aliases', () => {
    expect(resolveEncoding('UTF-32')).toBe('utf-32le');
    expect(resolveEncoding('utf-32BE')).toBe('utf-32be');
    expect(resolveEncoding('latin-1')).toBe('windows-1252');
    expect(resolveEncoding('iso-2022-kr')).toBeNull(); // the 'replacement' encoding
    expect(resolveEncoding('bogus')).toBeNull();
    expect(resolveEncoding('')).toBeNull();
  });

  it('extracts charsets from Content-Type values', () => {
    expect(charsetFromContentType('text/xml; charset=ISO-8859-1')).toBe('ISO-8859-1');
    expect(charsetFromContentType('application/rss+xml;charset= "us-ascii"')).toBe('us-ascii');
    expect(charsetFromContentType('text/xml')).toBeNull();
    expect(charsetFromContentType(null)).toBeNull();
  });
});

// The UTF-8 decision as it was before the strict-first pass: decode leniently, then count.
function lenientFirst(b: Uint8Array): { text: string; encoding: string } {
  const text = new TextDecoder('utf-8').decode(b);
  let valid = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    valid = false;
  }
  if (!text.includes('\ufffd') || valid) return { text, encoding: 'utf-8' };
  let bad = 0;
  let good = 0;
  for (const ch of text) {
    if (ch === '\ufffd') bad++;
    else if (ch.charCodeAt(0) >= 0x80) good++;
  }
  return good > bad ? { text, encoding: 'utf-8' } : { text: '', encoding: 'windows-1252' };
}

describe('decodeBytes: UTF-8 or Latin fallback', () => {
  // Valid UTF-8 pieces (incl. a real U+FFFD and a BOM-like sequence mid-text) mixed with stray
  // Latin-1 bytes, so both branches and the counting rule are reached.
  const piece = fc.oneof(
    fc.string({ maxLength: 8 }).map((s) => Array.from(new TextEncoder().encode(s))),
    fc.constantFrom(
      [0xef, 0xbf, 0xbd],
      [0xef, 0xbb, 0xbf],
      [0xe9],
      [0x96],
      [0x80, 0x81],
      [0xc3],
      [0xe2, 0x82],
    ),
  );
  const body = fc.array(piece, { maxLength: 12 }).map((ps) => ps.flat());

  it('gives the text and encoding the lenient-first decision gave', () => {
    fc.assert(
      fc.property(body, (bytes) => {
        const input = concat(ascii('<t>'), bytes, ascii('</t>'));
        const out = decodeBytes(input, 'text/xml; charset=utf-8');
        const before = lenientFirst(input);
        expect(out.encoding).toBe(before.encoding);
        if (before.encoding === 'utf-8') expect(out.text).toBe(before.text);
        else expect(out.source).toBe('repair');
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a literal U+FFFD in valid UTF-8 as UTF-8, and one stray byte among good ones too', () => {
    const valid = decodeBytes(concat(ascii('<t>'), new TextEncoder().encode('a\ufffdé'), ascii('</t>')));
    expect(valid.encoding).toBe('utf-8');
    expect(inner(valid.text)).toBe('a\ufffdé');
    const stray = decodeBytes(concat(ascii('<t>'), new TextEncoder().encode('éàü'), [0xe9], ascii('</t>')));
    expect(stray.encoding).toBe('utf-8');
    expect(inner(stray.text)).toBe('éàü\ufffd');
  });
});

describe('decodeBytes: feeds that name no charset', () => {
  const CHARDET = `${CORPUS}/feedparser/illformed/chardet`;
  const file = (name: string) => new Uint8Array(readFileSync(`${CHARDET}/${name}`));
  // The declared twin: the very same bytes with an XML declaration naming their charset.
  const declared = (bytes: Uint8Array, label: string) =>
    concat(ascii(`<?xml version="1.0" encoding="${label}"?>\n`), bytes);

  it.each([
    ['gb2312.xml', 'gb2312', 'gb18030', '不归移民漫画系列'],
    ['shiftjis.xml', 'Shift_JIS', 'shift_jis', 'DrecomRSSに記事投稿'],
  ])('decodes the undeclared %s exactly like its declared twin', (name, label, encoding, words) => {
    const bytes = file(name);
    const guessed = decodeBytes(bytes);
    const twin = decodeBytes(declared(bytes, label));
    expect(twin.source).toBe('declaration');
    expect(guessed).toMatchObject({ encoding, source: 'detected' });
    expect(guessed.text).toContain(words);
    // The twin's text minus the declaration line it gained.
    expect(guessed.text).toBe(twin.text.slice(twin.text.indexOf('\n') + 1));
    // And the same as that charset named by the HTTP header instead.
    expect(decodeBytes(bytes, `application/xml; charset=${label}`).text).toBe(guessed.text);
  });

  it.each([
    ['big5.xml', 'big5', '我希望'],
    ['euckr.xml', 'euc-kr', '한글'],
    ['koi8r.xml', 'koi8-r', 'Как'],
  ])('detects %s', (name, encoding, words) => {
    const out = decodeBytes(file(name));
    expect(out).toMatchObject({ encoding, source: 'detected' });
    expect(out.text).toContain(words);
  });

  it('does not guess when something names the charset, or the bytes are UTF-8', () => {
    const gb = file('gb2312.xml');
    // A (wrong) HTTP charset is obeyed: detection is only for feeds that name none.
    expect(decodeBytes(gb, 'text/xml; charset=windows-1251')).toMatchObject({
      encoding: 'windows-1251',
      source: 'http',
    });
    const utf8 = new TextEncoder().encode('<rss><channel><title>不归移民</title></channel></rss>');
    expect(decodeBytes(utf8)).toMatchObject({ encoding: 'utf-8', source: 'default' });
  });

  it('keeps the windows-1252 repair when the guess is noise (a couple of stray bytes)', () => {
    const out = decodeBytes(concat(ascii('<t>Caf'), [0xe9], ascii('</t>')));
    expect(inner(out.text)).toBe('Café');
  });

  it('finds the charset of non-ASCII text that starts after a long ASCII head', () => {
    const head = ascii(`<rss><channel><title>${'ascii only '.repeat(20_000)}</title><item><title>`);
    const body = file('gb2312.xml').subarray(file('gb2312.xml').indexOf(0xb2));
    const out = decodeBytes(concat(head, body));
    expect(out.encoding).toBe('gb18030');
    expect(out.text).toContain('不归移民漫画系列');
  });
});
