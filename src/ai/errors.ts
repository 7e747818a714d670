/** Why an AI call failed, in the words the UI shows (reason + what to do). */
export type AiErrorKind =
  | 'not_configured'
  | 'auth'
  | 'rate_limit'
  | 'server'
  | 'network'
  | 'cors'
  | 'timeout'
  | 'bad_response'
  | 'broken_stream'
  | 'bad_request';

/** An AI failure with a reason people can read and a hint on what to do next. */
export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    readonly hint: string,
    /** Seconds to wait, from Retry-After (429/503), when the endpoint said. */
    readonly retryAfter: number | null = null,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

/** Parses Retry-After (seconds or an HTTP date) into whole seconds from `now`; null when absent or bad. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The endpoint's own error text from an OpenAI-style `{ error: { message } }` body, if any. */
function upstreamMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown; code?: unknown } | string };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // Not JSON: no detail to add.
  }
  return '';
}

/**
 * Maps an HTTP failure of an AI endpoint to an AiError. `shared`: the call went to this
 * server's shared endpoint (so a 401 is the server's key, not the user's).
 */
export function errorFromResponse(
  status: number,
  body: string,
  retryAfter: string | null,
  shared: boolean,
): AiError {
  const detail = upstreamMessage(body);
  const said = detail ? ` (${detail.slice(0, 200)})` : '';
  if (status === 503 && body.includes('ai_not_configured'))
    return new AiError(
      'not_configured',
      'AI is not configured.',
      'Add your own endpoint in Settings → Integrations.',
    );
  if (status === 401 || status === 403)
    return new AiError(
      'auth',
      `The API key was refused (HTTP ${status})${said}.`,
      shared
        ? 'The shared key on the Rivulet server is not valid: ask whoever runs it, or add your own key in Settings → Integrations.'
        : 'Check the API key in Settings → Integrations.',
      null,
      status,
    );
  if (status === 429) {
    const wait = parseRetryAfter(retryAfter);
    return new AiError(
      'rate_limit',
      `Too many requests (HTTP 429)${said}.`,
      wait !== null ? `Try again in ${wait} s.` : 'Wait a little, then try again.',
      wait,
      status,
    );
  }
  if (status === 504)
    return new AiError(
      'timeout',
      `The AI endpoint took too long to answer${said}.`,
      'Try again later.',
      null,
      status,
    );
  if (status >= 500)
    return new AiError(
      'server',
      `The AI service failed (HTTP ${status})${said}.`,
      'Try again in a moment.',
      parseRetryAfter(retryAfter),
      status,
    );
  if (status === 404)
    return new AiError(
      'bad_response',
      `The endpoint has no such route (HTTP 404)${said}.`,
      'Check the API URL: it should end in the API version, e.g. https://api.openai.com/v1.',
      null,
      status,
    );
  return new AiError(
    'bad_request',
    `The AI endpoint refused the request (HTTP ${status})${said}.`,
    'Check the model name and the API URL.',
    null,
    status,
  );
}
