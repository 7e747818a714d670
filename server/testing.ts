/** Test helpers for the companion server's tests: local servers on port 0 and raw HTTP requests. */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRivuletServer, type RivuletServerOptions } from './app.ts';

/** A started server and how to stop it. */
export interface Running {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0 and returns the port; close() cuts open connections. */
export async function listen(server: http.Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Starts the real companion server on a free port. */
export function startApp(opts: RivuletServerOptions): Promise<Running> {
  return listen(createRivuletServer(opts));
}

/** Starts a throwaway upstream site with the given handler. */
export function startUpstream(handler: http.RequestListener): Promise<Running> {
  return listen(http.createServer(handler));
}

/** What {@link rawRequest} resolves to. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as the API's error shape, when it is JSON. */
  error?: { code: string; message: string };
}

/**
 * Sends one request with exactly the given path and headers (Host defaults to 127.0.0.1:port;
 * pass `host: null`-like overrides through `headers`). Never follows redirects.
 */
export function rawRequest(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...opts.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const out: RawResponse = { status: res.statusCode ?? 0, headers: res.headers, body };
          if (String(res.headers['content-type']).startsWith('application/json')) {
            const parsed = JSON.parse(body.toString('utf8')) as { error?: RawResponse['error'] };
            out.error = parsed.error;
          }
          resolve(out);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** `/api/fetch?url=...` path for a target. */
export function fetchPath(target: string): string {
  return `/api/fetch?url=${encodeURIComponent(target)}`;
}

/**
 * POSTs a body in chunks and resolves with the answer as soon as it arrives, even while the body
 * is still being sent: `declaredLength` sets `Content-Length` (which may promise more than is
 * sent), otherwise the body goes chunked. The request is cut once the answer is in.
 */
export function postChunks(
  port: number,
  path: string,
  opts: { chunks: Buffer[]; declaredLength?: number; headers?: Record<string, string>; end?: boolean },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...opts.headers };
    if (opts.declaredLength !== undefined) headers['content-length'] = String(opts.declaredLength);
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const out: RawResponse = { status: res.statusCode ?? 0, headers: res.headers, body };
          if (String(res.headers['content-type']).startsWith('application/json'))
            out.error = (JSON.parse(body.toString('utf8')) as { error?: RawResponse['error'] }).error;
          req.destroy();
          resolve(out);
        });
      },
    );
    // A server that answers before the body is sent may close while we still write: not a failure.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    for (const c of opts.chunks) req.write(c);
    if (opts.end !== false) req.end();
  });
}

/** What {@link startRecordingUpstream} saw of one request. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * An upstream for the relay tests (`/api/sync`, `/api/send`): records each request with its
 * whole body in `seen`, then lets `answer` reply.
 */
export function startRecordingUpstream(
  seen: SeenRequest[],
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<Running> {
  return startUpstream((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      answer(req, res);
    });
  });
}

/** POSTs a relay envelope (JSON-encoded unless already a string) and resolves with the answer. */
export function postEnvelope(
  port: number,
  path: string,
  envelope: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const body = typeof envelope === 'string' ? envelope : JSON.stringify(envelope);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
