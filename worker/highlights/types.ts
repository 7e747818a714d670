/** Highlight records and the shapes the `highlights` domain takes and returns. */
import type { TextPosition, TextQuote } from '../../shared/anchor';

/** The four highlight colours, in the order the popover shows them. */
export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** A stored highlight. */
export interface Highlight {
  id: number;
  itemId: number;
  feedId: number;
  /** The article's title and link when the highlight was made (kept if the article goes). */
  title: string;
  link: string;
  /**
   * The article's language then (BCP 47: its own, else its feed's), so its title and passage
   * keep it after the article or the feed goes; absent when unknown and in highlights made
   * before it was kept (the screen then asks the feed).
   */
  language?: string;
  color: HighlightColor;
  /** '' when there is none. */
  note: string;
  quote: TextQuote;
  position: TextPosition;
  /** The reader could not place it in the article as it is now. */
  orphaned: boolean;
  /** Unix seconds. */
  createdAt: number;
  updatedAt: number;
}

/** What `add` needs; the engine fills in the rest from the article. */
export interface NewHighlight {
  itemId: number;
  color: HighlightColor;
  note?: string;
  quote: TextQuote;
  position: TextPosition;
}

/** What `update` may change. */
export type HighlightPatch = Partial<Pick<Highlight, 'color' | 'note' | 'orphaned' | 'quote' | 'position'>>;

/** A page of `list`. */
export interface HighlightPage {
  rows: Highlight[];
  /** Matching highlights in all. */
  total: number;
}
