/**
 * Feed URLs of well-known sites, derived from the page URL alone (no fetch).
 */

export interface Candidate {
  url: string;
  title: string;
  format: 'rss' | 'atom' | 'json' | 'unknown';
  source: 'direct' | 'link' | 'probe' | 'pattern';
  /**
   * The language of `title` (BCP 47) when known: the feed's own for a feed that was read, the
   * page's `<html lang>` for a link the page names. Absent when unknown.
   */
  language?: string;
}

const pattern = (url: string, title: string, format: Candidate['format']): Candidate => ({
  url,
  title,
  format,
  source: 'pattern',
});

/** YouTube channel feed for a channel id (UC…). */
export function youtubeChannelFeed(channelId: string): Candidate {
  return pattern(
    `https://www.youtube.com/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`,
    'YouTube channel',
    'atom',
  );
}

/**
 * Returns the feeds a known site publishes for `url`, or [] when the URL is not one of them
 * (or, like a YouTube @handle, needs the page to be read). Pure, O(1).
 */
export function sitePatternCandidates(url: URL): Candidate[] {
  const host = url.hostname.toLowerCase().replace(/^(?:www|m|old)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  const [a = '', b = ''] = parts;

  if (host === 'youtube.com') {
    if (a === 'channel' && /^UC[\w-]{10,}$/.test(b)) return [youtubeChannelFeed(b)];
    if (a === 'user' && b)
      return [
        pattern(
          `https://www.youtube.com/feeds/videos.xml?user=${encodeURIComponent(b)}`,
          `YouTube: ${b}`,
          'atom',
        ),
      ];
    const list = url.searchParams.get('list');
    if (a === 'playlist' && list)
      return [
        pattern(
          `https://www.youtube.com/feeds/videos.xml?playlist_id=${encodeURIComponent(list)}`,
          'YouTube playlist',
          'atom',
        ),
      ];
    return [];
  }
  if (host === 'github.com' && a && b && !['orgs', 'settings', 'features', 'topics'].includes(a)) {
    const repo = `https://github.com/${a}/${b.replace(/\.git$/, '')}`;
    return [
      pattern(`${repo}/releases.atom`, `${a}/${b} releases`, 'atom'),
      pattern(`${repo}/commits.atom`, `${a}/${b} commits`, 'atom'),
      pattern(`${repo}/tags.atom`, `${a}/${b} tags`, 'atom'),
    ];
  }
  if (host === 'github.com' && a && !b)
    return [pattern(`https://github.com/${a}.atom`, `${a} activity`, 'atom')];
  if (host === 'reddit.com') {
    if (a === 'r' && b) return [pattern(`https://www.reddit.com/r/${b}/.rss`, `r/${b}`, 'atom')];
    if ((a === 'user' || a === 'u') && b)
      return [pattern(`https://www.reddit.com/user/${b}/.rss`, `u/${b}`, 'atom')];
    return [];
  }
  if (host === 'medium.com') {
    if (a === 'feed') return [];
    if (a.startsWith('@')) return [pattern(`https://medium.com/feed/${a}`, `${a} on Medium`, 'rss')];
    if (a && !['tag', 'search', 'm', 'p'].includes(a))
      return [pattern(`https://medium.com/feed/${a}`, `${a} on Medium`, 'rss')];
    return [];
  }
  if (host.endsWith('.medium.com')) return [pattern(`https://${host}/feed`, host, 'rss')];
  if (host.endsWith('.substack.com'))
    return [pattern(`https://${host}/feed`, host.replace(/\.substack\.com$/, ''), 'rss')];
  // Mastodon and other ActivityPub servers: https://host/@user → https://host/@user.rss
  if (/^@[\w.-]+$/.test(a) && !b && host !== 'youtube.com') {
    return [pattern(`${url.origin}/${a}.rss`, `${a}@${url.hostname}`, 'rss')];
  }
  return [];
}
