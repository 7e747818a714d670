/**
 * Text → search terms. Deterministic and the same for documents and queries:
 * - case and accent folding: NFKD, drop Latin combining marks (U+0300–036F and friends), NFC
 *   again (so Hangul syllables and kana with dakuten recompose), lower-case, and a few letters
 *   NFKD leaves alone (ß→ss, ø→o, æ→ae, œ→oe, ł→l, đ/ð→d, þ→th, ı→i);
 * - words are runs of letters and digits; Latin-script words of one letter are dropped (noise),
 *   words longer than 40 characters are cut (base64 and URLs would bloat the dictionary);
 * - Chinese, Japanese and Korean runs become overlapping character bigrams (a lone character is
 *   its own term). Bigrams, not Intl.Segmenter: they need no dictionary, give the same terms in
 *   Node and every browser, and a query bigram matches wherever the two characters are adjacent;
 * - a minimal English stop list (the, and, of, …) is not indexed.
 */

// Nonspacing marks of Latin/Greek/Cyrillic accents (U+0300–036F and the extended blocks), not
// kana voicing marks (U+3099/309A), which would merge distinct Japanese words.
const NONSPACING = /\p{Mn}/gu;
const isAccentMark = (m: string): boolean => {
  const c = m.charCodeAt(0);
  return (
    (c >= 0x300 && c <= 0x36f) ||
    (c >= 0x1ab0 && c <= 0x1aff) ||
    (c >= 0x1dc0 && c <= 0x1dff) ||
    (c >= 0x20d0 && c <= 0x20ff) ||
    (c >= 0xfe20 && c <= 0xfe2f)
  );
};
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_RE = /[ßøæœłđðþı]/g;
const NON_ASCII = /[\u0080-\uffff]/;
const WORD = /[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;

/** Longest term kept, in UTF-16 units. */
export const MAX_TERM_LENGTH = 40;

const STOP = new Set(
  'a an and are as at be by for from in is it of on or that the this to was were with'.split(' '),
);

/** Whether a term is on the stop list (never indexed). */
export function isStopWord(term: string): boolean {
  return STOP.has(term);
}

/** Whether `piece` is part of a stop word (`ith` of `with`): the index has no term for those. */
export function insideStopWord(piece: string): boolean {
  for (const word of STOP) if (word.includes(piece)) return true;
  return false;
}

/** Case- and accent-folded text (see the module comment). Cost: linear; ASCII text skips Unicode normalisation. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(NONSPACING, (m) => (isAccentMark(m) ? '' : m))
    .normalize('NFC')
    .replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c);
}

// Per BMP code point, what `foldSafe` found: 0 not asked yet, 1 safe, 2 not (64 KiB, filled as
// characters are met); code points past the BMP in a map.
const safeBmp = new Uint8Array(0x10000);
const safeAstral = new Map<number, boolean>();
// Capitals too: NFKD runs after lower-casing, so `™` folds to `TM`.
const ASCII_ALNUM = /[A-Za-z0-9]/;
const MARK = /\p{M}/u;

function charFoldSafe(ch: string): boolean {
  if (MARK.test(ch)) return false;
  const folded = foldText(ch);
  return folded !== '' && !ASCII_ALNUM.test(folded);
}

/**
 * Whether folding cannot make or join ASCII letters and digits in `text`: every character outside
 * ASCII is not a mark and folds (alone) to something non-empty without an ASCII letter or digit
 * (`é` → `e`, `ß` → `ss`, full-width `ａ` → `a` and `™` → `TM` fail; CJK, emoji and most
 * punctuation pass). Then every run of ASCII letters and digits inside a term of `text` is in
 * `text.toLowerCase()` as it stands: ASCII characters fold to themselves, and between two of them
 * stays the non-empty, letter-less image of whatever stood there. (Composition in context only
 * turns an ASCII letter and a following mark into a non-ASCII letter: it can break runs, never
 * make them.) Cost: O(length); a table lookup per non-ASCII character after its first fold.
 */
export function foldSafe(text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) continue;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const cp = text.codePointAt(i) as number;
      if (cp > 0xffff) {
        i++;
        let ok = safeAstral.get(cp);
        if (ok === undefined) safeAstral.set(cp, (ok = charFoldSafe(String.fromCodePoint(cp))));
        if (!ok) return false;
        continue;
      }
    }
    let known = safeBmp[c] as number;
    if (known === 0) safeBmp[c] = known = charFoldSafe(String.fromCharCode(c)) ? 1 : 2;
    if (known === 2) return false;
  }
  return true;
}

