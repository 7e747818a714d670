import { t } from '../i18n';
import { type AiEndpoint, requestFor } from './endpoint';
import { AiError, errorFromResponse } from './errors';
import { readChatStream } from './sse';

/** One chat message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Options of a chat call. */
export interface ChatOptions {
  signal?: AbortSignal;
  /** No progress for this long fails the call with `timeout`. Default 60 s. */
  idleMs?: number;
  temperature?: number;
}

type LiveEndpoint = Exclude<AiEndpoint, { kind: 'none' }>;

const notConfigured = () =>
  new AiError('not_configured', t('ai.errors.notConfigured'), t('ai.errors.addEndpoint'));

function networkError(ep: LiveEndpoint): AiError {
  if (ep.kind === 'personal' && !ep.relay) {
    return new AiError(
      'network',
      t('ai.errors.unreachable', { url: ep.baseUrl }),
      t('ai.errors.unreachableHint'),
    );
  }
  return new AiError('network', t('ai.errors.network'), t('ai.errors.networkHint'));
}

/**
 * Runs `fn` with a signal that aborts when `outer` does or when `touch()` is not called for
 * `idleMs`; an idle abort becomes AiError('timeout'), an outer abort stays an AbortError.
 */
async function withIdleTimeout<T>(
  outer: AbortSignal | undefined,
  idleMs: number,
  fn: (signal: AbortSignal, touch: () => void) => Promise<T>,
): Promise<T> {
  const ctl = new AbortController();
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      ctl.abort();
    }, idleMs);
  };
  const onAbort = () => ctl.abort(outer?.reason);
  if (outer?.aborted) ctl.abort(outer.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  touch();
  try {
    return await fn(ctl.signal, touch);
  } catch (err) {
    if (idle)
      throw new AiError(
        'timeout',
        t('ai.errors.idle', { seconds: Math.round(idleMs / 1000) }),
        t('ai.errors.idleHint'),
      );
    throw err;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

async function post(ep: LiveEndpoint, body: unknown, signal: AbortSignal): Promise<Response> {
  const { url, headers } = requestFor(ep, 'chat/completions');
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
      credentials: 'omit',
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw networkError(ep);
  }
  if (!res.ok)
    throw errorFromResponse(
      res.status,
      await res.text().catch(() => ''),
      res.headers.get('retry-after'),
      ep.kind === 'shared',
    );
  return res;
}

/**
 * Streams a chat completion (`stream: true`), calling `onText` with the text so far. Resolves
 * with the full text. Rejects with AiError (see errors.ts for kinds, `broken_stream` carries the
 * partial text) or, when `signal` aborts, with the AbortError. Cost: one HTTP request.
 */
export async function streamChat(
  ep: AiEndpoint,
  messages: ChatMessage[],
  onText: (text: string) => void,
  opts: ChatOptions = {},
): Promise<string> {
  if (ep.kind === 'none') throw notConfigured();
  return withIdleTimeout(opts.signal, opts.idleMs ?? 60_000, async (signal, touch) => {
    const res = await post(
      ep,
      { model: ep.model, messages, stream: true, temperature: opts.temperature ?? 0.3 },
      signal,
    );
    if (!res.body) throw new AiError('bad_response', t('ai.errors.emptyAnswer'), t('ai.errors.tryAgain'));
    touch();
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream')) {
      // Some servers ignore `stream: true` and answer in one piece.
      const text = await res.text();
      const content = completionText(text);
      onText(content);
      return content;
    }
    const { text } = await readChatStream(res.body, (t) => {
      touch();
      onText(t);
    });
    return text;
  });
}

function completionText(raw: string): string {
  let parsed: { choices?: { message?: { content?: unknown } }[] };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    throw new AiError('bad_response', t('ai.errors.notOpenAi'), t('ai.errors.notOpenAiHint'));
  }
  const content = parsed.choices?.[0]?.message?.content;
  if (typeof content !== 'string')
    throw new AiError('bad_response', t('ai.errors.noMessage'), t('ai.errors.noMessageHint'));
  return content;
}

/** One non-streamed chat completion; resolves with the message text. Failures as {@link streamChat}. */
export async function completeChat(
  ep: AiEndpoint,
  messages: ChatMessage[],
  opts: ChatOptions = {},
): Promise<string> {
  if (ep.kind === 'none') throw notConfigured();
  return withIdleTimeout(opts.signal, opts.idleMs ?? 60_000, async (signal) => {
    const res = await post(
      ep,
      { model: ep.model, messages, stream: false, temperature: opts.temperature ?? 0 },
      signal,
    );
    return completionText(await res.text());
  });
}

/**
 * `GET {endpoint}/models` → model ids, sorted. Rejects with AiError: `network` (unreachable or
 * CORS), `auth`, `bad_response` (answered, but not an OpenAI-style model list), others by status.
 */
export async function listModels(
  ep: AiEndpoint,
  opts: { signal?: AbortSignal; idleMs?: number } = {},
): Promise<string[]> {
  if (ep.kind === 'none') throw notConfigured();
  return withIdleTimeout(opts.signal, opts.idleMs ?? 15_000, async (signal) => {
    const { url, headers } = requestFor(ep, 'models');
    let res: Response;
    try {
      res = await fetch(url, { headers, signal, credentials: 'omit' });
    } catch (err) {
      if (signal.aborted) throw err;
      throw networkError(ep);
    }
    const text = await res.text();
    if (!res.ok)
      throw errorFromResponse(res.status, text, res.headers.get('retry-after'), ep.kind === 'shared');
    let parsed: { data?: { id?: unknown }[] };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = {};
    }
    if (!Array.isArray(parsed.data))
      throw new AiError('bad_response', t('ai.errors.noModelList'), t('ai.errors.noModelListHint'));
    return parsed.data
      .map((m) => m.id)
      .filter((id): id is string => typeof id === 'string')
      .sort();
  });
}
