/** Reading-time estimate for the reader header. */

const WORDS_PER_MINUTE = 230;
const CJK_CHARS_PER_MINUTE = 400;
// Han, Hiragana, Katakana, Hangul: scripts read by character, not by space-separated word.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * Minutes to read `text` (plain text): words / 230, plus CJK characters / 400, rounded up,
 * at least 1. Linear in the text.
 */
export function readingMinutes(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text
    .replace(CJK, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE + cjk / CJK_CHARS_PER_MINUTE));
}
