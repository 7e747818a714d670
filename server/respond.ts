import type { ServerResponse } from 'node:http';

/** Every error code the companion server's API can answer with. */
export type ApiErrorCode =
  | 'bad_url'
  | 'bad_scheme'
  | 'forbidden'
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
