/** The UI's calls to the `highlights` domain and their queries. */
import { queryOptions } from '@tanstack/react-query';
import type { HighlightColor, HighlightPatch, NewHighlight } from '../../worker/types';
import type { Highlight } from '../../worker/types';
import { withEngine } from '../queries/engine';
import { queryKeys } from '../queries/keys';

export type { Highlight, HighlightColor };
export const COLORS: readonly HighlightColor[] = ['yellow', 'green', 'blue', 'pink'];

export const highlightsOfQuery = (itemId: number) =>
  queryOptions({
    queryKey: queryKeys.highlightsOf(itemId),
    queryFn: () => withEngine((e) => e.highlights.listByItem(itemId)),
  });

export const highlightsListQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.highlightsList(search),
    queryFn: () => withEngine((e) => e.highlights.list({ search, limit: 5000 })),
  });

export const addHighlight = (input: NewHighlight) => withEngine((e) => e.highlights.add(input));
export const updateHighlight = (id: number, patch: HighlightPatch) =>
  withEngine((e) => e.highlights.update(id, patch));
export const removeHighlight = (id: number) => withEngine((e) => e.highlights.remove(id));
export const restoreHighlight = (h: Highlight) => withEngine((e) => e.highlights.restore(h));

/** The address of a highlight: its article in the all list, with the highlight as the fragment. */
export const highlightPath = (h: Pick<Highlight, 'id' | 'itemId'>) => `/all/i/${h.itemId}#hl-${h.id}`;

/** The highlight id a location hash names (`#hl-12`), else null. */
export function highlightOfHash(hash: string): number | null {
  const m = /^#hl-([1-9]\d{0,14})$/.exec(hash);
  return m ? Number(m[1]) : null;
}
