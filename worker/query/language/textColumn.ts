import { Parser } from 'htmlparser2';

/**
 * Synchronous access to each row's description as lower-cased plain text (see plainTextLower),
 * aligned with the rows of the MetaIndexView. Implemented by TextColumn; the engine owns one.
 */
export interface DescriptionSource {
  /** Lower-cased plain text of the row's description, '' when none. O(1). */
  textLower(row: number): string;
  /**
   * Optional fast path for `description LIKE`: whether the row's text contains `needleLower`
   * (already lower-cased, non-empty). Must agree with `textLower(row).includes(needleLower)`.
   */
  contains?(row: number, needleLower: string): boolean;
}

/**
 * Characters of plain text kept per description: bounds memory (the engine keeps every text in
 * memory for LIKE); LIKE sees only this much. 4,000 covers typical summaries whole.
 */
export const MAX_TEXT_CHARS = 4_000;

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

/**
 * The text a reader sees in an HTML description, lower-cased, entities decoded, whitespace
 * collapsed, block elements separated by a space, script/style dropped, cut to MAX_TEXT_CHARS.
 * This is the value of the `description` field in queries. Cost: one htmlparser2 pass.
 */
export function plainTextLower(html: string): string {
  if (html === '') return '';
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (BLOCK.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCK.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT_CHARS).toLowerCase();
}

/**
 * An in-memory column of description texts (lower-cased plain text, one string per index row).
 * The engine fills it at ingest/start-up (`set`) and clears dead rows; queries read it
 * synchronously. V8 keeps Latin-1 strings at one byte per character, so memory is about the
 * plain-text size (see docs/filter-language.md for a measurement).
 */
export class TextColumn implements DescriptionSource {
  private texts: string[] = [];

  /** Stores the plain text of `html` for `row`. Cost: one HTML parse. */
  set(row: number, html: string): void {
    this.setPlain(row, plainTextLower(html));
  }

  /** Stores text already produced by plainTextLower (e.g. loaded from a snapshot). */
  setPlain(row: number, textLower: string): void {
    while (this.texts.length < row) this.texts.push('');
    this.texts[row] = textLower;
  }

  /** Forgets a row's text (dead row). */
  clear(row: number): void {
    if (row < this.texts.length) this.texts[row] = '';
  }

  textLower(row: number): string {
    return this.texts[row] ?? '';
  }

  /** Total characters held: a lower bound of the memory used, in bytes for Latin-1 text. */
  charCount(): number {
    let n = 0;
    for (const t of this.texts) n += t.length;
    return n;
  }
}
