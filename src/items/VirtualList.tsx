import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import { useStableCallback } from '../components/useStableCallback';
import { useRowKey } from './rowKey';
import { reportInput } from '../engine/client';
import type { ItemRow } from '../engine/contract';
import { type CellProps, ItemCard, ItemRowCell, ItemTextCell, SkeletonRow, cardRowClass } from './ItemCells';
import { useTitleLanguage } from '../translate/titles/useListTitles';
import type { ItemsData } from './useItemsData';
import type { LanguageOf } from './articleLanguage';
import { cardColumns, ROW_ESTIMATE, type ViewMode } from './views';
import classes from './ItemsView.module.css';
import { useSettingsGroup } from '../settings/useSettings';
import { itemAt, SwipeBackdrop, useRowSwipes } from './rowSwipe';
import { useLongPress } from './longPress';
import { menuBeside } from './ItemMenu';

/**
 * A request to bring an item into view (none: index -1); `seq` makes repeated requests distinct.
 * `focus` (a move with the keyboard, the reader closed) also puts the keyboard focus on the list,
 * so a screen reader announces the row selected.
 */
export interface ScrollRequest {
  index: number;
  seq: number;
  focus?: boolean;
  /** 'start': the row at the top of the view (a new layout picking up the place); else only as far as needed. */
  align?: 'start';
}

export interface VirtualListProps {
  data: ItemsData;
  view: ViewMode;
  feedTitle: (feedId: number) => string;
  /** Each row's language (its own, else its feed's). */
  languageOf: LanguageOf;
  now: number;
  selected: number;
  activeId: number | null;
  onOpen: (index: number) => void;
  onMenu: (index: number, x: number, y: number) => void;
  onToggleRead: (row: ItemRow) => void;
  onToggleSaved: (row: ItemRow) => void;
  /**
   * Visible item range: `first` is the first row not entirely above the viewport; `rowAt`
   * reads the rows of this very render (the caller's state may not have caught up yet).
   */
  onRange: (first: number, last: number, rowAt: (index: number) => ItemRow | undefined) => void;
  /** Shown after the last row once the list is complete. */
  footer: ReactNode;
  /** Scrolls the requested item into view (only as far as needed). */
  scrollTo: ScrollRequest | null;
  /** The id of the element that names the list (the page's title). */
  labelledBy?: string;
  /** Starts the rows' element ids (`rowElementId`), unique in the page (a `useId`). */
  idPrefix: string;
}

/** The element id of the row of article `id` in the list whose rows' ids start `prefix`. */
export const rowElementId = (prefix: string, id: number): string => `${prefix}-item-${id}`;

/**
 * How far the list reaches past its loaded rows, in placeholder rows: the scrollbar covers the
 * loaded rows and this many more (all of them once the list is complete), and grows as pages
 * arrive. It used to cover every row the engine reported, and at 1M articles (300,000 unread)
 * that cost the reader twice: TanStack Virtual lays out every row again, one by one, whenever a
 * newly shown row's measured height differs from its estimate (~100–350 ms long tasks on each
 * wheel step, ~1 s per `j` in the reader), and a drag of the scrollbar to the middle asked for
 * the 150,000 rows before it (2 minutes of placeholders). A jump now reaches at most this far
 * ahead, which one call of the engine's largest page answers (worker/items/page.ts MAX_PAGE).
 */
export const AHEAD_ROWS = 2000;

/**
 * The virtualised items list for every view. Only rows in (or near) the viewport exist in the
 * DOM; the list's height covers the loaded rows and AHEAD_ROWS more, and rows not yet loaded
 * show as placeholders while the pages before them are fetched. The card view virtualises rows
 * of cards. Row heights start from per-view estimates and are measured.
 *
 * For assistive technology the rows are the options of a listbox (WAI-ARIA's listbox with
 * `aria-activedescendant`): the listbox holds the keyboard focus (Tab reaches it; j/k put it
 * there), the selected row is `aria-selected` and, while it is rendered, the listbox's active
 * descendant, so a screen reader announces its title and place ("12 of 340") as j/k move. The
 * focus never moves onto a row, so rows coming and going as the list scrolls cannot lose it.
 * The footer (end of list, next feed) is outside the listbox: its buttons are not options.
 */
