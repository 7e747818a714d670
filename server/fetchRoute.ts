import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import {
  addressKind,
  bareHost,
  describeAddressKind,
  isNonPublicHost,
  systemResolver,
  type AddressClassifier,
  type Resolver,
} from './privateNetworks.ts';
import { ApiError, allowMethod, proxyExchange, startUpstreamAnswer } from './respond.ts';
import { assertHttpScheme, fetchUpstream, type AddressCheck } from './upstream.ts';

/** Limits and network policy for {@link handleFetch}. */
export interface FetchRouteOptions {
  fetchTimeoutMs: number;
  maxBytes: number;
  /** RIVULET_ALLOW_PRIVATE_NETWORKS: content URLs may reach non-public addresses. */
  allowPrivateNetworks?: boolean;
  /** Name resolution for every fetch (tests map made-up names to local servers). */
  resolve?: Resolver;
  /** Which addresses are not public (tests may treat one loopback address as public). */
  classifyAddress?: AddressClassifier;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Parses `?url=`; throws `bad_url` / `bad_scheme` with a message people can act on. */
function targetFrom(req: IncomingMessage, query: URLSearchParams): URL {
  const raw = query.get('url');
  if (!raw)
    throw new ApiError(400, 'bad_url', 'Missing "url" parameter: pass the absolute address to fetch.');
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    throw new ApiError(400, 'bad_url', `"${raw.slice(0, 200)}" is not an absolute web address.`);
  }
  assertHttpScheme(target, 'The address');
  // Fetching our own API through the proxy would let a request re-enter past the guard.
  if (LOOPBACK.has(target.hostname) && Number(target.port || 80) === req.socket.localPort) {
    if (target.pathname.startsWith('/api'))
      throw new ApiError(403, 'forbidden', 'The proxy does not fetch its own API.');
  }
  return target;
}

/** What `?kind=content&feed=…&private=1` asked for. */
interface ContentRequest {
  /** The feed the URL came from, when given. */
  feed: URL | null;
  /** The user allowed private networks in the app's settings. */
  allowPrivate: boolean;
}

/** Null for a feed or user fetch (no `kind`), the content request otherwise; throws on bad input. */
function contentRequestFrom(query: URLSearchParams): ContentRequest | null {
  const kind = query.get('kind');
  if (kind === null || kind === '') return null;
  if (kind !== 'content') {
    throw new ApiError(
      400,
      'bad_request',
      `Unknown "kind" ${JSON.stringify(kind.slice(0, 40))}: use "content" or leave it out.`,
    );
  }
  const rawFeed = query.get('feed');
  let feed: URL | null = null;
  if (rawFeed) {
    try {
      feed = new URL(rawFeed);
    } catch {
      throw new ApiError(
        400,
        'bad_url',
        `The feed "${rawFeed.slice(0, 200)}" is not an absolute web address.`,
      );
    }
    assertHttpScheme(feed, 'The feed address');
  }
  return { feed, allowPrivate: query.get('private') === '1' };
}

/**
 * The refusal for a content URL (or a redirect hop of it) that reaches a non-public address,
 * naming the host, the address and why.
 */
function privateAddressCheck(classify: AddressClassifier): AddressCheck {
  return (address, url, hop) => {
    const kind = classify(address);
    if (kind === null) return null;
    const host = bareHost(url.hostname);
    const what = `${address}, ${describeAddressKind(kind)}`;
    let subject: string;
    if (isIP(host) !== 0)
      subject = hop > 0 ? `The page redirected to ${what}` : `${host} is ${describeAddressKind(kind)}`;
    else if (hop > 0) subject = `The page redirected to "${host}", which resolves to ${what}`;
    else subject = `"${host}" resolves to ${what}`;
    return new ApiError(
      403,
      'private_address',
      `${subject}; links from feed content may not reach private networks. If this feed is yours, allow it in Settings → General → "Let article links reach private networks".`,
    );
  };
}

