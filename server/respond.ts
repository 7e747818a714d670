import type { ServerResponse } from 'node:http';

/** Every error code the companion server's API can answer with. */
export type ApiErrorCode =
  | 'bad_url'
  | 'bad_scheme'
  | 'forbidden'
  | 'private_address'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'upstream_unreachable'
  | 'method_not_allowed'
  | 'not_found'
  | 'ai_not_configured'
  | 'bad_request'
  | 'internal';

/** A refusal or failure that the API turns into `{ error: { code, message } }` with an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Writes the API's one error shape, `{ "error": { "code", "message" } }`, as JSON and ends the
 * response. Never throws; if headers were already sent it can only cut the connection.
 */
export function sendApiError(res: ServerResponse, err: ApiError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code: err.code, message: err.message } });
  res.writeHead(err.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

/** Answers 405 with `Allow` unless the request uses `method`; returns whether to go on. */
export function allowMethod(
  method: string | undefined,
  res: ServerResponse,
  allowed: string,
  route: string,
): boolean {
  if (method === allowed) return true;
  res.setHeader('Allow', allowed);
  sendApiError(res, new ApiError(405, 'method_not_allowed', `Use ${allowed} for ${route}.`));
  return false;
}

/**
 * Runs one proxied exchange with a signal that aborts when the client leaves (so the upstream
 * request is cancelled), and turns anything it throws into the API's JSON error — `fallback`
 * for errors that are not ApiErrors. Nothing is sent once the client is gone.
 */
export async function proxyExchange(
  res: ServerResponse,
  fallback: string,
  work: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const clientGone = new AbortController();
  const onClose = (): void => {
    if (!res.writableFinished) clientGone.abort();
  };
  res.on('close', onClose);
  try {
    await work(clientGone.signal);
  } catch (err) {
    if (clientGone.signal.aborted) return;
    sendApiError(res, err instanceof ApiError ? err : new ApiError(500, 'internal', fallback));
  } finally {
    res.off('close', onClose);
  }
}

/** The headers every upstream answer starts with: raw bytes, never cached, the site's status. */
export function startUpstreamAnswer(res: ServerResponse, upstreamStatus: number, length: number): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/octet-stream');
  res.setHeader('Content-Length', length);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Upstream-Status', String(upstreamStatus));
}
