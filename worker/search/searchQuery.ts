/**
 * The search box's syntax: words and "quoted phrases".
 * - Every word must match (AND); only the last word, while it is being typed (no space after
 *   it), also matches as a prefix.
 * - A phrase in double quotes (straight, typographic or full-width) must appear as written (case, accents and punctuation between its
 *   words ignored). The index has no word positions, so a phrase's words select candidates like
 *   plain words and each candidate's title, author and text are then checked for the phrase.
 *   A quote left open while typing is a phrase whose last word is a prefix.
 */
import { foldText, isCjkTerm, queryWords, type QueryWord } from './tokenize';

/** One phrase, normalised (folded, words joined by one space). */
export interface Phrase {
  text: string;
  /** Quote not closed yet: the last word may be a prefix. */
  open: boolean;
}

/** A parsed search: the words (index groups, AND) and the phrases to verify. */
export interface ParsedSearch {
  words: QueryWord[];
  phrases: Phrase[];
}

const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Folded text with every run of non-letters and non-digits as one space, trimmed. */
export function phraseText(text: string): string {
  return foldText(text).replace(NOT_WORD, ' ').trim();
}

/** Splits `text` into plain words and quoted phrases (see the module comment). Linear. */
export function parseSearch(text: string): ParsedSearch {
  const plain: string[] = [];
  const phrases: Phrase[] = [];
  const words: QueryWord[] = [];
  // Typographic and full-width quotes (“…”, „…“, ＂…＂) count as straight ones.
  const parts = text.replace(/[“”„＂]/g, '"').split('"');
  // Odd parts are inside quotes; an odd number of quotes leaves the last part open.
  const open = parts.length % 2 === 0;
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      plain.push(part);
      return;
    }
    const last = i === parts.length - 1;
    const phrase = phraseText(part);
    if (!phrase) return;
    phrases.push({ text: phrase, open: last && open && !/\s$/.test(part) });
    // The phrase's words select candidates; only an open phrase's last word is a prefix.
    words.push(...queryWords(last && open ? part : `${part} `));
  });
  // Plain words end the query (prefix on the last one) only when the text does not end inside
  // or right after a phrase.
  const endsPlain = parts.length % 2 === 1 && (parts.length === 1 || !/^\s*$/.test(parts.at(-1) ?? ''));
  words.unshift(...queryWords(endsPlain ? plain.join(' ') : `${plain.join(' ')} `));
  return { words, phrases };
}

/**
 * Whether `field` (any text: a title, an author, a description's plain text) contains the
 * phrase. Word boundaries count except next to Chinese, Japanese or Korean characters (those
 * are written without spaces); an open phrase may end inside a word. Cost: one fold of `field`.
 */
export function hasPhrase(field: string, phrase: Phrase): boolean {
  if (!field) return false;
  const hay = ` ${phraseText(field)} `;
  const first = phrase.text[0] ?? '';
  const last = phrase.text.at(-1) ?? '';
  const before = isCjkTerm(first) ? '' : ' ';
  const after = phrase.open || isCjkTerm(last) ? '' : ' ';
  return hay.includes(`${before}${phrase.text}${after}`);
}

/** One word group as the title check sees it: a term and whether it may be a prefix. */
export interface TitleTerm {
  term: string;
  prefix: boolean;
}

/** The terms of `words` in the order scoring uses them (one per index group). */
export function titleTerms(words: QueryWord[]): TitleTerm[] {
  const out: TitleTerm[] = [];
  for (const w of words)
    w.terms.forEach((term, i) => out.push({ term, prefix: w.prefix && i === w.terms.length - 1 }));
  return out;
}

// Whether the character at `i` of folded text is part of a word (letter or digit); ASCII by
// char code, anything else by the Unicode classes the tokenizer uses.
function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  return WORD_CHAR.test(text[i] as string);
}

// Whether folded `text` holds `t` as a whole word (as a word start for a prefix term). A CJK term
// is a character pair, found wherever the two characters are adjacent.
function holdsTerm(text: string, t: TitleTerm): boolean {
  const cjk = isCjkTerm(t.term);
  for (let at = text.indexOf(t.term); at >= 0; at = text.indexOf(t.term, at + 1)) {
    if (cjk) return true;
    if (isWordChar(text, at - 1)) continue;
    if (t.prefix || !isWordChar(text, at + t.term.length)) return true;
  }
  return false;
}

/**
 * Whether `title` holds every one of `terms` (a prefix term: a title word starting with it).
 * Runs once per search match, so it allocates nothing for ASCII titles: one fold (a lower-case
 * pass, or Unicode folding for non-ASCII titles) and a substring search per term with word
 * boundaries checked around each hit.
 */
export function titleHoldsAll(title: string, terms: TitleTerm[]): boolean {
  if (!title || terms.length === 0) return false;
  const folded = foldText(title);
  for (const t of terms) if (!holdsTerm(folded, t)) return false;
  return true;
}
