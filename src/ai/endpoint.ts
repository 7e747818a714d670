import type { IntegratedSettings } from '../settings/defaults';

/** Where AI calls go, decided from the settings and the server's `/api/ai/status`. */
export type AiEndpoint =
  /** The user's own endpoint, straight from the browser or through the relay. */
  | { kind: 'personal'; baseUrl: string; apiKey: string; model: string; relay: boolean }
  /** This server's shared endpoint; its key never reaches the page. */
  | { kind: 'shared'; model: string }
  | { kind: 'none' };

/** What `/api/ai/status` answers. */
export interface SharedStatus {
  configured: boolean;
  model: string | null;
}

/** Model of shared calls when the server does not say (the server forces its own anyway). */
export const SHARED_MODEL = 'deepseek-chat';

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  } catch {
    return false;
  }
}

/**
 * Picks the endpoint: the personal one when an API URL is set with a key (or without one for a
 * local server such as Ollama on localhost); else the shared one when the server says it is
 * configured; else none. Pure.
 */
export function resolveEndpoint(s: IntegratedSettings, shared: SharedStatus | null | undefined): AiEndpoint {
  const baseUrl = s.apiUrl.trim().replace(/\/+$/, '');
  const apiKey = s.apiKey.trim();
  if (baseUrl && (apiKey || isLoopback(baseUrl)))
    return {
      kind: 'personal',
      baseUrl,
      apiKey,
      model: s.selectedModel.trim() || 'gpt-4o-mini',
      relay: s.useRelay,
    };
  if (shared?.configured) return { kind: 'shared', model: shared.model ?? SHARED_MODEL };
  return { kind: 'none' };
}

/** URL and headers of one call (`models` or `chat/completions`) to an endpoint. */
export function requestFor(
  ep: Exclude<AiEndpoint, { kind: 'none' }>,
  path: 'models' | 'chat/completions',
): { url: string; headers: Record<string, string> } {
  if (ep.kind === 'shared') return { url: `/api/ai/${path}`, headers: {} };
  const headers: Record<string, string> = {};
  if (ep.apiKey) headers.Authorization = `Bearer ${ep.apiKey}`;
  if (ep.relay)
    return { url: `/api/ai/relay/${path}`, headers: { ...headers, 'X-Rivulet-Target': ep.baseUrl } };
  return { url: `${ep.baseUrl}/${path}`, headers };
}

/** A stable text naming the endpoint and model (part of cache keys and React keys). */
export function endpointLabel(ep: AiEndpoint): string {
  if (ep.kind === 'none') return 'none';
  return ep.kind === 'shared' ? `shared:${ep.model}` : `${ep.baseUrl}:${ep.model}`;
}
