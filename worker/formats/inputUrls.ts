/**
 * Typed input for the Subscribe box, as addresses: what discovery fetches and what subscribing
 * compares with the feeds already there (subscriptions/urlKey.ts). Apart from discovery.ts, which
 * loads on first use with its HTML parser and charset detector: the engine's start compiles only
 * this.
 */
import { EngineError } from '../errors';

/** Normalises typed input to candidate page URLs: as given, or https:// then http://. */
export function inputUrls(input: string): string[] {
  const s = input.trim();
  if (s === '') throw new EngineError('bad_url', 'Type a web address or a feed address');
  if (/^feed:/i.test(s)) return inputUrls(s.replace(/^feed:(?:\/\/)?/i, ''));
  const notAddress = () =>
    new EngineError(
      'bad_url',
      `This is not a web address: “${s.slice(0, 80)}”. Type a site such as example.com, or a feed’s address.`,
    );
  // A typed address has no whitespace (Chromium's URL parser escapes a space in a host instead
  // of refusing it, and a search phrase would then be fetched as a host name).
  if (/\s/.test(s)) throw notAddress();
  const parse = (href: string): URL => {
    try {
      return new URL(href);
    } catch {
      throw notAddress();
    }
  };
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(s)) {
    const u = parse(s);
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new EngineError('bad_scheme', `Only http and https addresses can be used, not ${u.protocol}`);
    if (!HOST.test(u.hostname)) throw notAddress();
    return [u.href];
  }
  const u = parse(`https://${s}`);
  // Without a scheme, a site: a dotted name, localhost or an IP address ("ht!tp://x" would
  // otherwise become a host named "ht!tp", and "news" a lookup of a host named news).
  const h = u.hostname;
  if (!HOST.test(h) || !(h.includes('.') || h === 'localhost' || h.startsWith('['))) throw notAddress();
  return [u.href, new URL(`http://${s}`).href];
}

// A host as URL leaves it: names (IDNs already in punycode), IPv4, or a bracketed IPv6.
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/i;
