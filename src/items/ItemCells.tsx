import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleDot, IconDots, IconStar, IconStarFilled } from '@tabler/icons-react';
import { memo, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { RowSnippet } from '../ai/RowSnippet';
import { Avatar } from '../components/Avatar';
import { useImageUntilError } from '../components/useImageUntilError';
import type { ItemRow } from '../engine/contract';
import { formatDate, type Translate, useT } from '../i18n';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { formatAge } from '../screens/items/route';
import { RowTags } from '../tags/RowTags';
import { useTranslatedTitle } from '../translate/titles/useListTitles';
import { textAttrs } from './articleLanguage';
import type { ViewMode } from './views';
import classes from './ItemCells.module.css';
import { Highlighted } from '../search/Highlighted';

/** What every row or card needs from the list. */
export interface CellProps {
  row: ItemRow;
  index: number;
  /** The row's element id (the list's aria-activedescendant names it while it is selected). */
  optionId: string;
  /** How many rows the list has in all (the option's aria-setsize). */
  setSize: number;
  feedTitle: string;
  /** Unix seconds, shared by all rows of a render. */
  now: number;
  selected: boolean;
  active: boolean;
  onOpen: (index: number) => void;
  onMenu: (index: number, x: number, y: number) => void;
  onToggleRead: (row: ItemRow) => void;
  onToggleSaved: (row: ItemRow) => void;
  /** The language this row's title is translated into, null to show it as the feed gave it. */
  titleLang: string | null;
  /** The article's language (its own, else its feed's; '' unknown: articleLanguage.ts). */
  language: string;
}

/** Only web images become thumbnails (feeds may put anything in there). */
function safeImage(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/**
 * The row's picture, or undefined once it failed to load (then the row is drawn as text, not
 * with a broken-image icon). Keyed by address: a recycled cell with another picture tries it.
 */
function useThumb(url: string): { image: string | undefined; onError: () => void } {
  const { src, onError } = useImageUntilError(safeImage(url));
  return { image: src, onError };
}

/**
 * One of a row's buttons, with its name in a tooltip set up only while the pointer rests on it.
 * Mantine's Tooltip sets up a floating element's hooks for each instance, and the three of every
 * row shown were about a sixth of the script a list's scroll ran (425 of 2,650 ms over eight
 * wheel gestures, profiled), for tooltips that are rarely shown. It is attached beside the button
 * (`target`), so the button is never drawn anew; it is there only while open, once the pointer
 * has rested on the button for `TIP_DELAY`, as the app's other tooltips wait.
 */
function RowButton({
  label,
  color,
  testId,
  onClick,
  children,
}: {
  label: string;
  color: string;
  testId: string;
  onClick: (e: MouseEvent<HTMLElement>) => void;
  children: ReactNode;
}) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <>
      <ActionIcon
        ref={setNode}
        component="span"
        size="sm"
        variant="subtle"
        color={color}
        data-testid={testId}
        onClick={onClick}
        onMouseEnter={() => {
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setOpen(true), TIP_DELAY);
        }}
        onMouseLeave={() => {
          window.clearTimeout(timer.current);
          setOpen(false);
        }}
      >
        {children}
      </ActionIcon>
      {open && node && <Tooltip label={label} opened target={node} />}
    </>
  );
}
/** How long the pointer rests on a row's button before its tooltip opens (ms). */
const TIP_DELAY = 400;

/**
 * The row's buttons, for the pointer only: a touch screen without one draws none (a row is swiped
 * or long-pressed there; ItemCells.module.css). A row is an option of the list's listbox
 * (VirtualList.tsx), and an option holds no controls: to assistive technology it is its title,
 * so these are hidden from it (`aria-hidden`) and are no buttons (not focusable, no role). The
 * keyboard does the same on the selected row: s, m, and the menu key or Shift+F10 for the row's
 * menu, which holds save and read too. Their names show as tooltips.
 */
