import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AiLimits, type AiServerConfig, DEFAULT_AI_LIMITS } from './aiConfig.ts';
import { forwardAi } from './aiUpstream.ts';
import { readRequestBody } from './requestBody.ts';
import { ApiError, sendApiError } from './respond.ts';

/** Options of {@link createAiHandler}. */
export interface AiHandlerOptions {
  /** The shared endpoint, or null when this server has none (then only status and the relay answer). */
  config: AiServerConfig | null;
  limits?: Partial<AiLimits>;
}

const NOT_CONFIGURED = 'AI is not configured on this server: set RIVULET_AI_URL and RIVULET_AI_KEY';

// The relay reaches only these two OpenAI-compatible paths, so it can never be used as a
// general-purpose proxy to arbitrary URLs of the target host.
const RELAY_PATHS: Record<string, 'GET' | 'POST'> = { models: 'GET', 'chat/completions': 'POST' };

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function requireMethod(req: IncomingMessage, method: 'GET' | 'POST'): void {
  if (req.method !== method)
    throw new ApiError(405, 'method_not_allowed', `Use ${method} for this AI route.`);
}

/** Parses a chat request: a JSON object with a non-empty `messages` array. */
function parseChat(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ApiError(400, 'bad_request', 'The chat request is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(400, 'bad_request', 'The chat request must be a JSON object.');
  const chat = parsed as Record<string, unknown>;
  if (!Array.isArray(chat.messages) || chat.messages.length === 0)
    throw new ApiError(400, 'bad_request', 'The chat request needs a non-empty "messages" list.');
  return chat;
}

/** `X-Rivulet-Target` as an http(s) base URL without a trailing slash. */
function relayTarget(req: IncomingMessage): string {
  const raw = req.headers['x-rivulet-target'];
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new ApiError(400, 'bad_url', 'The relay needs an X-Rivulet-Target header with your API base URL.');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ApiError(400, 'bad_url', `"${raw.slice(0, 200)}" is not an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ApiError(
      400,
      'bad_scheme',
      `The relay only reaches http and https endpoints, not "${url.protocol}".`,
    );
  if (url.username || url.password)
    throw new ApiError(400, 'bad_url', 'Put the key in the API key setting, not in the URL.');
  return url.href.replace(/\/+$/, '');
}

/**
 * Builds the `/api/ai/*` handler (behind the same guard as every `/api` route):
 * - `GET /api/ai/status` → `{ configured, model }` (never the key).
 * - `GET /api/ai/models`, `POST /api/ai/chat/completions` → the shared endpoint with the server's
 *   key; the model is forced to the configured one unless the page asked for an allowed one.
 *   503 `ai_not_configured` when the server has no endpoint.
 * - `GET /api/ai/relay/models`, `POST /api/ai/relay/chat/completions` with `X-Rivulet-Target:
 *   <base url>` and the user's own `Authorization` → that endpoint (for endpoints without CORS).
 * Answers stream through unbuffered; see forwardAi for timeouts and failures.
 */
export function createAiHandler(opts: AiHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const limits: AiLimits = { ...DEFAULT_AI_LIMITS, ...opts.limits };
  const config = opts.config;

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/+$/, '');
    const sub = path.slice('/api/ai'.length).replace(/^\//, '');

    if (sub === 'status') {
      requireMethod(req, 'GET');
      sendJson(res, 200, { configured: config !== null, model: config?.model ?? null });
      return;
    }
    if (sub.startsWith('relay/')) {
      const rest = sub.slice('relay/'.length);
      const method = RELAY_PATHS[rest];
      if (!method) throw new ApiError(404, 'not_found', 'The relay only serves models and chat/completions.');
      requireMethod(req, method);
      const base = relayTarget(req);
      const body = method === 'POST' ? await readRequestBody(req, limits.maxRequestBytes) : undefined;
      if (body) parseChat(body);
      const auth = req.headers.authorization;
      await forwardAi(res, { method, target: new URL(`${base}/${rest}`), authorization: auth, body }, limits);
      return;
    }
    if (!config) throw new ApiError(503, 'ai_not_configured', NOT_CONFIGURED);
    if (sub !== 'models' && sub !== 'chat/completions')
      throw new ApiError(404, 'not_found', `No AI route at ${path}.`);
    const authorization = `Bearer ${config.key}`;
    if (sub === 'models') {
      requireMethod(req, 'GET');
      await forwardAi(res, { method: 'GET', target: new URL(`${config.url}/models`), authorization }, limits);
      return;
    }
    requireMethod(req, 'POST');
    const chat = parseChat(await readRequestBody(req, limits.maxRequestBytes));
    if (typeof chat.model !== 'string' || !config.allowedModels.includes(chat.model))
      chat.model = config.model;
    const body = Buffer.from(JSON.stringify(chat));
    await forwardAi(
      res,
      { method: 'POST', target: new URL(`${config.url}/chat/completions`), authorization, body },
      limits,
    );
  };

  return (req, res) => {
    route(req, res).catch((err: unknown) => {
      const apiErr = err instanceof ApiError ? err : new ApiError(500, 'internal', 'The AI route failed.');
      if (!(err instanceof ApiError)) console.error('rivulet: AI route failed:', err);
      sendApiError(res, apiErr);
    });
  };
}
