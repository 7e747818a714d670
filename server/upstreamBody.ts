import type { IncomingMessage } from 'node:http';
import { addAbortSignal, pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { ApiError } from './respond.ts';

// Tolerate bodies whose compressed stream ends early (common with flaky servers): keep what
// decoded instead of failing the whole fetch.
const LENIENT = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

function decoderFor(encoding: string, firstByte: number): Transform | null {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(LENIENT);
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    case 'deflate':
      // "deflate" should be zlib-wrapped, but many servers send raw deflate. A zlib header's
      // low nibble is 8 (the deflate method), which raw deflate streams almost never start with.
      return (firstByte & 0x0f) === 8 ? zlib.createInflate(LENIENT) : zlib.createInflateRaw(LENIENT);
    default:
      return null; // identity or unknown: hand over the bytes as they are
  }
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${n} bytes`;
}

const COMPRESSED = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    502,
    'too_large',
    `The response is larger than ${formatBytes(maxBytes)} once decompressed.`,
  );
}

/** Waits for the first chunk so the decoder can be chosen, then puts it back. */
function peekFirstByte(res: IncomingMessage): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      res.off('readable', onReadable);
      res.off('end', onEnd);
      res.off('error', onError);
    };
    const onReadable = (): void => {
      const chunk = res.read() as Buffer | null;
      if (chunk === null) return;
      cleanup();
      res.unshift(chunk);
      resolve(chunk[0]);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(undefined);
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    res.on('readable', onReadable);
    res.on('end', onEnd);
    res.on('error', onError);
  });
}

/**
 * Reads an upstream response body, decompressing gzip/deflate/br, and stops as soon as more than
 * `maxBytes` have come out of the decoder (so a gzip bomb costs at most `maxBytes` of memory,
 * never its inflated size). Aborting `signal` destroys the streams. Throws ApiError `too_large`
 * past the cap or `upstream_unreachable` when the body cannot be read or decoded; a raw abort
 * error surfaces when `signal` fires (the caller knows why it aborted).
 */
export async function readUpstreamBody(
  res: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  addAbortSignal(signal, res);
  const encoding = String(res.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  const declared = Number(res.headers['content-length']);
  if (!COMPRESSED.has(encoding) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  let decoder: Transform | null = null;
  try {
    if (COMPRESSED.has(encoding)) {
      // An empty body (a 304, say) still labelled as compressed is not a broken stream.
      const firstByte = await peekFirstByte(res);
      if (firstByte === undefined) return Buffer.alloc(0);
      decoder = decoderFor(encoding, firstByte);
    }
    if (decoder) {
      // Errors on either side destroy both, and surface through iterating the decoder.
      pipeline(res, decoder, () => {});
      addAbortSignal(signal, decoder);
    }
    const source: Readable = decoder ?? res;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    res.destroy();
    decoder?.destroy();
    if (err instanceof ApiError || signal.aborted) throw err;
    const detail = err instanceof Error ? err.message : String(err);
    throw new ApiError(502, 'upstream_unreachable', `The site's response could not be read: ${detail}`);
  }
  return Buffer.concat(chunks, total);
}
