/**
 * What a click on one of Rivulet's notifications does, as a pure decision the service worker
 * (sw.ts) carries out: focus an open app window and ask it to go to the article (the page
 * navigates inside the app, keeping its state), or open a new window there. Imported only by
 * sw.ts, so the build inlines it into sw.js (which must stay one script with no imports).
 */

/** The message a window gets: `{ type: OPEN_ARTICLE_MESSAGE, url }` (src/pwa/notifications.ts listens). */
export const OPEN_ARTICLE_MESSAGE = 'rivulet-open-article';

/** The part of a window client the decision needs. */
export interface ClickClient {
  id: string;
  url: string;
  focused: boolean;
  visibilityState: string;
}

export type ClickPlan = { kind: 'focus'; clientId: string; url: string } | { kind: 'open'; url: string };

/**
 * The app path a notification's data names: its `url` when that is a same-origin path (never
 * another site, never a protocol-relative `//host`), else the app's start.
 */
export function notificationTarget(data: unknown): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/';
}

/**
 * Picks the window to use: the focused one, else a visible one, else any window of the app
 * (same origin); with none, a new window opens at the target.
 */
export function planNotificationClick(
  data: unknown,
  clients: readonly ClickClient[],
  origin: string,
): ClickPlan {
  const url = notificationTarget(data);
  const ours = clients.filter((c) => {
    try {
      return new URL(c.url).origin === origin;
    } catch {
      return false;
    }
  });
  const pick = ours.find((c) => c.focused) ?? ours.find((c) => c.visibilityState === 'visible') ?? ours[0];
  return pick ? { kind: 'focus', clientId: pick.id, url } : { kind: 'open', url };
}
