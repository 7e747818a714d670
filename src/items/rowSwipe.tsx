/**
 * Row swipes drawn under the finger. On a touch screen a row (or card) dragged right is marked
 * read (or unread), dragged left saved (or unsaved), as NetNewsWire's and Reeder's rows are: the
 * row follows the finger and uncovers what letting go will do, in the action's colour once the
 * drag has gone far enough, faint before. Let go short of that (or drag back) and nothing
 * happens; the row slides home either way.
 *
 * The row's movement is written to its element's style on each touch move, not rendered by React
 * (a move is every ~16 ms and the list is large); React renders only the backdrop, when the
 * action or its readiness changes.
 */
import { IconCheck, IconCircleDot, IconStar, IconStarOff } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ItemRow } from '../engine/contract';
import { useT } from '../i18n';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { dragOffset, type SideDrag, useSideSwipes } from '../reader/swipe';
import classes from './ItemCells.module.css';

/** A row being dragged: which, what letting go would do, and where its box is in its list row. */
export interface RowSwipe {
  index: number;
  /** -1: dragged right (read or unread), 1: dragged left (save or unsave). */
  side: 1 | -1;
  /** Letting go now acts. */
  armed: boolean;
  /** The row was unread / saved when the drag began (the label says what changes). */
  unread: boolean;
  saved: boolean;
  /** The item's box within its virtual row (a card is one of several in it), px. */
  box: { left: number; top: number; width: number; height: number; borderRadius: string };
}

/** How long the row takes to slide home after the finger lifts (ms); CSS has the same. */
const SETTLE_MS = 180;

/** The row or card (its `data-item-index` element) `target` is in, within the list `root`. */
export function itemAt(root: Element | null, target: Element | null): HTMLElement | null {
  const item = target?.closest<HTMLElement>('[data-item-index]') ?? null;
  return item && root?.contains(item) ? item : null;
}

/** A row home from its drag: no longer drawn as dragged. */
function putBack(el: HTMLElement): void {
  delete el.dataset.swiping;
  el.style.clipPath = '';
}

/**
 * Follows row drags in `scrollRef`'s list and acts on the row (by its `data-item-index`) when a
 * drag is let go far enough. Returns the drag in progress, for the list to draw its backdrop.
 */
export function useRowSwipes(
  scrollRef: RefObject<HTMLElement | null>,
  rows: readonly ItemRow[],
  actions: { onToggleRead: (row: ItemRow) => void; onToggleSaved: (row: ItemRow) => void },
  enabled: boolean,
): RowSwipe | null {
  const [swipe, setSwipe] = useState<RowSwipe | null>(null);
  // The element being moved and its corners' radius; the backdrop stays until it is home.
  const moving = useRef<{ el: HTMLElement; radius: string; armed: boolean } | null>(null);
  const settleTimer = useRef<number | undefined>(undefined);
  // The element sliding home after its drag, until the slide is over.
  const settling = useRef<HTMLElement | null>(null);
  const settleDone = () => {
    const el = settling.current;
    settling.current = null;
    if (el && moving.current?.el !== el) putBack(el);
  };

  // Called on every move of a sideways drag and once with null when it ends (useSideSwipes keeps
  // the latest, so it need not be stable).
  const onDrag = (drag: SideDrag | null) => {
    if (!drag) {
      const was = moving.current;
      moving.current = null;
      if (!was) return;
      const { el, radius } = was;
      el.dataset.swiping = 'settle';
      el.style.transform = '';
      el.style.clipPath = `inset(0 round ${radius})`;
      window.clearTimeout(settleTimer.current);
      settling.current = el;
      settleTimer.current = window.setTimeout(() => {
        settleDone();
        setSwipe((s) => (moving.current ? s : null));
      }, SETTLE_MS);
      return;
    }
    const el = itemAt(scrollRef.current, drag.target);
    const index = Number(el?.dataset.itemIndex);
    const row = rows[index];
    if (!el || !row) return;
    if (moving.current?.el !== el) {
      const radius = getComputedStyle(el).borderRadius || '0px';
      // A row still sliding home from the drag before is home now.
      window.clearTimeout(settleTimer.current);
      settleDone();
      moving.current = { el, radius, armed: false };
      const wrap = el.closest('[data-index]') ?? el;
      const r = el.getBoundingClientRect();
      const w = wrap.getBoundingClientRect();
      const box = {
        left: r.left - w.left,
        top: r.top - w.top,
        width: r.width,
        height: r.height,
        borderRadius: radius,
      };
      const unread = (row.flags & FLAG_READ) === 0;
      const saved = (row.flags & FLAG_SAVED) !== 0;
      setSwipe({ index, side: -1, armed: false, unread, saved, box });
    }
    el.dataset.swiping = 'drag';
    const offset = dragOffset(drag.dx, drag.reach);
    el.style.transform = `translateX(${offset.toFixed(1)}px)`;
    // Only the part still over its own place shows: a card in a grid slides under its edge
    // rather than over the card beside it.
    const cut = Math.abs(offset).toFixed(1);
    el.style.clipPath = `inset(0 ${offset > 0 ? cut : 0}px 0 ${offset < 0 ? cut : 0}px round ${moving.current.radius})`;
    const side = drag.dx < 0 ? 1 : -1;
    const armed = drag.step === side;
    // A tick under the finger as the drag crosses the line (phones that have it; not Safari).
    if (armed && !moving.current.armed && 'vibrate' in navigator) navigator.vibrate(8);
    moving.current.armed = armed;
    setSwipe((s) => (s && (s.side !== side || s.armed !== armed) ? { ...s, side, armed } : s));
  };

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  useSideSwipes(
    scrollRef,
    (step, target) => {
      const at = itemAt(scrollRef.current, target)?.dataset.itemIndex;
      const row = at == null ? undefined : rows[Number(at)];
      if (!row) return;
      if (step === -1) actions.onToggleRead(row);
      else actions.onToggleSaved(row);
    },
    enabled,
    onDrag,
  );
  return swipe;
}

/** What a dragged row uncovers: the action letting go would take, behind the row's box. */
export function SwipeBackdrop({ swipe }: { swipe: RowSwipe }) {
  const t = useT();
  const read = swipe.side === -1;
  const label = read
    ? swipe.unread
      ? t('items.row.markRead')
      : t('items.row.markUnread')
    : swipe.saved
      ? t('items.row.unsave')
      : t('items.row.save');
  const Icon = read ? (swipe.unread ? IconCheck : IconCircleDot) : swipe.saved ? IconStarOff : IconStar;
  return (
    <div
      className={classes.swipeBack}
      data-testid="swipe-backdrop"
      data-action={read ? 'read' : 'save'}
      data-armed={swipe.armed}
      style={swipe.box}
      aria-hidden="true"
    >
      <Icon size={20} />
      <span>{label}</span>
    </div>
  );
}