function Actions({ row, index, onMenu, onToggleRead, onToggleSaved }: CellProps) {
  const t = useT();
  const unread = (row.flags & FLAG_READ) === 0;
  const saved = (row.flags & FLAG_SAVED) !== 0;
  const stop = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <div className={classes.actions} aria-hidden="true" data-testid="item-actions">
      <RowButton
        label={saved ? t('items.row.unsaveTip') : t('items.row.saveTip')}
        color={saved ? 'yellow' : 'gray'}
        testId="item-save"
        onClick={stop(() => onToggleSaved(row))}
      >
        {saved ? <IconStarFilled size={15} /> : <IconStar size={15} />}
      </RowButton>
      <RowButton
        label={unread ? t('items.row.markReadTip') : t('items.row.markUnreadTip')}
        color="gray"
        testId="item-read"
        onClick={stop(() => onToggleRead(row))}
      >
        {unread ? <IconCheck size={15} /> : <IconCircleDot size={15} />}
      </RowButton>
      <RowButton
        label={t('items.row.moreTip')}
        color="gray"
        testId="item-menu"
        onClick={(e) => {
          e.stopPropagation();
          const r = e.currentTarget.getBoundingClientRect();
          onMenu(index, r.left, r.bottom + 4);
        }}
      >
        <IconDots size={15} />
      </RowButton>
    </div>
  );
}

function Meta({ row, feedTitle, now, withAvatar }: CellProps & { withAvatar?: boolean }) {
  const t = useT();
  const saved = (row.flags & FLAG_SAVED) !== 0;
  return (
    <div className={classes.meta}>
      {withAvatar && <Avatar name={feedTitle} size={16} />}
      <time title={formatDate(row.pubDate * 1000)}>{formatAge(row.pubDate, now)}</time>
      {saved && <IconStarFilled size={12} className={classes.saved} aria-label={t('items.row.saved')} />}
      {row.tags?.length ? <RowTags ids={row.tags} /> : null}
      <span aria-hidden="true">·</span>
      {/* Feed and author share one line that ends in an ellipsis when it does not fit. The age
          comes first, so it always shows. */}
      <span className={classes.metaText}>
        <span className={classes.metaFeed}>{feedTitle}</span>
        {row.author && <span> · {row.author}</span>}
      </span>
    </div>
  );
}

function rowProps(p: CellProps, view: ViewMode, t: Translate) {
  const unread = (p.row.flags & FLAG_READ) === 0;
  return {
    'data-testid': 'item-row',
    'data-item-id': p.row.id,
    'data-item-index': p.index,
    'data-unread': unread,
    'data-saved': (p.row.flags & FLAG_SAVED) !== 0,
    'data-selected': p.selected,
    'data-active': p.active,
    'data-view': view,
    // An option of the list's listbox (VirtualList.tsx): its name is the title, its place
    // "12 of 340" although only the rows on screen exist.
    id: p.optionId,
    role: 'option',
    'aria-selected': p.selected,
    'aria-posinset': p.index + 1,
    'aria-setsize': p.setSize,
    'aria-label': p.row.title || t('common.untitled'),
    // The name is the title alone; what the row shows beside it (unread dot, star, feed, age) is
    // its description, so a screen reader hears "Title, Unread, Saved, The Verge, 3 h".
    'aria-description': [
      unread ? t('items.row.unread') : null,
      (p.row.flags & FLAG_SAVED) !== 0 ? t('items.row.saved') : null,
      p.feedTitle,
      formatAge(p.row.pubDate, p.now),
    ]
      .filter(Boolean)
      .join(t('items.row.separator')),
    onClick: () => p.onOpen(p.index),
    onContextMenu: (e: MouseEvent) => {
      e.preventDefault();
      p.onMenu(p.index, e.clientX, e.clientY);
    },
  };
}

/**
 * The row's title. `derived`: the feed gave no title, this one was made from the text (shown
 * lighter). With the feed's "Translate titles in lists" on, the translation shows once it is
 * there, the original on hover (`title`), in the accessible name, and atop the row's menu (long-press).
 * In search results the search's words are marked (search/Highlighted.tsx).
 */