export function VirtualList(props: VirtualListProps) {
  const { data, view, footer } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const mergedRef = useMergedRef(scrollRef, sizeRef);
  const cols = view === 'card' ? cardColumns(width - 40) : 1;
  const itemRows = Math.ceil(Math.min(data.count, data.rows.length + AHEAD_ROWS) / cols);
  const withFooter = !data.hasMore && data.rows.length > 0 && footer !== null;
  const count = itemRows + (withFooter ? 1 : 0);

  // On a touch screen a row (or card) dragged right is marked read (or unread again), dragged
  // left saved (or unsaved), as NetNewsWire's rows are (rowSwipe.tsx).
  const { swipeArticles } = useSettingsGroup('general');
  const swipe = useRowSwipes(scrollRef, data.rows, props, swipeArticles);
  const swipedRow = swipe ? Math.floor(swipe.index / cols) : -1;
  // A long press opens the row's menu, as the right button does (longPress.ts).
  useLongPress(scrollRef, (target, x, y) => {
    const at = itemAt(scrollRef.current, target)?.dataset.itemIndex;
    if (at != null) props.onMenu(Number(at), x, y);
  });

  const { onRange } = props;
  const rows = data.rows;
  const titleLang = useTitleLanguage();
  const getItemKey = useRowKey(rows, count, cols);

  // TanStack Virtual returns a mutable instance; this component does not rely on memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (withFooter && i === itemRows ? 180 : ROW_ESTIMATE[view]),
    overscan: 6,
    // A first guess of the viewport, so the first rows render before the scroller is measured.
    initialRect: { width: 900, height: 900 },
    getItemKey,
    // Options are refreshed every render, so this sees the current rows and callbacks.
    onChange: (inst) => {
      const r = inst.range;
      if (!r) return;
      onRange(r.startIndex * cols, (r.endIndex + 1) * cols - 1, (i) => rows[i]);
      data.want((r.endIndex + 1) * cols + 20);
    },
  });

  // Keep fetching while the viewport (after a jump, say) is past the loaded rows.
  // Also report the range when rows arrive without a scroll (first page, pages loaded later).
  const range = virtualizer.range;
  const firstVisible = range ? range.startIndex * cols : 0;
  const lastVisible = range ? (range.endIndex + 1) * cols : 0;
  useEffect(() => {
    data.want(lastVisible + 20);
    if (lastVisible > 0) onRange(firstVisible, lastVisible - 1, (i) => rows[i]);
  }, [data, rows, onRange, firstVisible, lastVisible]);

  const listboxRef = useRef<HTMLDivElement | null>(null);
  const { scrollTo } = props;
  useEffect(() => {
    if (!scrollTo) return;
    if (scrollTo.index >= 0)
      virtualizer.scrollToIndex(Math.floor(scrollTo.index / cols), { align: scrollTo.align ?? 'auto' });
    // The list scrolls itself: focusing must not scroll it (to the listbox's top) as well.
    if (scrollTo.focus) listboxRef.current?.focus({ preventScroll: true });
  }, [scrollTo, virtualizer, cols]);

  // Row ids for aria-activedescendant, unique in the page and stable per article.
  const optionId = (id: number) => rowElementId(props.idPrefix, id);

  // The cells are memoised (ItemCells.tsx); the parent's callbacks are new functions at each of
  // its renders, so the cells get stable ones that call the latest.
  const onOpen = useStableCallback(props.onOpen);
  const onMenu = useStableCallback(props.onMenu);
  const onToggleRead = useStableCallback(props.onToggleRead);
  const onToggleSaved = useStableCallback(props.onToggleSaved);

  const cell = (index: number): CellProps | null => {
    const row = data.rows[index];
    if (!row) return null;
    return {
      row,
      index,
      optionId: optionId(row.id),
      setSize: data.count,
      feedTitle: props.feedTitle(row.feedId),
      now: props.now,
      selected: index === props.selected,
      active: row.id === props.activeId,
      onOpen,
      onMenu,
      onToggleRead,
      onToggleSaved,
      titleLang: titleLang(row.feedId),
      language: props.languageOf(row),
    };
  };

  const render = (i: number) => {
    if (view === 'card') {
      return (
        <div className={cardRowClass} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
          {Array.from({ length: cols }, (_, c) => {
            const p = cell(i * cols + c);
            if (p) return <ItemCard key={p.row.id} {...p} />;
            return i * cols + c < data.count ? <SkeletonRow key={`s${c}`} /> : <div key={`e${c}`} />;
          })}
        </div>
      );
    }
    const p = cell(i);
    if (!p) return <SkeletonRow />;
    if (view === 'text') return <ItemTextCell {...p} />;
    return <ItemRowCell {...p} view={view} />;
  };

  const placed = (vi: VirtualItem, content: ReactNode) => (
    <div
      key={vi.key}
      ref={virtualizer.measureElement}
      data-index={vi.index}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${vi.start}px)`,
      }}
    >
      {swipe && vi.index === swipedRow && <SwipeBackdrop swipe={swipe} />}
      {content}
    </div>
  );
  const shown = virtualizer.getVirtualItems();
  const footerItem = withFooter ? shown.find((vi) => vi.index === itemRows) : undefined;
  // The selected row is the active descendant only while it is in the DOM.
  const selectedRow = data.rows[props.selected];
  const selectedShown =
    selectedRow !== undefined && shown.some((vi) => vi.index === Math.floor(props.selected / cols));

  return (
    <div
      ref={mergedRef}
      className={classes.scroller}
      data-testid="items-list"
      data-count={data.count}
      data-loaded={data.rows.length}
      data-row-swipes={swipeArticles || undefined}
      tabIndex={-1}
      onScroll={reportInput}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        <div
          ref={listboxRef}
          role="listbox"
          aria-labelledby={props.labelledBy}
          aria-activedescendant={selectedShown ? optionId(selectedRow.id) : undefined}
          tabIndex={0}
          className={classes.listbox}
          // The menu key (or Shift+F10) with the list focused opens the selected row's menu (the
          // list's keys do too, wherever the focus is: this is for a press they did not take).
          onContextMenu={(e) => {
            if (e.target !== e.currentTarget || !selectedShown) return;
            const el = document.getElementById(optionId(selectedRow.id));
            if (!el) return;
            e.preventDefault();
            const at = menuBeside(el, selectedRow, props.selected);
            props.onMenu(at.index, at.x, at.y);
          }}
        >
          {shown.map((vi) => (vi === footerItem ? null : placed(vi, render(vi.index))))}
        </div>
        {footerItem && placed(footerItem, footer)}
      </div>
    </div>
  );
}
