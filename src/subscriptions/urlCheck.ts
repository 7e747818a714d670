/**
 * Checks a feed address typed by hand: an absolute http(s) URL with a host. Returns the problem
 * in words, or null when the address is acceptable. Pure.
 */
export function checkFeedUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'Enter a full address, starting with http:// or https://';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'Only http:// and https:// addresses can be fetched.';
  if (!url.hostname) return 'The address has no host name.';
  if (url.username || url.password) return 'Addresses with a user name or password are not supported.';
  return null;
}
