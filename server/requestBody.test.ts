import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequestBody } from './requestBody.ts';
import { type ApiError, sendApiError } from './respond.ts';
import { postChunks, startUpstream, type Running } from './testing.ts';

const MAX = 1000;
let server: Running;
// What each request's reader ended with, in arrival order.
const outcomes: (number | string)[] = [];
let settled: (() => void) | null = null;
let started: (() => void) | null = null;

beforeAll(async () => {
  server = await startUpstream((req: IncomingMessage, res: ServerResponse) => {
    started?.();
    readRequestBody(req, MAX).then(
      (body) => {
        outcomes.push(body.length);
        res.writeHead(200, { 'content-type': 'text/plain' }).end(body.toString('utf8').slice(0, 20));
        settled?.();
      },
      (err: ApiError) => {
        outcomes.push(err.code);
        sendApiError(res, err);
        settled?.();
      },
    );
  });
});
afterAll(() => server.close());

const bytes = (n: number) => Buffer.alloc(n, 'a');

describe('readRequestBody', () => {
  it('reads a body up to the cap, declared or chunked', async () => {
    const declared = await postChunks(server.port, '/', { chunks: [bytes(MAX)], declaredLength: MAX });
    expect(declared.status).toBe(200);
    const chunked = await postChunks(server.port, '/', { chunks: [bytes(400), bytes(400)] });
    expect(chunked.status).toBe(200);
    expect(outcomes.slice(-2)).toEqual([MAX, 800]);
  });

  it('refuses an oversize declared Content-Length before reading the body', async () => {
    // Ten bytes of a promised million, and the request never ends: only the header can refuse it.
    const res = await postChunks(server.port, '/', {
      chunks: [bytes(10)],
      declaredLength: 1_000_000,
      end: false,
    });
    expect([res.status, res.error?.code]).toEqual([413, 'too_large']);
    expect(res.error?.message).toContain(`${MAX} bytes`);
  });

  it('refuses a chunked body once it streams past the cap', async () => {
    const res = await postChunks(server.port, '/', { chunks: [bytes(600), bytes(600), bytes(5000)] });
    expect([res.status, res.error?.code]).toEqual([413, 'too_large']);
  });

  it('gives bad_request when the client goes away mid-body', async () => {
    const done = new Promise<void>((resolve) => (settled = resolve));
    const inHandler = new Promise<void>((resolve) => (started = resolve));
    const { request } = await import('node:http');
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      headers: { 'content-length': '500' },
      agent: false,
    });
    req.on('error', () => {});
    req.write(bytes(100));
    await inHandler;
    req.destroy();
    await done;
    settled = null;
    started = null;
    expect(outcomes.at(-1)).toBe('bad_request');
  });
});
