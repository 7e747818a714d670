/**
 * Titles for posts that have none (Mastodon, micro.blog, many podcasts): made from the post's
 * own text when it is shown, never stored, so articles stored before this existed get one too
 * and the stored record stays what the feed sent (sync, export and `title` filters see the
 * feed's empty title).
 */

/** Longest derived title, in characters, ellipsis included. */
export const DERIVED_TITLE_MAX = 80;

// A sentence ends at . ! ? … followed by a space (or the end), or at CJK full stops, which need
// no space after them.
const SENTENCE_END = /[.!?…](?=\s|$)|[。！？]/u;

/**
 * A title from plain text: its first sentence when that fits in about 80 characters, else the
 * text cut at the last word boundary before 80 characters with '…' (a hard cut for text
 * without spaces, such as Chinese or Japanese). A trailing full stop is dropped (titles do not
 * end with one); '?' and '!' stay. '' for empty text. Linear in the first 80 characters.
 */
export function titleFromText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const end = SENTENCE_END.exec(clean.slice(0, DERIVED_TITLE_MAX + 1));
  if (end && end.index + 1 <= DERIVED_TITLE_MAX) {
    const sentence = clean.slice(0, end.index + 1).trim();
    return sentence.replace(/(?<!\.)[.。]$/u, '').trimEnd();
  }
  const plain = clean.replace(/…$/u, '');
  if (plain.length <= DERIVED_TITLE_MAX) return clean;
  const cut = plain.slice(0, DERIVED_TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DERIVED_TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/u, '')}…`;
}

/** The file name of a media URL without its extension ('episode-42' of …/episode-42.mp3), or ''. */
export function titleFromMediaUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(last)
      .replace(/\.[a-z0-9]{2,4}$/i, '')
      .replace(/[_+]+/g, ' ')
      .trim();
  } catch {
    return '';
  }
}

/**
 * The title to show for an item: the feed's own when it has one, else one made from its
 * plain text (the list snippet), else from its media file name. `derived` tells the UI to
 * show it as made up (not bold). '' only when the item has no text at all.
 */
export function displayTitle(
  title: string,
  text: string,
  mediaUrl?: string,
): { title: string; derived: boolean } {
  if (title) return { title, derived: false };
  const made = titleFromText(text) || titleFromMediaUrl(mediaUrl);
  return { title: made, derived: made !== '' };
}

/**
 * What a list row shows under a title made from `text`, so title and snippet read as the post
 * once instead of repeating its start: the text after the title's sentence, or after the cut
 * (led by '…') when the title was cut. Assumes `title` = titleFromText(text).
 */
export function snippetAfterTitle(text: string, title: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (title.endsWith('…')) {
    const head = title.slice(0, -1);
    return clean.startsWith(head) ? `…${clean.slice(head.length).trimStart()}` : clean;
  }
  if (!clean.startsWith(title)) return clean;
  // Skip the sentence's own end (the full stop the title dropped) and the space after it.
  return clean.slice(title.length).replace(/^[.。]?\s*/u, '');
}
