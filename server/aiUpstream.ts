import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { AiLimits } from './aiConfig.ts';
import { ApiError, sendApiError } from './respond.ts';
import { USER_AGENT } from './upstream.ts';

/** One call to an OpenAI-compatible endpoint on behalf of the page. */
export interface AiForward {
  method: 'GET' | 'POST';
  target: URL;
  /** Sent as `Authorization` (the server's `Bearer <key>`, or the user's own for the relay). */
  authorization?: string;
  body?: Buffer;
}

// Upstream headers the page may see. Everything else (cookies, server banners) stays here.
const PASSED_HEADERS = ['content-type', 'retry-after', 'x-request-id'];

/**
 * Sends one call upstream and relays the answer as it arrives: status, `Content-Type`,
 * `Retry-After`, then the body chunk by chunk (server-sent events are not buffered). Limits:
 * connecting past `connectTimeoutMs` → 504 `timeout`; no byte for `idleTimeoutMs` → 504 before
 * the headers, after them an SSE error event `{ error: { code: 'timeout' } }` (or a cut
 * connection for a non-stream answer); DNS/TLS/refused →
 * 502 `upstream_unreachable`; more than `maxResponseBytes` → cut. The upstream call is aborted
 * when the page goes away. Resolves when the response is finished either way; never rejects.
 */
export function forwardAi(res: ServerResponse, call: AiForward, limits: AiLimits): Promise<void> {
  return new Promise((resolve) => {
    const lib = call.target.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {
      'User-Agent': USER_AGENT,
      Accept: 'application/json, text/event-stream',
    };
    if (call.authorization) headers.Authorization = call.authorization;
    if (call.body) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(call.body.length);
    }
    let done = false;
    const finish = (err?: ApiError): void => {
      if (done) return;
      done = true;
      clearTimeout(connectTimer);
      if (err) sendApiError(res, err);
      resolve();
    };
    const upstream = lib.request(call.target, { method: call.method, headers, agent: false });
    const connectTimer = setTimeout(() => {
      upstream.destroy();
      finish(
        new ApiError(
          504,
          'timeout',
          `The AI endpoint did not accept a connection within ${limits.connectTimeoutMs / 1000} s.`,
        ),
      );
    }, limits.connectTimeoutMs);
    upstream.on('socket', (socket: Socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    // Socket inactivity: covers a slow first byte and a stream that stalls half-way.
    upstream.setTimeout(limits.idleTimeoutMs, () => {
      upstream.destroy();
      if (res.headersSent) {
        // Mid-stream: tell the page why in the stream's own terms, then end it.
        if (String(res.getHeader('content-type')).startsWith('text/event-stream')) {
          const message = `The AI endpoint stopped sending for ${limits.idleTimeoutMs / 1000} s.`;
          res.end(`\n\ndata: ${JSON.stringify({ error: { code: 'timeout', message } })}\n\n`);
        } else {
          res.destroy();
        }
        finish();
      } else {
        finish(
          new ApiError(504, 'timeout', `The AI endpoint sent nothing for ${limits.idleTimeoutMs / 1000} s.`),
        );
      }
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (done) return;
      if (res.headersSent) {
        res.destroy();
        finish();
        return;
      }
      const why = err.code ? `${err.code}: ${err.message}` : err.message;
      finish(new ApiError(502, 'upstream_unreachable', `Could not reach the AI endpoint: ${why}`));
    });
    upstream.on('response', (answer: IncomingMessage) => {
      const out: Record<string, string> = { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' };
      for (const name of PASSED_HEADERS) {
        const v = answer.headers[name];
        if (typeof v === 'string') out[name] = v;
      }
      res.writeHead(answer.statusCode ?? 502, out);
      res.flushHeaders();
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxResponseBytes) {
          upstream.destroy();
          res.destroy();
          finish();
          return;
        }
        res.write(chunk);
      });
      answer.on('end', () => {
        res.end();
        finish();
      });
      answer.on('error', () => {
        res.destroy();
        finish();
      });
    });
    // The page left (stop button, closed article): stop paying for tokens nobody reads.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
      finish();
    });
    upstream.end(call.body);
  });
}
