/**
 * Every open article has an address. On list routes it is a path segment after the list's own
 * address (`/all/i/1234`, `/f/6/i/1234`, `/filter/abc/i/1234`); on screens without a list route
 * (search, the filter editor, related) it is the `open` query parameter (`/search?q=x&open=1234`).
 * Opening from the list pushes a history entry, so Back closes the reader and Forward reopens it;
 * stepping between articles while the reader is open replaces that entry, so Back still returns to
 * the list; closing pops the entry the list pushed (or, on an address pasted or bookmarked,
 * replaces it with the list's).
 */
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  NavigationType,
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
import { hasStateFlag } from '../app/historyState';

/** The article segment (or query parameter value): a positive integer id, else null. */
export function parseArticleId(value: string | null | undefined): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** The address of article `id` opened in the list at `listPath` (e.g. `/f/6` → `/f/6/i/7`). */
export function articlePath(listPath: string, id: number): string {
  return `${listPath.replace(/\/+$/, '')}/i/${id}`;
}

/** The list part of a list-route pathname: `/f/6/i/7` → `/f/6`; `/all` stays `/all`. */
export function listPathOf(pathname: string): string {
  return pathname.replace(/\/i\/[^/]*\/?$/, '').replace(/(.)\/+$/, '$1');
}

/** `path` with `open=<id>` added to its query (the shape of screens without a list route). */
export function withOpenParam(path: string, id: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}open=${id}`;
}

/** History state marking an article entry that the list itself pushed (so Back/close pops it). */
const PUSHED = 'rivuletArticleFromList';

const pushedByList = (state: unknown): boolean => hasStateFlag(state, PUSHED);

/**
 * An article address the app is opened at (a notification's new window, a pasted link, a
 * bookmark) gets its list's entry beneath it, so Back (a phone's, an installed app's) returns to
 * the list instead of leaving the app, and closing the reader pops to that list. Done on the
 * browser's history before the router reads it, in the router's own entry shape (`usr`, `key`,
 * `idx`), so the first render is already the article over its list. Not for an entry the app
 * made before (it has an `idx`: a reload keeps its history as it was). True when it stacked.
 */
export function stackListUnderArticle(win: Pick<Window, 'history' | 'location'> = window): boolean {
  const state = win.history.state as { idx?: unknown } | null;
  if (state !== null && typeof state === 'object' && state.idx != null) return false;
  const { pathname, search, hash } = win.location;
  if (!/^\/[^/]+(\/[^/]+)?\/i\/[1-9]\d{0,14}\/?$/.test(pathname)) return false;
  win.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', `${listPathOf(pathname)}${search}`);
  const key = Math.random().toString(36).slice(2, 10);
  win.history.pushState({ usr: { [PUSHED]: true }, key, idx: 1 }, '', `${pathname}${search}${hash}`);
  return true;
}

export interface ArticleAddress {
  /** The article the address names; null when it names none (or an id that is not a number). */
  openId: number | null;
  /** True when the address has an article part that is not a valid id (e.g. `/all/i/abc`). */
  malformed: boolean;
  /** Opens `id`: 'push' from a list with the reader closed, 'replace' when stepping in the reader. */
  open: (id: number, how: 'push' | 'replace') => void;
  /** Closes the reader: back to the list's own address. */
  close: () => void;
  /**
   * An open or close asked for whose address has not rendered yet (the router renders a
   * navigation in a transition), else null; `id` is the article asked for, null for a close. A
   * step pressed meanwhile steps on from it.
   */
  pending: () => { id: number | null } | null;
}

/** An open or close asked for on the location `key`, until its own location renders. */
interface Ask {
  key: string;
  /** The article asked for; null for a close. */
  id: number | null;
  /** Whether the entry it made is one the list pushed (so a close pops it). */
  pushed: boolean;
  /** How it navigates: adds an entry, replaces the current one, or goes Back. */
  how: 'push' | 'replace' | 'pop';
}

/**
 * The open article of the list on this route, read from and written to the address (see the
 * file comment). A list route is one with a `type` parameter; there, an old `?open=<id>` link is
 * rewritten (replace) to the path shape. Used by every ItemsView, so all lists behave alike.
 */
export function useArticleAddress(): ArticleAddress {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const pathShape = params.type !== undefined;
  const raw = pathShape ? params.item : search.get('open');
  const openId = parseArticleId(raw);
  const listPath = listPathOf(location.pathname);
  const legacyOpen = pathShape ? parseArticleId(search.get('open')) : null;

  // Old links (`/f/6?open=12`): same article, new address, no extra history entry.
  useEffect(() => {
    if (legacyOpen === null) return;
    const rest = new URLSearchParams(search);
    rest.delete('open');
    const query = rest.toString();
    void navigate(`${articlePath(listPath, legacyOpen)}${query ? `?${query}` : ''}${location.hash}`, {
      replace: true,
    });
  }, [legacyOpen, listPath, search, location.hash, navigate]);

  const pushed = pushedByList(location.state);
  const hrefFor = useCallback(
    (id: number | null): string => {
      const q = new URLSearchParams(search);
      q.delete('open');
      if (!pathShape && id !== null) q.set('open', String(id));
      const query = q.toString();
      const path = pathShape && id !== null ? articlePath(listPath, id) : listPath;
      return `${path}${query ? `?${query}` : ''}`;
    },
    [search, pathShape, listPath],
  );

  // The router renders a navigation in a transition, so until it does, `openId` and `pushed` still
  // describe the entry before it. A second open or a close meanwhile (j then k, Enter then Esc on
  // a slow page) acts on the entry the first one made: an open that leads back to the article on
  // screen still navigates (j's address is already in the history), one from a pending push
  // replaces that entry instead of pushing a second, and a close pops it.
  // The ask is read from the ref (a second call in the same task sees the first); the state only
  // renders the caller at once, so its keys know an article is on its way (Esc before it shows).
  const asked = useRef<Ask | null>(null);
  const [, setAsked] = useState<Ask | null>(null);
  const ask = useCallback((next: Ask) => {
    asked.current = next;
    setAsked(next);
  }, []);
  const pendingAsk = useCallback(
    (): Ask | null => (asked.current?.key === location.key ? asked.current : null),
    [location.key],
  );
  // An open and the close that pops it, both before either renders (Enter then Esc on a slow
  // page), bring the router back to the entry on screen, same key: no render ever ends the ask.
  // Left standing, it made the next open replace the list's entry instead of pushing one, and
  // Back then left the list. The router's own state says when a Back has landed where the ask
  // was made. (The data router's context is React Router's own way to its router, marked
  // UNSAFE for being outside the documented hooks; it is there for every data router.)
  const router = useContext(DataRouterContext)?.router;
  // Whether the router has made the navigation `a` asked for: it has left the entry the ask was
  // made on (the rendered one). A push can take tens of milliseconds to reach the history (the
  // article's route loads lazily: 25–55 ms after a page load at 1440×900, nothing throttled),
  // longer than Enter then Esc or Enter then j takes a quick hand.
  const made = useCallback((a: Ask) => !router || router.state.location.key !== a.key, [router]);
  const shownKey = useRef(location.key);
  useLayoutEffect(() => {
    shownKey.current = location.key;
    // Another entry rendered: the navigation asked for (or one that overtook it) has been made,
    // and the ask is over. Left standing, a Back to the entry it was made on found it pending:
    // the reader closed by Back, j opened the next article instead of moving in the list.
    if (asked.current && asked.current.key !== location.key) asked.current = null;
  });
  useEffect(
    () =>
      router?.subscribe((state) => {
        const waiting = asked.current;
        if (
          waiting &&
          state.historyAction === NavigationType.Pop &&
          state.navigation.state === 'idle' &&
          state.location.key === waiting.key &&
          waiting.key === shownKey.current
        ) {
          asked.current = null;
          setAsked(null);
        }
      }),
    [router],
  );

  const open = useCallback(
    (id: number, how: 'push' | 'replace') => {
      const before = pendingAsk();
      if (id === (before ? before.id : openId)) return;
      // Where the router is decides, not what is rendered: after a close it has made, the list
      // (an open pushes); after an open it has made, that article's entry (a step replaces it).
      // A navigation it has not made yet is dropped when this one starts, so this one takes its
      // place: a push stays a push (a replace would replace the list's own entry, and Back would
      // then leave the list), and an open replacing a close's replace is an open from the list.
      // Only a close's Back, which the browser makes, cannot be overtaken.
      const push = !before
        ? how === 'push'
        : made(before)
          ? before.id === null
          : before.how === 'push' || (before.id === null && before.how === 'replace');
      // Stepping keeps the entry's origin, so a later close still pops back to the list.
      const keepsPush = push || (before ? before.pushed : pushed);
      ask({ key: location.key, id, pushed: keepsPush, how: push ? 'push' : 'replace' });
      void navigate(hrefFor(id), { replace: !push, state: keepsPush ? { [PUSHED]: true } : null });
    },
    [navigate, hrefFor, openId, pushed, pendingAsk, ask, location.key, made],
  );

  const close = useCallback(() => {
    const before = pendingAsk();
    if (before ? before.id === null : openId === null && raw == null) return;
    // An article whose push has not reached the history yet: Back would leave the list (the entry
    // before it), so the list's own address replaces the list's entry instead, and the router
    // drops the push it overtakes.
    const unmade = before !== null && before.how === 'push' && !made(before);
    const pops = !unmade && (before ? before.pushed : pushed);
    ask({ key: location.key, id: null, pushed: false, how: pops ? 'pop' : 'replace' });
    if (pops) void navigate(-1);
    else
      void navigate(hrefFor(null), {
        replace: true,
        ...(unmade ? { state: location.state as unknown } : {}),
      });
  }, [navigate, hrefFor, openId, raw, pushed, pendingAsk, ask, location.key, location.state, made]);

  const pending = useCallback(() => {
    const waiting = pendingAsk();
    return waiting ? { id: waiting.id } : null;
  }, [pendingAsk]);

  return useMemo(
    () => ({ openId, malformed: raw != null && openId === null, open, close, pending }),
    [openId, raw, open, close, pending],
  );
}
