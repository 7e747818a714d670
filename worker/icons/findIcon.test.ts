import { describe, expect, it } from 'vitest';
import { iconLinks, imageType, toDataUrl } from './findIcon';

describe('iconLinks', () => {
  it('lists declared icons best first, resolved against base href', () => {
    const html = `<html><head><base href="https://cdn.test/a/">
      <link rel="apple-touch-icon" href="/touch.png">
      <LINK REL="Shortcut Icon" href="fav.ico">
      <link rel="icon" type="image/png" href="https://x.test/i.png">
      <link rel="stylesheet" href="s.css">
      <link rel="icon" href="javascript:alert(1)">
      <link rel="icon" href="fav.ico"></head></html>`;
    expect(iconLinks(html, 'https://site.test/blog/')).toEqual([
      'https://cdn.test/a/fav.ico',
      'https://x.test/i.png',
      'https://cdn.test/touch.png',
    ]);
    expect(iconLinks('<p>no head</p>', 'https://site.test/')).toEqual([]);
  });
});

describe('imageType', () => {
  it('sniffs image formats and refuses markup even when declared as an image', () => {
    const b = (...n: number[]) => new Uint8Array(n);
    expect(imageType(b(0x89, 0x50, 0x4e, 0x47, 1), '')).toBe('image/png');
    expect(imageType(b(0, 0, 1, 0, 1), 'text/html')).toBe('image/x-icon');
    expect(imageType(b(0xff, 0xd8, 0xff, 0xe0), '')).toBe('image/jpeg');
    expect(imageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), '')).toBe(
      'image/svg+xml',
    );
    expect(imageType(new TextEncoder().encode('<html>404</html>'), 'image/png')).toBeNull();
    expect(imageType(new TextEncoder().encode('hello'), 'text/plain')).toBeNull();
    expect(imageType(b(1, 2, 3), 'image/avif')).toBe('image/avif');
  });
});

describe('toDataUrl', () => {
  it('base64-encodes large inputs without overflowing the stack', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 256);
    const url = toDataUrl(bytes, 'image/png');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });
});
