import { t } from '../i18n';
import { listModels } from './chat';
import type { AiEndpoint } from './endpoint';
import { AiError } from './errors';

/** Outcome of "Test connection". */
export type ConnectionResult = { ok: true; models: string[] } | { ok: false; error: AiError };

/**
 * `GET {apiUrl}/models` on the configured endpoint. When a direct call fails at the network
 * level, asks the companion server's relay too: if the relay gets through, the endpoint is up
 * but refuses web pages, so the failure is reported as CORS with the relay as the fix.
 */
export async function testConnection(ep: AiEndpoint, signal?: AbortSignal): Promise<ConnectionResult> {
  try {
    return { ok: true, models: await listModels(ep, { signal }) };
  } catch (err) {
    if (!(err instanceof AiError)) throw err;
    if (err.kind === 'network' && ep.kind === 'personal' && !ep.relay) {
      const viaRelay = await listModels({ ...ep, relay: true }, { signal }).then(
        () => true,
        (e: unknown) => e instanceof AiError && e.kind !== 'network',
      );
      if (viaRelay)
        return {
          ok: false,
          error: new AiError('cors', t('ai.errors.cors', { url: ep.baseUrl }), t('ai.errors.corsHint')),
        };
    }
    return { ok: false, error: err };
  }
}