/** Whether a (folded) term is made of CJK characters. */
export function isCjkTerm(term: string): boolean {
  return CJK.test(term);
}

/**
 * Calls `emit` for every term of `text` in order (stop words skipped). `text` must already be
 * folded when `folded` is true. Cost: one regex pass; no arrays per word for Latin text.
 */
export function forEachTerm(text: string, emit: (term: string) => void, folded = false): void {
  // Folding is per stretch of non-ASCII characters (below), so ASCII text is only lower-cased.
  const source = folded ? text : text.toLowerCase();
  // IMPORTANT: runs over every article at ingest. ASCII words are cut by a char-code loop;
  // a stretch holding non-ASCII characters goes through the Unicode regex.
  let start = -1;
  let unicode = false;
  const n = source.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? source.charCodeAt(i) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90)) {
      if (start < 0) start = i;
      continue;
    }
    if (c >= 128) {
      if (start < 0) start = i;
      unicode = true;
      continue;
    }
    if (start >= 0) {
      const chunk = source.slice(start, i);
      if (unicode) emitUnicode(chunk, emit);
      else emitWord(chunk, emit);
      start = -1;
      unicode = false;
    }
  }
}

// Terms of recently seen non-ASCII stretches: words repeat, and Unicode normalisation per
// word is the slow part of tokenising. Cleared when full (bounded memory).
const unicodeCache = new Map<string, string[]>();
const UNICODE_CACHE_SIZE = 20_000;

function emitUnicode(chunk: string, emit: (term: string) => void): void {
  let terms = unicodeCache.get(chunk);
  if (!terms) {
    const out: string[] = [];
    const push = (t: string) => void out.push(t);
    for (const word of foldText(chunk).match(WORD) ?? []) {
      if (!NON_ASCII.test(word)) {
        emitWord(word, push);
        continue;
      }
      for (const part of word.match(CJK_RUNS) ?? []) {
        if (CJK.test(part)) emitBigrams(part, push);
        else emitWord(part, push);
      }
    }
    if (unicodeCache.size >= UNICODE_CACHE_SIZE) unicodeCache.clear();
    unicodeCache.set(chunk, (terms = out));
  }
  for (const t of terms) emit(t);
}

function emitWord(word: string, emit: (term: string) => void): void {
  if (word.length === 1 && !(word >= '0' && word <= '9') && word < '\u0250') return;
  const term = word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH) : word;
  if (!STOP.has(term)) emit(term);
}

function emitBigrams(run: string, emit: (term: string) => void): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    emit(chars[0] as string);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) emit((chars[i] as string) + (chars[i + 1] as string));
}

/** The terms of `text` as an array (duplicates kept, in order). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  forEachTerm(text, (t) => out.push(t));
  return out;
}

/** One word of a search query: its terms, and whether the last of them may be a prefix. */
export interface QueryWord {
  /** Terms of the word (one for Latin words; bigrams for a CJK run). */
  terms: string[];
  /** True for the last word when the query does not end in a space. */
  prefix: boolean;
}

/**
 * Splits a search query into words the way documents are tokenised. The last word is a prefix
 * when the text does not end with whitespace; stop words are dropped except as that prefix
 * ("the" may be the start of "theory"). A single CJK character is always a prefix (it is
 * indexed only inside bigrams).
 */
export function queryWords(text: string): QueryWord[] {
  const folded = foldText(text);
  const trailingSpace = /\s$/.test(text);
  const raw: string[] = folded.match(WORD) ?? [];
  const words: QueryWord[] = [];
  raw.forEach((word, i) => {
    const last = i === raw.length - 1 && !trailingSpace;
    const parts = NON_ASCII.test(word) ? (word.match(CJK_RUNS) ?? []) : [word];
    parts.forEach((part, j) => {
      const lastPart = last && j === parts.length - 1;
      if (CJK.test(part)) {
        const chars = Array.from(part);
        if (chars.length === 1) words.push({ terms: [part], prefix: true });
        else words.push({ terms: tokenize(part), prefix: false });
        return;
      }
      const term = part.length > MAX_TERM_LENGTH ? part.slice(0, MAX_TERM_LENGTH) : part;
      if (lastPart) words.push({ terms: [term], prefix: true });
      else if (!STOP.has(term) && !(term.length === 1 && term < '0')) {
        if (term.length > 1 || (term >= '0' && term <= '9') || term >= '\u0250')
          words.push({ terms: [term], prefix: false });
      }
    });
  });
  return words;
}
