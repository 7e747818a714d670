/**
 * The reader's overflow menu ("More"): the actions that are not always on the toolbar. Each is
 * one entry in a list, so a feature adds itself (translate, send to, full text, …) by appending
 * one `ReaderMenuAction` where the reader is built (see `ai/ReaderWithSummary.tsx`).
 */
import type { ReactNode } from 'react';

/** One entry of the reader's More menu. Give exactly one of `onSelect`, `to` or `href`. */
export interface ReaderMenuAction {
  /** Stable key, unique in the menu. */
  id: string;
  label: string;
  icon?: ReactNode;
  /** Runs when chosen (the menu closes first). */
  onSelect?: () => void;
  /** An in-app address (a router link). */
  to?: string;
  /** An outside address, opened in a new tab. */
  href?: string;
  /** A switch that is on (shows a check and `aria-checked`). */
  active?: boolean;
  disabled?: boolean;
  /** Shown at the right of the entry, e.g. the key that does the same. */
  hint?: string;
  /** Test id of the entry (default `reader-action-<id>`). */
  testId?: string;
}
