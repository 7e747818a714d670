/** The allowlist of embeddable players: the only iframes an article may keep. */

/**
 * Maps an iframe `src` to the URL the reader may embed, or null when the source is not an
 * allowed player. YouTube embeds are rewritten to the privacy-enhanced nocookie host; Vimeo's
 * player is kept. Only https, only the players' embed paths.
 */
export function embedSrc(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (
    (host === 'www.youtube.com' || host === 'youtube.com' || host === 'www.youtube-nocookie.com') &&
    /^\/embed\/[\w-]+\/?$/.test(url.pathname)
  ) {
    return `https://www.youtube-nocookie.com${url.pathname}${url.search}`;
  }
  if (host === 'player.vimeo.com' && /^\/video\/\d+\/?$/.test(url.pathname)) {
    return `https://player.vimeo.com${url.pathname}${url.search}`;
  }
  return null;
}
