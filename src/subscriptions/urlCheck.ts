import { t } from '../i18n';

/**
 * Checks a feed address typed by hand: an absolute http(s) URL with a host. Returns the problem
 * in words (in the language in effect), or null when the address is acceptable.
 */
export function checkFeedUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return t('subscribe.url.notUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return t('subscribe.url.scheme');
  if (!url.hostname) return t('subscribe.url.noHost');
  if (url.username || url.password) return t('subscribe.url.credentials');
  return null;
}
