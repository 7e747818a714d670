import { t } from '../i18n';

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
 * Maps an HTTP failure of an AI endpoint to an AiError, worded in the language in effect (the
 * endpoint's own detail is quoted as it came). `shared`: the call went to this server's shared
 * endpoint (so a 401 is the server's key, not the user's).
 */
export function errorFromResponse(
  status: number,
  body: string,
  retryAfter: string | null,
  shared: boolean,
): AiError {
  const detail = upstreamMessage(body);
  const said = detail ? t('ai.errors.detail', { detail: detail.slice(0, 200) }) : '';
  if (status === 503 && body.includes('ai_not_configured'))
    return new AiError('not_configured', t('ai.errors.notConfigured'), t('ai.errors.addOwnEndpoint'));
  if (status === 401 || status === 403)
    return new AiError(
      'auth',
      t('ai.errors.keyRefused', { status: String(status), detail: said }),
      shared ? t('ai.errors.sharedKeyHint') : t('ai.errors.keyHint'),
      null,
      status,
    );
  if (status === 429) {
    const wait = parseRetryAfter(retryAfter);
    return new AiError(
      'rate_limit',
      t('ai.errors.tooMany', { detail: said }),
      wait !== null ? t('ai.errors.waitSeconds', { seconds: wait }) : t('ai.errors.waitLittle'),
      wait,
      status,
    );
  }
  if (status === 504)
    return new AiError(
      'timeout',
      t('ai.errors.tooSlow', { detail: said }),
      t('ai.errors.tryLater'),
      null,
      status,
    );
  if (status >= 500)
    return new AiError(
      'server',
      t('ai.errors.serverFailed', { status: String(status), detail: said }),
      t('ai.errors.tryMoment'),
      parseRetryAfter(retryAfter),
      status,
    );
  if (status === 404)
    return new AiError(
      'bad_response',
      t('ai.errors.noRoute', { detail: said }),
      t('ai.errors.noRouteHint'),
      null,
      status,
    );
  return new AiError(
    'bad_request',
    t('ai.errors.refused', { status: String(status), detail: said }),
    t('ai.errors.refusedHint'),
    null,
    status,
  );
}
