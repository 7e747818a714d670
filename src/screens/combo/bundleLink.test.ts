import { describe, expect, it } from 'vitest';
import { BUNDLES } from '../../data/bundles';
import { bundleUrl, decodeBundle, encodeBundle } from './bundleLink';

const pack = async (json: string) => {
  const out = new Blob([new TextEncoder().encode(json)])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(out).arrayBuffer());
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return `b=1.${btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
};

describe('bundle links', () => {
  it('round-trip every curated bundle, unicode included, compactly', async () => {
    for (const b of BUNDLES) {
      const hash = await encodeBundle(b);
      expect(hash).toMatch(/^b=1\.[A-Za-z0-9_-]+$/);
      expect(hash.length).toBeLessThan(2000);
      const back = await decodeBundle(`#${hash}`);
      expect(back).toEqual({
        ...b,
        id: 'shared',
        feeds: b.feeds.map((f) => ({ ...f, url: new URL(f.url).href, site: new URL(f.site).href })),
      });
    }
  });

  it('builds a /combo URL', async () => {
    const url = await bundleUrl('https://r.example', BUNDLES[0]!);
    expect(url.startsWith('https://r.example/combo#b=1.')).toBe(true);
    expect((await decodeBundle(new URL(url).hash))?.title).toBe(BUNDLES[0]!.title);
  });

  it('returns null when the hash holds no bundle', async () => {
    expect(await decodeBundle('')).toBeNull();
    expect(await decodeBundle('#other=1')).toBeNull();
  });

  it('refuses damaged, foreign and empty links with a message', async () => {
    await expect(decodeBundle('#b=2.abc')).rejects.toThrow(/another version/);
    await expect(decodeBundle('#b=1.')).rejects.toThrow(/damaged/);
    await expect(decodeBundle('#b=1.!!!')).rejects.toThrow(/damaged/);
    await expect(decodeBundle('#b=1.AAAA')).rejects.toThrow(/damaged/);
    await expect(decodeBundle(`#b=1.${'A'.repeat(70_000)}`)).rejects.toThrow(/wrong size/);
    await expect(decodeBundle(`#${await pack('{"t":"x","f":"no"}')}`)).rejects.toThrow(/no feeds/);
    await expect(decodeBundle(`#${await pack('[1,2]')}`)).rejects.toThrow(/no feeds/);
  });

  it('drops unsafe and repeated addresses, trims and caps text', async () => {
    const wire = {
      t: `  ${'T'.repeat(500)}  `,
      d: 7,
      f: [
        ['Evil', 'javascript:alert(1)', '', ''],
        ['Data', 'data:text/xml,<rss/>', '', ''],
        ['Good', 'https://a.example/feed', 'javascript:x', 'ok'],
        ['Again', 'https://a.example/feed', '', ''],
        'junk',
        ['', 'http://b.example/rss', 'https://b.example', ''],
      ],
    };
    const b = await decodeBundle(`#${await pack(JSON.stringify(wire))}`);
    expect(b?.title).toHaveLength(120);
    expect(b?.description).toBe('');
    expect(b?.feeds).toEqual([
      { title: 'Good', url: 'https://a.example/feed', site: '', description: 'ok' },
      {
        title: 'http://b.example/rss',
        url: 'http://b.example/rss',
        site: 'https://b.example/',
        description: '',
      },
    ]);
    await expect(decodeBundle(`#${await pack('{"t":"x","f":[["a","ftp://x/y","",""]]}')}`)).rejects.toThrow(
      /no usable/,
    );
  });
});
