/**
 * Tracking parameters out of article links. One pure function for the engine (item links at
 * ingest) and the reader (links shown, copied, opened or sent, and links inside article HTML),
 * so articles stored before cleaning existed get clean links at display without a migration.
 * The parameter list is data: trackingParams.ts.
 */
import { TRACKING_PARAMS } from './trackingParams';

const NAMES = new Set<string>();
const PREFIXES: string[] = [];
/** Host-scoped groups: host pattern → names and prefixes. */
const SCOPED: { host: string; names: Set<string>; prefixes: readonly string[] }[] = [];

for (const group of TRACKING_PARAMS) {
  const names = (group.names ?? []).map((n) => n.toLowerCase());
  const prefixes = (group.prefixes ?? []).map((p) => p.toLowerCase());
  if (group.hosts) {
    for (const host of group.hosts)
      SCOPED.push({ host: host.toLowerCase(), names: new Set(names), prefixes });
  } else {
    for (const n of names) NAMES.add(n);
    PREFIXES.push(...prefixes);
  }
}

const WEB_URL = /^https?:\/\//i;

// Second-level labels of country domains such as amazon.co.uk or amazon.com.au.
const SECOND_LEVEL = new Set(['co', 'com']);

/**
 * `amazon.*`: the label `amazon` right under a top-level domain (amazon.de) or under co./com.
 * and a country code (amazon.co.uk), with any subdomain; else the host or one of its subdomains.
 */
function hostMatches(host: string, pattern: string): boolean {
  if (pattern.endsWith('.*')) {
    const labels = host.split('.');
    const at = labels.lastIndexOf(pattern.slice(0, -2));
    if (at < 0) return false;
    const after = labels.length - at - 1;
    return after === 1 || (after === 2 && SECOND_LEVEL.has(labels[at + 1] ?? ''));
  }
  return host === pattern || host.endsWith(`.${pattern}`);
}

function paramName(part: string): string {
  const eq = part.indexOf('=');
  const raw = (eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

function matches(name: string, names: ReadonlySet<string>, prefixes: readonly string[]): boolean {
  if (names.has(name)) return true;
  for (const p of prefixes) if (name.startsWith(p)) return true;
  return false;
}

/**
 * `url` without its tracking query parameters (trackingParams.ts). Only listed names go; every
 * other byte stays as it was: the order, spelling and encoding of the kept parameters, repeats,
 * and the fragment. Once a parameter goes, empty `&&` pieces go too, and a `?` left with nothing
 * after it. Anything that is not an absolute
 * http(s) URL (relative, mailto:, malformed, not a string) is returned unchanged.
 * Cost: nothing for a URL without `?`; else one URL parse and one pass over the query.
 * Never throws.
 */
export function cleanUrl(url: string): string {
  if (typeof url !== 'string') return url;
  const q = url.indexOf('?');
  if (q < 0 || !WEB_URL.test(url)) return url;
  const hashAt = url.indexOf('#');
  if (hashAt >= 0 && hashAt < q) return url;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
  const scoped = SCOPED.filter((s) => hostMatches(host, s.host));
  const end = hashAt < 0 ? url.length : hashAt;
  const parts = url.slice(q + 1, end).split('&');
  let removed = false;
  const kept = parts.filter((part) => {
    if (part === '') return false;
    const name = paramName(part);
    const tracking = matches(name, NAMES, PREFIXES) || scoped.some((s) => matches(name, s.names, s.prefixes));
    removed ||= tracking;
    return !tracking;
  });
  if (!removed) return url;
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  return url.slice(0, q) + query + url.slice(end);
}
