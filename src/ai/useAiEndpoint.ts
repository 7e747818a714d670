import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../queries/keys';
import { useSettingsGroup } from '../settings/useSettings';
import { type AiEndpoint, resolveEndpoint, type SharedStatus } from './endpoint';

/**
 * `/api/ai/status` of the companion server, cached for a minute. A server without the route
 * (an older build, a static host) or a failure counts as "not configured".
 */
export const aiStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.aiStatus,
    queryFn: async (): Promise<SharedStatus> => {
      try {
        const res = await fetch('/api/ai/status', { credentials: 'same-origin' });
        if (!res.ok) return { configured: false, model: null };
        const body = (await res.json()) as Partial<SharedStatus>;
        return {
          configured: body.configured === true,
          model: typeof body.model === 'string' ? body.model : null,
        };
      } catch {
        return { configured: false, model: null };
      }
    },
    staleTime: 60_000,
    retry: false,
  });

/** The AI endpoint to use now (re-evaluated when the settings or the server status change). */
export function useAiEndpoint(): { endpoint: AiEndpoint; pending: boolean } {
  const integrated = useSettingsGroup('integrated');
  const status = useQuery(aiStatusQuery());
  const endpoint = resolveEndpoint(integrated, status.data);
  return { endpoint, pending: endpoint.kind === 'none' && status.isPending };
}
