/**
 * The list's place across a change of layout. The list is mounted afresh when its layout changes:
 * a phone turned to landscape (the list view becomes the column view beside the reader), a
 * window narrowed past the column view's edge, a view picked in the header. It then started at
 * the top, so a reader turning their phone halfway down a long list lost their place. This keeps
 * the first row in view as the list reports it and, when the layout changes, starts the new list
 * there (or at the open article's row).
 */
import { type Dispatch, type SetStateAction, useCallback, useLayoutEffect, useRef } from 'react';
import type { ItemRow } from '../engine/contract';
import type { ScrollRequest } from './VirtualList';

type OnRange = (first: number, last: number, rowAt: (index: number) => ItemRow | undefined) => void;

/**
 * Returns `onRange` noting the first row in view of list `list` (any string naming it); when
 * `layout` changes, asks (`request`) the new list to start at the open article's row
 * (`openIndex`, -1 for none: the reader may now stand beside the list), else at the row the list
 * of the layout before showed first. Only within one list: the same view shows every list, and
 * "auto" picks a layout per list, so a change of list that changes the layout as well starts the
 * new list at its top.
 */
export function useListPlace(
  list: string,
  layout: string,
  openIndex: number,
  onRange: OnRange,
  request: Dispatch<SetStateAction<ScrollRequest | null>>,
): OnRange {
  const first = useRef({ list, index: 0 });
  const shown = useRef(layout);
  const noting = useCallback<OnRange>(
    (from, last, rowAt) => {
      // Not the new list's first reports: it makes them (at its top) in its own layout effects,
      // which run before this hook's has taken up the old list's place.
      if (shown.current === layout) first.current = { list, index: from };
      onRange(from, last, rowAt);
    },
    [onRange, layout, list],
  );
  useLayoutEffect(() => {
    if (shown.current === layout) return;
    shown.current = layout;
    const index = openIndex >= 0 ? openIndex : first.current.list === list ? first.current.index : 0;
    if (index > 0) request((r) => ({ index, seq: (r?.seq ?? 0) + 1, align: 'start' }));
  }, [layout, list, openIndex, request]);
  return noting;
}
