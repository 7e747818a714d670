/**
 * A stand-in for the companion server's `/api/fetch`, for Node (the feed doctor CLI, tests):
 * fetches the upstream URL itself and answers in the proxy's shape, so `fetchFeed` works
 * unchanged. Not for browsers: `redirect: 'manual'` there yields opaque responses.
 */
import type { FetchImpl } from './fetcher';

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 20_000;

function proxyFailure(code: string, message: string, status = 502): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Builds a FetchImpl that serves `/api/fetch?url=…` requests by fetching upstream directly,
 * following up to 5 redirects (recording whether all were permanent) and passing conditional
 * headers through. `upstream` defaults to the global fetch. Failures become the proxy's JSON
 * error answers (`bad_url`, `bad_scheme`, `too_many_redirects`, `timeout`, `upstream_unreachable`).
 */
export function directFetch(upstream: FetchImpl = (i, init) => fetch(i, init)): FetchImpl {
  return async (input, init) => {
    const target = new URL(input, 'http://proxy.invalid').searchParams.get('url') ?? '';
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return proxyFailure('bad_url', `Not a valid URL: ${target}`, 400);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return proxyFailure(
        'bad_scheme',
        `Only http and https addresses can be fetched, not ${url.protocol}`,
        400,
      );
    }
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(TIMEOUT_MS)])
      : AbortSignal.timeout(TIMEOUT_MS);
    let permanent = true;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      let res: Response;
      try {
        res = await upstream(url.href, {
          headers: {
            ...(init?.headers as Record<string, string> | undefined),
            'User-Agent': 'Rivulet feed reader',
          },
          redirect: 'manual',
          signal,
        });
      } catch (err) {
        if (init?.signal?.aborted) throw err;
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        return timedOut
          ? proxyFailure('timeout', `${url.host} did not answer within ${TIMEOUT_MS / 1000} s`, 504)
          : proxyFailure(
              'upstream_unreachable',
              `Could not reach ${url.host}: ${err instanceof Error ? err.message : String(err)}`,
            );
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
        permanent &&= res.status === 301 || res.status === 308;
        url = new URL(location, url);
        continue;
      }
      const headers = new Headers({
        'X-Upstream-Status': String(res.status),
        'X-Upstream-Content-Type': res.headers.get('content-type') ?? '',
        'X-Upstream-ETag': res.headers.get('etag') ?? '',
        'X-Upstream-Last-Modified': res.headers.get('last-modified') ?? '',
        'X-Upstream-Retry-After': res.headers.get('retry-after') ?? '',
        'X-Final-Url': url.href,
      });
      if (hop > 0 && permanent) headers.set('X-Permanent-Redirect', '1');
      return new Response(await res.arrayBuffer(), { status: 200, headers });
    }
    return proxyFailure('too_many_redirects', `More than ${MAX_REDIRECTS} redirects from ${target}`);
  };
}
