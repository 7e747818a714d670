import { QueryClient } from '@tanstack/react-query';

/**
 * The tab's query cache. Engine data only changes through engine events, which invalidate the
 * affected keys, so nothing goes stale by time or on window focus. Failures are not retried
 * here: `engineReady()` already waits for start-up, and the UI offers an explicit Retry.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
  },
});
