import { describe, expect, it } from 'vitest';
import { MAX_OPML_BYTES, opmlTextProblem, readOpmlFile } from './opmlFile';

const OPML =
  '<?xml version="1.0"?><opml version="2.0"><body><outline xmlUrl="https://a.example/f"/></body></opml>';

describe('opmlTextProblem', () => {
  it('accepts OPML, with or without BOM and declaration', () => {
    expect(opmlTextProblem(OPML)).toBeNull();
    expect(opmlTextProblem('\uFEFF  <opml version="1.0"></opml>')).toBeNull();
  });
  it.each([
    ['', /empty/],
    ['   \n', /empty/],
    ['just some notes', /not an OPML file/],
    ['{"feeds": []}', /not an OPML file/],
    ['<!DOCTYPE html><html><body>hi</body></html>', /web page/],
    ['<?xml version="1.0"?><rss version="2.0"></rss>', /no <opml> element/],
  ])('rejects %j', (text, message) => {
    expect(opmlTextProblem(text)).toMatch(message);
  });
});

describe('readOpmlFile', () => {
  it('reads a valid file', async () => {
    await expect(readOpmlFile(new Blob([OPML]))).resolves.toBe(OPML);
  });
  it('rejects a non-OPML file with a clear message', async () => {
    await expect(readOpmlFile(new Blob(['hello']))).rejects.toThrow(/not an OPML file/);
  });
  it('rejects a binary file', async () => {
    const bytes = new Uint8Array([0x3c, 0x6f, 0xff, 0xfe, 0x00, 0x81, 0x3e]);
    await expect(readOpmlFile(new Blob([bytes]))).rejects.toThrow(/not text/);
  });
  it('rejects a huge file before reading it', async () => {
    const big = {
      size: MAX_OPML_BYTES + 1,
      text: () => Promise.reject(new Error('should not read')),
    } as unknown as Blob;
    await expect(readOpmlFile(big)).rejects.toThrow(/too large/);
  });
  it('reports a read failure', async () => {
    const broken = { size: 10, text: () => Promise.reject(new Error('disk gone')) } as unknown as Blob;
    await expect(readOpmlFile(broken)).rejects.toThrow(/could not be read: disk gone/);
  });
});
