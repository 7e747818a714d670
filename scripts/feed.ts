/**
 * Feed doctor: runs Rivulet's own fetch → decode → parse → normalise path in Node and prints one
 * JSON object. `npm run feed -- <file or URL>`. Files get no charset hint besides their bytes;
 * URLs are fetched directly (no companion server needed). Exit 1 with {"error": …} on failure.
 */
import { readFile } from 'node:fs/promises';
import { EngineError, toErrorShape } from '../worker/errors';
import { directFetch } from '../worker/feeds/directFetch';
import { fetchFeed } from '../worker/feeds/fetcher';
import { readFeed } from '../worker/feeds/read';
import type { NormalizedFeed } from '../worker/types';

async function load(target: string): Promise<NormalizedFeed> {
  if (/^https?:\/\//i.test(target)) {
    const res = await fetchFeed(target, { fetchImpl: directFetch() });
    if (res.status >= 400) {
      throw new EngineError('http_status', `The server answered HTTP ${res.status}`, {
        httpStatus: res.status,
      });
    }
    return readFeed(res.bytes, res.contentType, res.finalUrl);
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(target));
  } catch (err) {
    throw new EngineError(
      'read_error',
      `Cannot read ${target}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return readFeed(bytes, null, '');
}

function report(feed: NormalizedFeed): unknown {
  return {
    format: feed.format,
    title: feed.title,
    link: feed.link,
    items: feed.items.map((i) => ({
      guid: i.guid,
      title: i.title,
      link: i.link,
      author: i.author,
      pubDate: i.pubDate,
      enclosure: i.enclosure,
      contentLength: i.description.length,
    })),
  };
}

async function main(): Promise<number> {
  const target = process.argv[2];
  if (!target) {
    process.stdout.write(
      `${JSON.stringify({ error: { code: 'usage', message: 'Usage: npm run feed -- <file or URL>' } })}\n`,
    );
    return 1;
  }
  try {
    process.stdout.write(`${JSON.stringify(report(await load(target)), null, 2)}\n`);
    return 0;
  } catch (err) {
    const shape = toErrorShape(err);
    const error: Record<string, unknown> = { code: shape.code, message: shape.message };
    const position = (shape.details as { position?: unknown } | undefined)?.position;
    if (position) error.position = position;
    process.stdout.write(`${JSON.stringify({ error })}\n`);
    return 1;
  }
}

process.exitCode = await main();
