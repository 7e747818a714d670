import type { IncomingMessage } from 'node:http';
import { ApiError } from './respond.ts';

function tooLarge(max: number): ApiError {
  return new ApiError(413, 'too_large', `The request body is larger than ${max} bytes.`);
}

/**
 * Reads a request body into memory, at most `max` bytes: the one body reader of every route
 * that takes one (AI chat and relay, sync). A declared `Content-Length` over the cap is refused
 * before a byte is read; a body that streams past the cap (chunked, or lying about its length)
 * is refused as soon as it does, keeping at most `max` bytes. Either way 413 `too_large`; the
 * rest of the body is read and dropped so the 413 reaches the client instead of a reset
 * connection. A client that goes away mid-body gives 400 `bad_request`. Never resolves twice.
 */
export function readRequestBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      req.resume();
      reject(tooLarge(max));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: ApiError | null): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      if (err) {
        req.resume();
        reject(err);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) finish(tooLarge(max));
      else chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => finish(null));
    req.on('error', () => finish(new ApiError(400, 'bad_request', 'The request body was cut off.')));
    req.on('close', () => {
      if (!req.complete) finish(new ApiError(400, 'bad_request', 'The request body was cut off.'));
    });
  });
}
