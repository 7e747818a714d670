/**
 * Fetching an article page through the companion server for extraction. Content fetches name
 * their kind and the feed they came from, so the server can refuse private addresses unless the
 * feed itself lives on one (or the user allowed private networks).
 */
import { decodeBytes } from '../formats/decode';
import type { FetchImpl } from '../formats/fetcher';
import { contentFetchUrl } from '../../shared/contentFetchUrl';

/** Why a page could not be fetched. */
export type FetchFailure = 'private_address' | 'blocked' | 'http_error' | 'network' | 'not_html';

/** A fetched page, or why not. */
export type FetchedPage =
  | { ok: true; html: string; finalUrl: string }
  | { ok: false; reason: FetchFailure; httpStatus: number; message: string };

// Answers that mean "not for you": logins, paywalls, geo or bot blocks.
const BLOCKED = new Set([401, 402, 403, 451]);

/** Fetches one article page; never throws (every failure is a reason). */
export async function fetchArticlePage(
  fetchImpl: FetchImpl,
  url: string,
  feedUrl: string,
  opts: { allowPrivate: boolean; signal?: AbortSignal },
): Promise<FetchedPage> {
  let res: Response;
  try {
    res = await fetchImpl(contentFetchUrl(url, feedUrl, opts.allowPrivate), { signal: opts.signal });
  } catch (err) {
    return {
      ok: false,
      reason: 'network',
      httpStatus: 0,
      message: err instanceof Error ? err.message : String(err),
    };
  }
  if (res.status !== 200) {
    let code = '';
    let message = `HTTP ${res.status}`;
    try {
      const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code === 'string') code = body.error.code;
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      // Not JSON: the status says enough.
    }
    const reason: FetchFailure = code === 'private_address' ? 'private_address' : 'network';
    return { ok: false, reason, httpStatus: 0, message };
  }
  const status = Number(res.headers.get('X-Upstream-Status') ?? '200') || 200;
  const contentType = res.headers.get('X-Upstream-Content-Type') ?? '';
  if (status >= 400 || status < 200) {
    await res.body?.cancel().catch(() => undefined);
    return {
      ok: false,
      reason: BLOCKED.has(status) ? 'blocked' : 'http_error',
      httpStatus: status,
      message: `HTTP ${status}`,
    };
  }
  if (contentType && !/html|xml|text\/plain/i.test(contentType)) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'not_html', httpStatus: status, message: contentType };
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    ok: true,
    html: decodeBytes(bytes, contentType).text,
    finalUrl: res.headers.get('X-Final-Url') || url,
  };
}
