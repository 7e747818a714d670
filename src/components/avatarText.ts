const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const MEANINGFUL = /[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/**
 * The character shown in a name's avatar: the first letter, digit or emoji (a whole grapheme,
 * so flags and family emoji stay intact), upper-cased; leading quotes and brackets are skipped.
 * Empty or blank names give '?'.
 */
export function avatarLetter(name: string): string {
  let first: string | null = null;
  for (const { segment } of segmenter.segment(name.trim())) {
    first ??= segment;
    if (MEANINGFUL.test(segment)) return segment.toLocaleUpperCase();
  }
  return first ? first.toLocaleUpperCase() : '?';
}

/** FNV-1a over UTF-16 code units: stable across sessions and machines. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A deterministic background colour for a name: a hue picked by hash, with saturation and
 * lightness fixed so white text stays readable on every hue.
 */
export function avatarColor(name: string): string {
  return `hsl(${hash(name.trim().toLowerCase()) % 360} 52% 42%)`;
}