function Title({ row, titleLang, language }: Pick<CellProps, 'row' | 'titleLang' | 'language'>) {
  const t = useT();
  const translated = useTranslatedTitle(row, titleLang);
  const original = row.title || t('common.untitled');
  // The article's language (unknown: lang="", not the UI's from <html>: a Chinese UI set English
  // titles in a CJK font, "river’ s"), and right to left when that language is. A translation is
  // in titleLang; "Untitled" is the UI's own word.
  const own = translated === null && row.title ? textAttrs(language) : null;
  return (
    <h3
      className={classes.title}
      data-testid="item-title"
      data-derived={row.titleDerived || undefined}
      data-translated={translated !== null || undefined}
      title={translated !== null ? t('ai.titles.original', { title: original }) : undefined}
      aria-label={translated !== null ? t('ai.titles.label', { translated, title: original }) : undefined}
      lang={own ? own.lang : translated !== null ? (titleLang ?? undefined) : undefined}
      dir={own ? own.dir : 'auto'}
    >
      {translated ?? <Highlighted text={original} />}
    </h3>
  );
}

// The cells are memoised: a move of the selection (j/k) or an article opened re-renders the list,
// and each row draws three buttons with tooltips (Actions), so every row shown (about twenty with
// the overscan) rendering again cost ~40 ms a press in a profile of the 1440-wide column view. With
// stable callbacks (VirtualList.tsx) only the rows whose own props changed render: the selected
// one before and after, and a row whose flags changed.

/** A row of the list, column or magazine view: title, snippet, meta and a thumbnail. */
export const ItemRowCell = memo(function ItemRowCell(
  p: CellProps & { view: 'list' | 'column' | 'magazine' },
) {
  const t = useT();
  const { image, onError } = useThumb(p.row.thumbnail);
  return (
    <div className={classes.row} {...rowProps(p, p.view, t)}>
      <span className={classes.dot} aria-hidden="true" />
      <div className={classes.main}>
        <Title row={p.row} titleLang={p.titleLang} language={p.language} />
        <RowSnippet row={p.row} feedTitle={p.feedTitle} language={p.language} className={classes.snippet} />
        <Meta {...p} withAvatar={p.view !== 'column'} />
      </div>
      {image && (
        <img
          className={classes.thumb}
          src={image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={onError}
        />
      )}
      <Actions {...p} />
    </div>
  );
});

/** One line per item: dot, title, feed, age. */
export const ItemTextCell = memo(function ItemTextCell(p: CellProps) {
  const t = useT();
  return (
    <div className={classes.row} {...rowProps(p, 'text', t)}>
      <span className={classes.dot} aria-hidden="true" />
      <div className={classes.textLine}>
        <Title row={p.row} titleLang={p.titleLang} language={p.language} />
        {p.row.tags?.length ? <RowTags ids={p.row.tags} compact /> : null}
        <span className={classes.textFeed}>{p.feedTitle}</span>
        <time className={classes.textAge}>{formatAge(p.row.pubDate, p.now)}</time>
      </div>
      <Actions {...p} />
    </div>
  );
});

/** A card of the grid: picture, title, snippet, meta; without a picture, a text card. */
export const ItemCard = memo(function ItemCard(p: CellProps) {
  const { image, onError } = useThumb(p.row.thumbnail);
  const t = useT();
  return (
    <div className={classes.card} {...rowProps(p, 'card', t)} data-text={!image || undefined}>
      {image && (
        <img
          className={classes.cardImage}
          src={image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={onError}
        />
      )}
      <div className={classes.cardBody}>
        <Title row={p.row} titleLang={p.titleLang} language={p.language} />
        <RowSnippet row={p.row} feedTitle={p.feedTitle} language={p.language} className={classes.snippet} />
        <Meta {...p} withAvatar />
      </div>
      <Actions {...p} />
    </div>
  );
});

/** Placeholder for a row that is known to exist but not loaded yet. */
export function SkeletonRow() {
  return (
    <div className={classes.skeleton} data-testid="item-skeleton" aria-hidden="true">
      <div className={classes.bar} style={{ width: '62%' }} />
      <div className={classes.bar} style={{ width: '38%' }} />
    </div>
  );
}

/** Styles of the card grid's rows (for the list component). */
export const cardRowClass = classes.cardRow;
