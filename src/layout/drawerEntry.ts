/**
 * The narrow screens' sidebar drawer is a history entry, as a phone's own drawers and sheets are:
 * opening it pushes the same address with a mark in the history state, so the phone's Back closes
 * the drawer instead of leaving the page (and Forward opens it again); closing it any other way
 * (Esc, the backdrop, the menu button) pops that entry; a link followed from inside it replaces
 * the entry, so Back from the page it led to returns to the page under the drawer, closed (a
 * link to that page itself just closes the drawer).
 * The article reader's address works the same way (src/items/articleAddress.ts).
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import type { MouseEvent } from 'react';
import { hasStateFlag, withStateFlag } from '../app/historyState';

/** The mark of the drawer's history entry. */
export const DRAWER_FLAG = 'rivuletDrawer';

/** True when a history entry's state is the open drawer's. */
export const drawerInState = (state: unknown): boolean => hasStateFlag(state, DRAWER_FLAG);

/** The history state of the drawer's entry over a page whose own state is `state`. */
export const withDrawer = (state: unknown): Record<string, unknown> => withStateFlag(state, DRAWER_FLAG);

/**
 * The app address a click on an `<a>` goes to, when it is a plain left click on a same-origin
 * link that opens in this tab; else null (modified clicks, new tabs and other sites keep the
 * browser's own behaviour, and a button inside the link keeps its own).
 */
export function appHrefOfClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>,
  /** The page's own address (`location.href`): relative links resolve against it. */
  base: string,
): string | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  // A control inside the link (a group row's fold chevron) handles its own click.
  const control = target.closest('button, [role="button"]');
  if (control && link.contains(control)) return null;
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download')) return null;
  const url = new URL(link.getAttribute('href') ?? '', base);
  if (url.origin !== new URL(base).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface DrawerEntry {
  /** The drawer's entry is the current one. */
  open: boolean;
  /** Pushes the drawer's entry (nothing when it is already open). */
  show: () => void;
  /** Pops the drawer's entry (nothing when it is not the current one). */
  hide: () => void;
  /**
   * Capture-phase click handler for the shell: while the drawer is open, an app link (in the
   * drawer or the bottom bar) replaces the drawer's entry instead of pushing after it.
   */
  onClickCapture: (event: MouseEvent) => void;
}

/** The drawer's history entry (see the file comment). */
export function useDrawerEntry(): DrawerEntry {
  const { pathname, search, hash, state } = useLocation() as Location<unknown>;
  const navigate = useNavigate();
  const open = drawerInState(state);

  const show = useCallback(() => {
    if (open) return;
    void navigate({ pathname, search, hash }, { state: withDrawer(state) });
  }, [open, navigate, pathname, search, hash, state]);

  const hide = useCallback(() => {
    if (open) void navigate(-1);
  }, [open, navigate]);

  const onClickCapture = useCallback(
    (event: MouseEvent) => {
      if (!open || event.defaultPrevented) return;
      const href = appHrefOfClick(event, window.location.href);
      if (href === null) return;
      // The link's own handler (React Router's) sees the default prevented and does nothing.
      event.preventDefault();
      // A link to the page under the drawer only closes it (no second entry of the same page).
      if (href === `${pathname}${search}${hash}`) void navigate(-1);
      else void navigate(href, { replace: true });
    },
    [open, navigate, pathname, search, hash],
  );

  return useMemo(() => ({ open, show, hide, onClickCapture }), [open, show, hide, onClickCapture]);
}
