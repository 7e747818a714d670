import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareHost, systemResolver, type Resolver } from './privateNetworks.ts';
import { ApiError } from './respond.ts';
import { readUpstreamBody } from './upstreamBody.ts';

/** What the proxy learned from the site: the last response in the redirect chain. */
export interface UpstreamResult {
  status: number;
  headers: IncomingHttpHeaders;
  /** Decompressed body bytes, at most `maxBytes`. */
  body: Buffer;
  /** The URL that produced this response, after redirects. */
  finalUrl: string;
  /** True when at least one redirect was followed and every hop was 301 or 308. */
  permanentRedirect: boolean;
}

/** Options for {@link fetchUpstream}. */
export interface UpstreamOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Forwarded verbatim to every hop (conditional GET). */
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** Aborts the fetch early, e.g. when the browser went away. */
  signal?: AbortSignal;
  /** Resolves host names for the connections (default: the operating system's resolver). */
  resolve?: Resolver;
  /**
   * Vets every address a hop would connect to: each address a name resolves to (before
   * connecting, and the connection uses exactly the vetted address, so a second DNS answer
   * cannot slip in), an IP literal in the URL, and the address actually connected. A returned
   * ApiError refuses the fetch; `hop` is 0 for the first request, then 1, 2, … per redirect.
   */
  checkAddress?: AddressCheck;
}

/** See {@link UpstreamOptions.checkAddress}: null allows the address. */
export type AddressCheck = (address: string, url: URL, hop: number) => ApiError | null;

export const MAX_REDIRECTS = 5;
export const USER_AGENT = 'Rivulet/0.1 (+feed reader)';
const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml, ' +
  'application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.7, */*;q=0.5';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Throws `bad_scheme` unless the URL is http(s). */
export function assertHttpScheme(url: URL, what: string): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError(
      400,
      'bad_scheme',
      `${what} uses "${url.protocol}", but only http and https can be fetched.`,
    );
  }
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  // The common causes in words a reader can act on, the system's code after them for whoever
  // looks further.
  const words = code ? NETWORK_WORDS[code] : undefined;
  if (words) return `${words} (${code})`;
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return `its security certificate is not valid (${code})`;
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
}

const NETWORK_WORDS: Record<string, string> = {
  ENOTFOUND: 'no site has that name; check the address for typos',
  EAI_AGAIN: 'the name could not be looked up just now; check the connection',
  ECONNREFUSED: 'the site refused the connection',
  ECONNRESET: 'the connection was cut',
  EHOSTUNREACH: 'the site’s network cannot be reached',
  ENETUNREACH: 'the network cannot be reached; check the connection',
};

/**
 * A `lookup` for http.get that resolves with `resolve` and refuses (as the connection's error)
 * when any address of the name fails `check` — a name with one public and one private address
 * is refused too, since either could be the one connected.
 */
function vettedLookup(
  resolve: Resolver,
  check: ((address: string) => ApiError | null) | undefined,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = wanted ? found.filter((a) => a.family === wanted) : found;
        for (const a of addresses) {
          const refusal = check?.(a.address);
          if (refusal) return callback(refusal, '', 0);
        }
        const first = addresses[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          err.code = 'ENOTFOUND';
          return callback(err, '', 0);
        }
        if (options.all) return callback(null, addresses);
        return callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** One GET without following redirects; resolves when the response headers arrive. */
function requestOnce(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  lookup: LookupFunction | undefined,
): Promise<IncomingMessage> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // agent: false — one connection per fetch; feeds rarely share hosts within a refresh and
    // pooled sockets would outlive shutdown.
    const req = lib.get(url, { headers, signal, agent: false, ...(lookup ? { lookup } : {}) }, resolve);
    req.on('error', reject);
  });
}

/**
 * Fetches `target` the way a feed reader should: GET with our User-Agent, Accept and
 * Accept-Encoding, the caller's conditional headers, redirects followed by hand (at most 5,
 * each hop re-checked for scheme, loops refused), and one total deadline that covers DNS,
 * connecting, every hop and a stalled body. Any HTTP status from the site counts as success.
 * Memory is bounded by `maxBytes` of decompressed body. With `checkAddress`, every hop's
 * addresses are vetted (see UpstreamOptions). Throws ApiError: `bad_scheme`,
 * `too_many_redirects`, `timeout`, `too_large`, `upstream_unreachable`, or what `checkAddress`
 * returned.
 */
export async function fetchUpstream(target: URL, opts: UpstreamOptions): Promise<UpstreamResult> {
  assertHttpScheme(target, 'The address');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onOuterAbort = (): void => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const headers: Record<string, string> = {
    'User-Agent': USER_AGENT,
    Accept: ACCEPT,
    'Accept-Encoding': 'gzip, deflate, br',
  };
  if (opts.ifNoneMatch) headers['If-None-Match'] = opts.ifNoneMatch;
  if (opts.ifModifiedSince) headers['If-Modified-Since'] = opts.ifModifiedSince;

  const failure = (err: unknown): unknown => {
    if (timedOut) {
      return new ApiError(
        504,
        'timeout',
        `The site did not answer completely within ${seconds(opts.timeoutMs)}.`,
      );
    }
    if (err instanceof ApiError) return err;
    if (controller.signal.aborted)
      return new ApiError(502, 'upstream_unreachable', 'The request was cancelled.');
    return new ApiError(
      502,
      'upstream_unreachable',
      `Could not reach the site: ${describeNetworkError(err)}`,
    );
  };

  try {
    let url = target;
    const seen = new Set<string>([url.href]);
    let permanent = true;
    for (let hops = 0; ; hops++) {
      const hopUrl = url;
      const check = opts.checkAddress
        ? (address: string) => opts.checkAddress?.(address, hopUrl, hops) ?? null
        : undefined;
      // An IP literal is connected to without any lookup, so it is vetted here.
      const literal = bareHost(url.hostname);
      const literalRefusal = isIP(literal) !== 0 ? check?.(literal) : null;
      if (literalRefusal) throw literalRefusal;
      const lookup = opts.resolve || check ? vettedLookup(opts.resolve ?? systemResolver, check) : undefined;
      const res = await requestOnce(url, headers, controller.signal, lookup);
      // The address actually connected, in case any path reached the socket without the lookup.
      const connected = res.socket.remoteAddress;
      const connectedRefusal = connected ? check?.(connected) : null;
      if (connectedRefusal) {
        res.destroy();
        throw connectedRefusal;
      }
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (!REDIRECT_STATUSES.has(status) || !location) {
        const body = await readUpstreamBody(res, opts.maxBytes, controller.signal);
        return {
          status,
          headers: res.headers,
          body,
          finalUrl: url.href,
          permanentRedirect: hops > 0 && permanent,
        };
      }
      res.destroy(); // redirect bodies are never needed
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ApiError(
          502,
          'upstream_unreachable',
          `The site redirected to an invalid address: ${location}`,
        );
      }
      assertHttpScheme(next, 'A redirect');
      if (seen.has(next.href)) {
        throw new ApiError(508, 'too_many_redirects', `The site redirects in a loop (back to ${next.href}).`);
      }
      if (hops + 1 > MAX_REDIRECTS) {
        throw new ApiError(
          508,
          'too_many_redirects',
          `The site redirected more than ${MAX_REDIRECTS} times.`,
        );
      }
      seen.add(next.href);
      permanent &&= status === 301 || status === 308;
      url = next;
    }
  } catch (err) {
    throw failure(err);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    controller.abort(); // releases any socket still open (no-op after success)
  }
}
