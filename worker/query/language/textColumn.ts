import { htmlToText } from '../../../shared/htmlText';

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
  /**
   * Optional: `contains` for every row at once, by row (1 = contains, rows past the end 0). The
   * array may be lent: filled again by the next call (RowTest's `all`).
   */
  rowHits?(needleLower: string): Uint8Array;
}

/**
 * Characters of plain text kept per description: bounds memory (the engine keeps every text in
 * memory for LIKE); LIKE sees only this much. 4,000 covers typical summaries whole.
 */
export const MAX_TEXT_CHARS = 4_000;

/**
 * The text a reader sees in an HTML description (`htmlToText(html, 'html')`, shared/htmlText.ts:
 * entities decoded, blocks separated by a space, hidden elements dropped, whitespace collapsed),
 * cut to MAX_TEXT_CHARS and lower-cased. This is the value of the `description` field in
 * queries. Cost: one htmlparser2 pass.
 */
export function plainTextLower(html: string): string {
  return htmlToText(html, 'html').slice(0, MAX_TEXT_CHARS).toLowerCase();
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
