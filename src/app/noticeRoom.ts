/**
 * Room at the end of the scrolling areas while notices are shown. Toasts sit at the bottom of the
 * screen (above the phone's bottom bar and a docked player): on a phone they span its width, so
 * without this they covered the last ~170 px of a page, which could not be scrolled out from
 * under them (a Subscribe button stayed hidden until the notice closed). This publishes how much
 * of the main area the bottom notices cover as `--rv-notice-room` on the root element; the
 * scrolling areas (Screen, the article list, the reader) add it to their bottom padding, so their
 * last control can always be scrolled clear. 0px when no notice is shown.
 */

const ROOTS = '.mantine-Notifications-root[data-position^="bottom"]';

/** The px of `area` (a rect's top and bottom) that `notices` (their rects) cover from below. */
export function coveredFromBelow(area: { bottom: number }, notices: readonly DOMRect[]): number {
  const shown = notices.filter((r) => r.height > 0);
  if (!shown.length) return 0;
  const top = Math.min(...shown.map((r) => r.top));
  return Math.max(0, Math.ceil(area.bottom - top));
}

/** Starts keeping `--rv-notice-room` up to date; returns the function that stops it. */
export function watchNoticeRoom(doc: Document = document): () => void {
  const view = doc.defaultView;
  if (!view || typeof ResizeObserver === 'undefined') return () => {};
  let frame = 0;
  let last = '';
  const measure = () => {
    view.cancelAnimationFrame(frame);
    frame = view.requestAnimationFrame(() => {
      const roots = [...doc.querySelectorAll<HTMLElement>(ROOTS)];
      const main = doc.querySelector('main');
      const area = main ? main.getBoundingClientRect() : { bottom: view.innerHeight };
      // A little more than covered, so the last control does not end flush against the notice.
      const covered = coveredFromBelow(
        area,
        roots.map((r) => r.getBoundingClientRect()),
      );
      const room = covered ? `${covered + 12}px` : '0px';
      if (room === last) return;
      last = room;
      doc.documentElement.style.setProperty('--rv-notice-room', room);
    });
  };
  const resize = new ResizeObserver(measure);
  const observed = new Set<Element>();
  const observeRoots = () => {
    for (const root of doc.querySelectorAll(ROOTS)) {
      if (observed.has(root)) continue;
      observed.add(root);
      resize.observe(root);
    }
    measure();
  };
  // The roots are portalled into the body once the Notifications component mounts.
  const added = new MutationObserver(observeRoots);
  added.observe(doc.body, { childList: true });
  observeRoots();
  view.addEventListener('resize', measure);
  return () => {
    resize.disconnect();
    added.disconnect();
    view.removeEventListener('resize', measure);
    view.cancelAnimationFrame(frame);
    doc.documentElement.style.removeProperty('--rv-notice-room');
  };
}
