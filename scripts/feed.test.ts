import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'rivulet-feed-'));

async function feedCli(file: string): Promise<{ code: number; json: unknown }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/feed.ts', file], {
      cwd: process.cwd(),
    });
    return { code: 0, json: JSON.parse(stdout) };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, json: JSON.parse(e.stdout) };
  }
}

describe('npm run feed', () => {
  it('prints the normalised feed of a windows-1252 podcast file', async () => {
    const head =
      '<?xml version="1.0" encoding="windows-1252"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Caf';
    const rest = ` Radio</title><link>https://radio.example/</link>
      <item><title>Ep 1 &amp; more</title><link>https://radio.example/1</link><guid>ep1</guid><author>host@radio.example (Host)</author>
        <pubDate>Sat, 05 Jan 2024 10:00:00 GMT</pubDate><description>&lt;p&gt;Hello&lt;/p&gt;</description>
        <enclosure url="https://radio.example/1.mp3" length="1234" type="audio/mpeg"/><itunes:duration>01:02:03</itunes:duration></item>
      <item><title>Ep 0</title><guid>ep0</guid><pubDate>garbage</pubDate></item>
    </channel></rss>`;
    const file = join(dir, 'podcast.rss');
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from([0xe9]), Buffer.from(rest, 'latin1')]),
    );
    const { code, json } = await feedCli(file);
    expect(code).toBe(0);
    expect(json).toEqual({
      charset: { encoding: 'windows-1252', chosenBy: 'XML declaration' },
      format: 'rss',
      title: 'Café Radio',
      link: 'https://radio.example/',
      language: null,
      items: [
        {
          guid: 'ep1',
          title: 'Ep 1 & more',
          link: 'https://radio.example/1',
          author: expect.stringMatching(/Host|host@radio\.example/) as string,
          pubDate: 1704448800,
          enclosure: {
            url: 'https://radio.example/1.mp3',
            type: 'audio/mpeg',
            length: 1234,
            duration: 3723,
            image: '',
          },
          contentLength: '<p>Hello</p>'.length,
        },
        {
          guid: 'ep0',
          title: 'Ep 0',
          link: '',
          author: '',
          pubDate: null,
          enclosure: null,
          contentLength: 0,
        },
      ],
    });
  }, 30_000);

  it.each([
    ['gb2312.xml', 'gb18030', '不归移民漫画系列：专业工作'],
    ['shiftjis.xml', 'shift_jis', 'DrecomRSSに記事投稿が反映されない…'],
  ])(
    'reports the charset it detected for the undeclared %s',
    async (file, encoding, title) => {
      const { code, json } = await feedCli(
        `tests/fixtures/corpus/feeds/feedparser/illformed/chardet/${file}`,
      );
      expect(code).toBe(0);
      expect(json).toMatchObject({
        charset: { encoding, chosenBy: expect.stringContaining('detected') as string },
        items: [{ title: expect.stringContaining(title.slice(0, 6)) as string }],
      });
      expect((json as { charset: { confidence: number } }).charset.confidence).toBeGreaterThanOrEqual(50);
    },
    30_000,
  );

  it('prints the feed’s language, and an item’s only where it differs', async () => {
    const zh = await feedCli('tests/fixtures/feeds/zh-cn.xml');
    expect(zh.code).toBe(0);
    expect(zh.json).toMatchObject({ title: '园艺笔记', language: 'zh-CN' });
    const items = (zh.json as { items: { title: string; language?: string }[] }).items;
    expect(items.map((i) => [i.title, i.language])).toEqual([
      ['春天的花园：郁金香和玫瑰', undefined],
      ['The river’s mill, in English', 'en-US'],
    ]);
    expect(items[0]).not.toHaveProperty('language');
    expect((await feedCli('tests/fixtures/feeds/rtl.xml')).json).toMatchObject({ language: 'ar' });
  }, 30_000);

  it('prints an error object with a position and exits 1 for broken XML', async () => {
    const file = join(dir, 'broken.xml');
    writeFileSync(
      file,
      '<rss version="2.0"><channel>\n<title>x</title>\n<item><title>a</item></channel></rss>',
    );
    const { code, json } = await feedCli(file);
    expect(code).toBe(1);
    expect(json).toMatchObject({
      error: { code: 'parse_error', position: { line: 3, column: expect.any(Number) as number } },
    });
  }, 30_000);

  it('says when a file is a web page or missing', async () => {
    const file = join(dir, 'page.html');
    writeFileSync(file, '<!DOCTYPE html><html><head><title>x</title></head></html>');
    expect(await feedCli(file)).toEqual({
      code: 1,
      json: { error: { code: 'not_a_feed', message: 'This address returned a web page, not a feed' } },
    });
    expect(await feedCli(join(dir, 'nope.xml'))).toMatchObject({
      code: 1,
      json: { error: { code: 'read_error' } },
    });
  }, 30_000);
});
