/** Configuration of the shared AI endpoint (`/api/ai/*`), read from the environment. */

/** The shared OpenAI-compatible endpoint the companion server calls with its own key. */
export interface AiServerConfig {
  /** Base URL, e.g. `https://api.deepseek.com/v1` (no trailing slash needed). */
  url: string;
  /** The key; stays in this process, never sent to the page. */
  key: string;
  /** The one model shared calls use. */
  model: string;
  /** Other models the page may ask for (e.g. `RIVULET_AI_MODELS=a,b`); the default model always counts. */
  allowedModels: readonly string[];
}

/** Limits of the AI routes (tests shorten them). */
export interface AiLimits {
  /** Until the upstream TCP/TLS connection is up. */
  connectTimeoutMs: number;
  /** No byte from upstream (headers or stream) for this long cuts the call. */
  idleTimeoutMs: number;
  /** Largest request body the page may send. */
  maxRequestBytes: number;
  /** Largest upstream answer relayed (a runaway stream is cut). */
  maxResponseBytes: number;
}

export const DEFAULT_AI_MODEL = 'deepseek-chat';

export const DEFAULT_AI_LIMITS: AiLimits = {
  connectTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
  // An article trimmed to the token budget is far below this; anything bigger is a mistake.
  maxRequestBytes: 1024 * 1024,
  maxResponseBytes: 8 * 1024 * 1024,
};

/**
 * Reads `RIVULET_AI_URL`, `RIVULET_AI_KEY`, `RIVULET_AI_MODEL` (default `deepseek-chat`) and
 * `RIVULET_AI_MODELS` (comma-separated extra models). Null unless both URL and key are set and
 * the URL is http(s); a malformed URL is reported once on stderr and treated as unset.
 */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AiServerConfig | null {
  const url = env.RIVULET_AI_URL?.trim() ?? '';
  const key = env.RIVULET_AI_KEY?.trim() ?? '';
  if (!url || !key) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    console.error(`rivulet: RIVULET_AI_URL "${url}" is not an absolute URL; AI stays off.`);
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    console.error(`rivulet: RIVULET_AI_URL must be http or https; AI stays off.`);
    return null;
  }
  const model = env.RIVULET_AI_MODEL?.trim() || DEFAULT_AI_MODEL;
  const extra = (env.RIVULET_AI_MODELS ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return { url: url.replace(/\/+$/, ''), key, model, allowedModels: [model, ...extra] };
}
