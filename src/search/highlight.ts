/** A run of text, marked when it matches a search word. */
export interface Mark {
  text: string;
  hit: boolean;
}

// Accents and case are folded for matching only; the shown text keeps its own spelling. As the
// search does (worker/search/tokenize.ts): only accents go, not kana voicing marks, and Hangul
// syllables are put back together after the decomposition.
const MARK = /\p{Mn}/gu;
const ACCENT_RANGES = [
  [0x300, 0x36f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
] as const;
const dropAccent = (m: string): string => {
  const c = m.charCodeAt(0);
  return ACCENT_RANGES.some(([lo, hi]) => c >= lo && c <= hi) ? '' : m;
};
function fold(s: string): string {
  return s.normalize('NFD').replace(MARK, dropAccent).normalize('NFC').toLowerCase();
}

// Chinese, Japanese and Korean: searched by pairs of adjacent characters (worker/search/tokenize.ts).
const CJK_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A piece of the query to find in a text: CJK pairs anywhere, other words at a word's start. */
interface Needle {
  text: string;
  wordStart: boolean;
}

/**
 * The query's pieces as the search matches them: words are runs of letters and digits (quotes
 * and other signs are not searched), a run of Chinese, Japanese or Korean characters is its
 * pairs of adjacent characters (a lone one itself), as such text has no spaces between words to
 * find whole words by; other words match at the start of a word, as in the search.
 */
function needles(query: string): Needle[] {
  const out = new Map<string, Needle>();
  for (const word of fold(query).match(WORD) ?? []) {
    for (const part of word.split(CJK_RUNS)) if (part) out.set(part, { text: part, wordStart: true });
    for (const run of word.match(CJK_RUNS) ?? []) {
      const chars = Array.from(run).filter((c) => CJK.test(c));
      if (chars.length === 1) out.set(chars[0]!, { text: chars[0]!, wordStart: false });
      for (let i = 0; i + 1 < chars.length; i++) {
        const pair = chars[i]! + chars[i + 1]!;
        out.set(pair, { text: pair, wordStart: false });
      }
    }
  }
  return [...out.values()].sort((a, b) => b.text.length - a.text.length);
}

/**
 * Splits `text` into runs, marking every place where one of the words of `query` occurs
 * (case- and accent-insensitive, longest word first; Latin words at a word's start, CJK text by
 * pairs of characters, see {@link needles}). Cheap: meant for titles and snippets, not bodies.
 * Folding must keep lengths for the offsets to line up; where it would not (rare ligatures),
 * the text comes back unmarked. The runs are plain text, for React to render as text nodes.
 */
export function highlight(text: string, query: string): Mark[] {
  if (!text) return [];
  const words = needles(query);
  if (words.length === 0) return [{ text, hit: false }];
  const folded = foldPerChar(text);
  if (folded === null) return [{ text, hit: false }];
  const hits = new Array<boolean>(text.length).fill(false);
  for (const w of words) {
    for (let i = folded.indexOf(w.text); i !== -1; i = folded.indexOf(w.text, i + 1)) {
      if (w.wordStart && i > 0 && WORD_CHAR.test(folded[i - 1]!)) continue;
      for (let k = i; k < i + w.text.length; k++) hits[k] = true;
    }
  }
  const out: Mark[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || hits[i] !== hits[start]) {
      out.push({ text: text.slice(start, i), hit: hits[start] ?? false });
      start = i;
    }
  }
  return out;
}

// Folds code unit by code unit so indexes match `text`; null when some unit changes length.
function foldPerChar(text: string): string | null {
  let out = '';
  for (const ch of text) {
    const f = fold(ch);
    if (f.length !== ch.length) {
      // A combining mark on its own folds to '' — keep a placeholder of the same length.
      if (f.length === 0) out += ' '.repeat(ch.length);
      else return null;
    } else out += f;
  }
  return out;
}
