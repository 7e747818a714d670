/**
 * Feed doctor: runs Rivulet's own fetch → decode → parse → normalise path in Node and prints one
 * JSON object. `npm run feed -- <file or URL>`. Files get no charset hint besides their bytes;
 * URLs are fetched directly (no companion server needed). Exit 1 with {"error": …} on failure.
 * Languages are what the engine stores (shared/language.ts): the feed's `language` (null when it
 * declares none), and an item's `language` only where it differs from the feed's.
 */
import { readFile } from 'node:fs/promises';
import { EngineError, toErrorShape } from '../worker/errors';
import { directFetch } from '../worker/formats/directFetch';
import { fetchFeed } from '../worker/formats/fetcher';
import { readFeedWithCharset, type Charset } from '../worker/formats/read';
import type { NormalizedFeed } from '../worker/types';

type Loaded = { feed: NormalizedFeed; charset: Charset };

async function load(target: string): Promise<Loaded> {
  if (/^https?:\/\//i.test(target)) {
    const res = await fetchFeed(target, { fetchImpl: directFetch() });
    if (res.status >= 400) {
      throw new EngineError('http_status', `The server answered HTTP ${res.status}`, {
        httpStatus: res.status,
      });
    }
    return readFeedWithCharset(res.bytes, res.contentType, res.finalUrl);
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
  return readFeedWithCharset(bytes, null, '');
}

// How each `source` of decode.ts reads in the report.
const CHOSEN_BY: Record<Charset['source'], string> = {
  bom: 'byte-order mark',
  pattern: 'UTF-16/32 byte pattern',
  declaration: 'XML declaration',
  meta: 'HTML meta charset',
  http: 'HTTP Content-Type charset',
  default: 'default (nothing named a charset; valid UTF-8)',
  repair: 'repair (the named charset did not fit the bytes)',
  detected: 'detected by chardet (nothing named a charset; not UTF-8)',
};

function report({ feed, charset }: Loaded): unknown {
  return {
    charset: {
      encoding: charset.encoding,
      chosenBy: CHOSEN_BY[charset.source],
      ...(charset.confidence === undefined ? {} : { confidence: charset.confidence }),
    },
    format: feed.format,
    title: feed.title,
    link: feed.link,
    language: feed.language ?? null,
    items: feed.items.map((i) => ({
      guid: i.guid,
      title: i.title,
      link: i.link,
      author: i.author,
      pubDate: i.pubDate,
      enclosure: i.enclosure,
      contentLength: i.description.length,
      ...(i.language ? { language: i.language } : {}),
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
