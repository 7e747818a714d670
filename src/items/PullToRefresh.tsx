/**
 * Pull to refresh on a touch screen: a list (or its empty page) pulled down from its top and let
 * go past a threshold refreshes its feeds, as mobile readers do. The indicator follows the finger
 * and says what letting go will do; the header's refresh button stays for everyone else.
 *
 * Passive touch listeners on the list's area (scrolling stays the browser's); a pull starts only
 * with the list at its top, and a sideways or upward move, a second finger, a touch in a field or
 * in the column view's reader pane ends it. While the list is on screen the root's vertical
 * overscroll is held back on touch screens (src/theme/global.css), so the browser's own pull to
 * refresh does not reload the whole app under the same gesture.
 */
import { Loader } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { scrollerOf } from '../reader/readerScroll';
import classes from './ItemsView.module.css';

/** The finger's travel counts half (the list resists), up to this many pixels. */
export const PULL_MAX = 96;
/** Letting go at or past this distance (of the damped pull) refreshes. */
export const PULL_AT = 64;

/** The indicator's distance for a finger `dy` pixels below where it started. */
export function pullDistance(dy: number): number {
  return dy <= 0 ? 0 : Math.min(PULL_MAX, dy / 2);
}

type Phase = 'idle' | 'pulling' | 'refreshing';

/**
 * The indicator of a pull over `area`'s element; `onRefresh` runs when a pull is let go past
 * the threshold (the indicator spins until it settles). Off when `enabled` is false.
 */
export function PullToRefresh(props: {
  area: RefObject<HTMLElement | null>;
  onRefresh: () => Promise<unknown>;
  enabled: boolean;
}) {
  const t = useT();
  const { area, enabled } = props;
  const [pull, setPull] = useState<{ phase: Phase; distance: number }>({ phase: 'idle', distance: 0 });
  const refresh = useRef(props.onRefresh);
  useEffect(() => {
    refresh.current = props.onRefresh;
  });
  const busy = pull.phase === 'refreshing';

  useEffect(() => {
    const el = area.current;
    if (!el || !enabled || busy) return;
    const root = document.documentElement;
    root.dataset.pullRefresh = '';
    let from: { x: number; y: number; scroller: HTMLElement | null } | null = null;
    let distance = 0;
    const stop = () => {
      from = null;
      distance = 0;
      setPull({ phase: 'idle', distance: 0 });
    };
    const onStart = (e: TouchEvent) => {
      const touch = e.touches.length === 1 ? e.touches[0] : undefined;
      const target = e.target instanceof Element ? e.target : null;
      const scroller = scrollerOf(target, el);
      // The column view's reader pane, beside the list, keeps its own pulls.
      const elsewhere = target?.closest('input, textarea, select, [data-testid="reader-pane"]');
      from =
        touch && !elsewhere && (scroller?.scrollTop ?? 0) <= 0
          ? { x: touch.clientX, y: touch.clientY, scroller }
          : null;
      distance = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (!from) return;
      const touch = e.touches.length === 1 ? e.touches[0] : undefined;
      const dy = touch ? touch.clientY - from.y : -1;
      const dx = touch ? touch.clientX - from.x : 0;
      // Up, sideways or a second finger: not a pull. Nor once the list has scrolled after all.
      if (dy < 0 || (distance === 0 && Math.abs(dx) > dy) || (from.scroller?.scrollTop ?? 0) > 0) {
        if (distance > 0) stop();
        else from = null;
        return;
      }
      distance = pullDistance(dy);
      setPull({ phase: 'pulling', distance });
    };
    const onEnd = () => {
      if (!from) return;
      const go = distance >= PULL_AT;
      from = null;
      distance = 0;
      if (!go) return setPull({ phase: 'idle', distance: 0 });
      setPull({ phase: 'refreshing', distance: PULL_AT });
      void refresh
        .current()
        .catch(() => undefined)
        .finally(() => setPull({ phase: 'idle', distance: 0 }));
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: true });
    el.addEventListener('touchend', onEnd, { passive: true });
    el.addEventListener('touchcancel', stop, { passive: true });
    return () => {
      delete root.dataset.pullRefresh;
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', stop);
    };
  }, [area, enabled, busy]);

  if (pull.phase === 'idle') return null;
  const armed = pull.distance >= PULL_AT;
  const label = busy ? t('items.pull.refreshing') : armed ? t('items.pull.release') : t('items.pull.pull');
  return (
    <div
      className={classes.pull}
      style={{ transform: `translate(-50%, ${pull.distance - 44}px)` }}
      data-testid="pull-refresh"
      data-phase={busy ? 'refreshing' : armed ? 'armed' : 'pulling'}
      role="status"
      aria-label={label}
    >
      {busy ? (
        <Loader size={16} />
      ) : (
        <IconArrowDown
          size={16}
          style={{ transform: `rotate(${armed ? 180 : 0}deg)`, transition: 'transform 120ms' }}
          aria-hidden
        />
      )}
      <span>{label}</span>
    </div>
  );
}
