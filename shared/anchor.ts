/**
 * Text anchoring for highlights: a W3C Web Annotation TextQuoteSelector (exact text with ~32
 * characters of prefix and suffix) plus a TextPositionSelector hint (start/end offsets) over an
 * article's plain text as rendered. Pure string work, no DOM: the reader maps offsets to DOM
 * ranges itself (src/reader/highlights/dom.ts).
 *
 * Re-attaching (`locate`) tries, in order:
 * 1. the position hint, accepted only when the text there is exactly `exact`;
 * 2. every occurrence of `exact` in the whitespace-normalised text, scored by how much of the
 *    prefix and suffix still stand beside it (a duplicated passage is told apart by its
 *    surroundings), ties broken by nearness to the hint;
 * 3. the same search case- and width-folded (NFKC, lower case), for a re-sanitised or re-typeset
 *    article.
 * Nothing found → `null`: the caller keeps the highlight as orphaned.
 *
 * Hand-written rather than a fuzzy-match library (approx-string-match, diff-match-patch): quote
 * matching after whitespace/case normalisation with context scoring is ~100 lines and covers the
 * changes feeds actually make (re-sanitising, full text replacing a summary, edited
 * surroundings); an edit inside the highlighted words themselves orphans it, which is honest.
 */

/** W3C TextQuoteSelector. */
export interface TextQuote {
  exact: string;
  prefix: string;
  suffix: string;
}

/** W3C TextPositionSelector: offsets into the plain text, `end` exclusive. */
export interface TextPosition {
  start: number;
  end: number;
}

/** What a highlight stores to find its place again. */
export interface TextAnchor {
  quote: TextQuote;
  position: TextPosition;
}

/** Characters of context kept on each side. */
export const CONTEXT_CHARS = 32;

/** The anchor of `text.slice(start, end)`. */
export function describe(text: string, start: number, end: number, context = CONTEXT_CHARS): TextAnchor {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  return {
    quote: {
      exact: text.slice(s, e),
      prefix: text.slice(Math.max(0, s - context), s),
      suffix: text.slice(e, e + context),
    },
    position: { start: s, end: e },
  };
}

/** A normalised copy of a text with, for each of its characters, the offset it came from. */
interface Folded {
  text: string;
  /** `map[i]` = offset in the original of folded char i; `map[text.length]` = original length. */
  map: number[];
}

const SPACE = /\s/;

/** Collapses whitespace runs to one space; with `loose`, also NFKC + lower case per character. */
function fold(text: string, loose: boolean): Folded {
  let out = '';
  const map: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (SPACE.test(ch)) {
      if (!inSpace) {
        out += ' ';
        map.push(i);
      }
      inSpace = true;
      continue;
    }
    inSpace = false;
    // Zero-width characters come and go with sanitisers: drop them.
    if (ch === '\u200b' || ch === '\u200c' || ch === '\u200d' || ch === '\ufeff') continue;
    const f = loose ? ch.normalize('NFKC').toLowerCase() : ch;
    for (let k = 0; k < f.length; k++) {
      out += f[k];
      map.push(i);
    }
  }
  map.push(text.length);
  return { text: out, map };
}

const foldString = (s: string, loose: boolean) => fold(s, loose).text;

/** Length of the common suffix of `a` and `b`. */
function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** Length of the common prefix of `a` and `b`. */
function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function search(text: string, anchor: TextAnchor, loose: boolean): TextPosition | null {
  const hay = fold(text, loose);
  const exact = foldString(anchor.quote.exact, loose).trim();
  if (!exact) return null;
  const prefix = foldString(anchor.quote.prefix, loose);
  const suffix = foldString(anchor.quote.suffix, loose);
  const hint = anchor.position.start;
  let best: { start: number; score: number; dist: number } | null = null;
  for (let i = hay.text.indexOf(exact); i >= 0; i = hay.text.indexOf(exact, i + 1)) {
    const before = hay.text.slice(Math.max(0, i - prefix.length - 1), i);
    const after = hay.text.slice(i + exact.length, i + exact.length + suffix.length + 1);
    // Spaces at the joins are fuzzy (a trimmed exact, a collapsed run): compare trimmed.
    const score =
      commonSuffix(before.trimEnd(), prefix.trimEnd()) + commonPrefix(after.trimStart(), suffix.trimStart());
    const dist = Math.abs((hay.map[i] ?? 0) - hint);
    if (!best || score > best.score || (score === best.score && dist < best.dist))
      best = { start: i, score, dist };
  }
  if (!best) return null;
  const start = hay.map[best.start] ?? 0;
  const lastChar = hay.map[best.start + exact.length - 1] ?? start;
  return { start, end: lastChar + 1 };
}

/**
 * Where `anchor` sits in `text` now, or `null` when it can no longer be placed (orphaned).
 * O(text length × occurrences of the quote).
 */
export function locate(text: string, anchor: TextAnchor): TextPosition | null {
  const { start, end } = anchor.position;
  if (anchor.quote.exact && text.slice(start, end) === anchor.quote.exact) return { start, end };
  return search(text, anchor, false) ?? search(text, anchor, true);
}
