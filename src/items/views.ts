/**
 * The list views and the pure rules around them: which view "auto" picks, the order `v` cycles
 * through, row size estimates for the virtualiser and how many cards fit in a row.
 */
import type { ItemRow } from '../engine/contract';
import type { DefaultView } from '../settings/defaults';

/** A concrete way of drawing a list. */
export type ViewMode = 'list' | 'card' | 'magazine' | 'column' | 'text';

/** The order `v` cycles through (the setting, so "auto" is part of the cycle). */
export const VIEW_CYCLE: readonly DefaultView[] = ['auto', 'list', 'card', 'magazine', 'column', 'text'];

/** The setting after `current` in the cycle (an unknown value restarts the cycle). */
export function nextView(current: DefaultView): DefaultView {
  const i = VIEW_CYCLE.indexOf(current);
  return VIEW_CYCLE[(i + 1) % VIEW_CYCLE.length] ?? 'auto';
}

const VIDEO_LINK = /^https?:\/\/(www\.)?(youtube\.com|youtu\.be|vimeo\.com)\//i;

type Sample = Pick<ItemRow, 'enclosureType' | 'thumbnail' | 'link'>;

/**
 * What "auto" shows for a list, judged from its first page: mostly video → cards, mostly
 * podcasts → columns (the player sits in the reader pane), image-heavy → list (rows with
 * thumbnails), plain articles → columns. "Mostly" is more than half; an empty sample is plain.
 */
export function chooseAutoView(rows: readonly Sample[]): ViewMode {
  if (rows.length === 0) return 'column';
  let video = 0;
  let audio = 0;
  let images = 0;
  for (const r of rows) {
    // Rows from other sources (search, tests) may leave fields out: treat them as empty.
    const type = (r.enclosureType || '').toLowerCase();
    if (type.startsWith('video/') || VIDEO_LINK.test(r.link || '')) video++;
    else if (type.startsWith('audio/')) audio++;
    if (r.thumbnail) images++;
  }
  const half = rows.length / 2;
  if (video > half) return 'card';
  if (audio > half) return 'column';
  if (images > half) return 'list';
  return 'column';
}

/**
 * The view to draw: the setting, "auto" resolved from the sample, and columns collapsed to the
 * list under 768 px (one pane: the reader then opens over the list).
 */
export function resolveView(setting: DefaultView, sample: readonly Sample[], narrow: boolean): ViewMode {
  const view = setting === 'auto' ? chooseAutoView(sample) : setting;
  return narrow && view === 'column' ? 'list' : view;
}

/** First-guess heights (px) per virtual row; real rows are measured once drawn. */
export const ROW_ESTIMATE: Record<ViewMode, number> = {
  list: 88,
  column: 96,
  magazine: 148,
  text: 38,
  card: 312,
};

/** Minimum card width (px) in the card grid. */
export const CARD_MIN_WIDTH = 260;

/** Cards per grid row for a list `width` px wide (at least one). */
export function cardColumns(width: number, gap = 16): number {
  if (!Number.isFinite(width) || width <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (CARD_MIN_WIDTH + gap)));
}
