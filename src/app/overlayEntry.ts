/**
 * A screen-covering layer that is a history entry while it is open, as a phone's sheets are (the
 * settings dialog, the image preview): opening it pushes the same address with a mark in the
 * history state, so Back closes the layer instead of leaving the page under it (and Forward opens
 * it again where it can); closing it any other way (×, Esc, the backdrop) pops that entry.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { hasStateFlag, liveEntryState, withStateFlag, withoutStateFlag } from './historyState';

export interface OverlayEntryOptions {
  /** Follows the address into the layer's entry (Forward, a reload); false: it cannot come back. */
  open: () => boolean | void;
  /** Follows the address out of it (Back, a link). */
  close: () => void;
  /**
   * The mark of an entry this layer takes the place of rather than stacking on (settings opened
   * from the narrow screens' drawer: the drawer closes, and Back from the dialog returns to the
   * page, closed).
   */
  replaces?: string;
}

/**
 * Keeps a layer's open state (`opened`, kept by the layer's own store) and its history entry
 * (marked `flag`) in step; whichever of the two changed last leads.
 */
export function useOverlayEntry(flag: string, opened: boolean, opts: OverlayEntryOptions): void {
  const { pathname, search, hash, state } = useLocation() as Location<unknown>;
  const navigate = useNavigate();
  const inState = hasStateFlag(state, flag);
  // An entry that carries the mark when the app mounts (a reload of the open layer) opens it.
  const last = useRef({ opened, inState: false });
  // The history move this hook asked for and has not seen arrive yet: the router applies a
  // navigation later than the layer's own state, so a quick close can come before the entry its
  // opening pushed.
  const pending = useRef<'push' | 'pop' | null>(null);
  // Back and Forward as the browser makes them (popstate), counted: the router renders moves in
  // transitions, which can fold the opening's push and a Back right after it into one render that
  // shows the address as it was, so the hook would wait for its push for ever, the layer open.
  // The ref counts at once (a push is compared with it); the state runs the effect again.
  const traversals = useRef(0);
  const [traversed, setTraversed] = useState(0);
  // The count when this hook pushed its entry, and when it asked for the pop of it.
  const pushedAt = useRef(0);
  const poppedAt = useRef(0);
  useEffect(() => {
    const onPop = () => {
      traversals.current += 1;
      setTraversed(traversals.current);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const follow = useRef(opts);
  useEffect(() => {
    follow.current = opts;
  });
  const replaces = opts.replaces;

  useEffect(() => {
    const before = last.current;
    last.current = { opened, inState };
    const push = () => {
      pending.current = 'push';
      pushedAt.current = traversals.current;
      const over = replaces !== undefined && hasStateFlag(state, replaces);
      void navigate(
        { pathname, search, hash },
        { state: withStateFlag(over ? withoutStateFlag(state, replaces) : state, flag), replace: over },
      );
    };
    const pop = () => {
      pending.current = 'pop';
      poppedAt.current = traversals.current;
      void navigate(-1);
    };

    if (
      pending.current === 'push' &&
      traversals.current > pushedAt.current &&
      !hasStateFlag(liveEntryState(), flag)
    ) {
      // The push landed and a Back took the browser off it before the router rendered it: the
      // layer follows the address out, as for any Back.
      pending.current = null;
      last.current = { opened, inState: false };
      follow.current.close();
      return;
    }
    if (
      pending.current === 'pop' &&
      traversals.current > poppedAt.current + 1 &&
      hasStateFlag(liveEntryState(), flag)
    ) {
      // The mirror case: the pop landed (one traversal) and a Forward took the browser back onto
      // the layer's entry before the router rendered the pop: the layer follows it in, as for
      // any Forward (or, if it cannot come back, drops the mark from the entry).
      pending.current = null;
      last.current = { opened, inState: true };
      if (follow.current.open() === false) {
        last.current = { opened, inState: false };
        void navigate(
          { pathname, search, hash },
          { state: withoutStateFlag(liveEntryState(), flag), replace: true },
        );
      }
      return;
    }
    if (inState !== before.inState) {
      const asked = pending.current;
      pending.current = null;
      if (asked === (inState ? 'push' : 'pop')) {
        // The move this hook made arrived; the layer may have changed its mind meanwhile.
        if (opened !== inState) {
          if (opened) push();
          else pop();
        }
        return;
      }
      // The address moved by itself (Back, Forward, a link): the layer follows it. One that
      // cannot come back drops the mark from its entry, so the address no longer claims it.
      if (!inState) follow.current.close();
      else if (follow.current.open() === false)
        void navigate({ pathname, search, hash }, { state: withoutStateFlag(state, flag), replace: true });
      return;
    }
    if (opened === before.opened || pending.current !== null || opened === inState) return;
    if (opened) push();
    else pop();
  }, [opened, inState, navigate, pathname, search, hash, state, flag, replaces, traversed]);
}
