import type { IncomingMessage } from 'node:http';
import { ApiError } from './respond.ts';
import { USER_AGENT } from './upstream.ts';

/** Options for {@link checkApiRequest}. */
export interface GuardOptions {
  /**
   * Set by Vite's dev server: the page may be opened as localhost and 127.0.0.1 interchangeably,
   * so any loopback Origin on the same port is accepted (still never a foreign host or port).
   */
  devOrigins?: boolean;
  /** Extra host names (no port) accepted in `Host`, e.g. a LAN name when bound to 0.0.0.0. */
  allowedHosts?: readonly string[];
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

interface HostPort {
  host: string;
  port: number;
}

/** Splits `name:port` / `[v6]:port`; a missing port means 80. Null when unparseable. */
function splitHost(value: string): HostPort | null {
  const v = value.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(v);
  if (!m?.[1]) return null;
  return { host: m[1], port: m[2] === undefined ? 80 : Number(m[2]) };
}

function refuse(message: string): ApiError {
  return new ApiError(403, 'forbidden', message);
}

/**
 * Decides whether an `/api/*` request comes from the app itself. The `Host` must name this
 * server (a loopback name or an allowed host) on the port the connection actually arrived on,
 * which defeats DNS rebinding; `Origin`, when sent, must be that same origin; `Sec-Fetch-Site`,
 * when sent, must be `same-origin` or `none`, which defeats cross-site pages. Returns null when
 * allowed, otherwise the 403 to send. Pure and cheap: string checks only.
 */
export function checkApiRequest(req: IncomingMessage, opts: GuardOptions = {}): ApiError | null {
  const localPort = req.socket.localPort;
  const hostHeader = req.headers.host;
  const host = hostHeader ? splitHost(hostHeader) : null;
  const allowed = [...LOOPBACK_HOSTS, ...(opts.allowedHosts ?? []).map((h) => h.toLowerCase())];
  if (!host || host.port !== localPort || !allowed.includes(host.host)) {
    return refuse('This server only answers the Rivulet app it serves (unexpected Host).');
  }

  const origin = req.headers.origin;
  if (origin !== undefined) {
    let parsed: URL | null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    const originHost = parsed?.protocol === 'http:' ? splitHost(parsed.host) : null;
    const sameOrigin = originHost !== null && originHost.host === host.host && originHost.port === host.port;
    const devLoopback =
      opts.devOrigins === true &&
      originHost !== null &&
      LOOPBACK_HOSTS.includes(originHost.host) &&
      originHost.port === host.port;
    if (!sameOrigin && !devLoopback) {
      return refuse('Requests from other sites are not allowed (foreign Origin).');
    }
  }

  // Our own proxy never has a reason to call our API: this stops /api/fetch from re-entering
  // itself through any name that resolves back here.
  if (req.headers['user-agent'] === USER_AGENT) {
    return refuse('The proxy does not fetch its own API.');
  }

  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return refuse('Requests from other sites are not allowed (Sec-Fetch-Site).');
  }
  return null;
}