/**
 * The address check for this fetch, or undefined for none: feed and user fetches are not
 * checked (people may subscribe to feeds on their own network); content URLs are, unless the
 * server or the user allowed private networks, or the feed itself lives on a non-public address
 * (its own links then point there too).
 */
async function addressCheckFor(
  content: ContentRequest | null,
  opts: FetchRouteOptions,
  resolve: Resolver,
  classify: AddressClassifier,
): Promise<AddressCheck | undefined> {
  if (!content || opts.allowPrivateNetworks || content.allowPrivate) return undefined;
  if (content.feed && (await feedIsNonPublic(content.feed, resolve, classify, opts.fetchTimeoutMs))) {
    return undefined;
  }
  return privateAddressCheck(classify);
}

/**
 * Whether the feed's host is non-public, giving up (as "public": no exception) when its name does
 * not resolve within the fetch's deadline, so a slow resolver cannot hold the request forever.
 */
async function feedIsNonPublic(
  feed: URL,
  resolve: Resolver,
  classify: AddressClassifier,
  deadlineMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), deadlineMs);
  });
  try {
    return await Promise.race([isNonPublicHost(feed.hostname, resolve, classify), giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** Copies an upstream header to an `X-Upstream-*` header when present and representable. */
function copyHeader(res: ServerResponse, name: string, value: string | string[] | undefined): void {
  const v = Array.isArray(value) ? value.join(', ') : value;
  if (v === undefined) return;
  try {
    res.setHeader(name, v);
  } catch {
    // A value node refuses to re-send (control characters) is dropped rather than failing the fetch.
  }
}

/**
 * `GET /api/fetch?url=<absolute http(s) url>[&kind=content&feed=<feed url>[&private=1]]`: fetches
 * a feed or page for the app; `kind=content` marks a URL taken from feed content, which is
 * refused (403 `private_address`) when it reaches a non-public address. Success (the
 * site answered, whatever its status) is 200 with the decompressed upstream bytes and
 * `X-Upstream-Status`, `X-Upstream-Content-Type`, `X-Upstream-ETag`, `X-Upstream-Last-Modified`,
 * `X-Upstream-Retry-After`, `X-Final-Url`, `X-Permanent-Redirect: 1`. Refusals and failures are
 * JSON errors (see ApiErrorCode). Buffers at most `maxBytes`; cancels upstream if the client leaves.
 */
export async function handleFetch(
  req: IncomingMessage,
  res: ServerResponse,
  opts: FetchRouteOptions,
): Promise<void> {
  if (!allowMethod(req.method, res, 'GET', '/api/fetch')) return;
  await proxyExchange(res, 'The proxy failed unexpectedly.', async (signal) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const target = targetFrom(req, query);
    const resolve = opts.resolve ?? systemResolver;
    const classify = opts.classifyAddress ?? addressKind;
    const checkAddress = await addressCheckFor(contentRequestFrom(query), opts, resolve, classify);
    const result = await fetchUpstream(target, {
      timeoutMs: opts.fetchTimeoutMs,
      maxBytes: opts.maxBytes,
      ifNoneMatch: firstHeader(req.headers['if-none-match']),
      ifModifiedSince: firstHeader(req.headers['if-modified-since']),
      signal,
      resolve: opts.resolve,
      checkAddress,
    });
    if (signal.aborted) return;
    startUpstreamAnswer(res, result.status, result.body.length);
    copyHeader(res, 'X-Upstream-Content-Type', result.headers['content-type']);
    copyHeader(res, 'X-Upstream-ETag', result.headers.etag);
    copyHeader(res, 'X-Upstream-Last-Modified', result.headers['last-modified']);
    copyHeader(res, 'X-Upstream-Retry-After', result.headers['retry-after']);
    res.setHeader('X-Final-Url', result.finalUrl);
    if (result.permanentRedirect) res.setHeader('X-Permanent-Redirect', '1');
    res.end(result.body);
  });
}
