/** A run of text, marked when it matches a search word. */
export interface Mark {
  text: string;
  hit: boolean;
}

// Accents and case are folded for matching only; the shown text keeps its own spelling.
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Splits `text` into runs, marking every place where one of the words of `query` occurs
 * (case- and accent-insensitive, longest word first). Cheap: meant for titles, not bodies.
 * Folding must keep lengths for the offsets to line up; where it would not (rare ligatures),
 * the text comes back unmarked.
 */
export function highlight(text: string, query: string): Mark[] {
  const words = [
    ...new Set(
      query
        .split(/\s+/)
        .map(fold)
        .filter((w) => w.length > 0),
    ),
  ].sort((a, b) => b.length - a.length);
  if (!text) return [];
  const folded = foldPerChar(text);
  if (words.length === 0 || folded === null) return [{ text, hit: false }];
  const hits = new Array<boolean>(text.length).fill(false);
  for (const w of words) {
    for (let i = folded.indexOf(w); i !== -1; i = folded.indexOf(w, i + 1)) {
      for (let k = i; k < i + w.length; k++) hits[k] = true;
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
