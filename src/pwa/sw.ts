/**
 * The service worker (built to /sw.js by the plugin in scripts/lib/serviceWorker.ts). It keeps the app shell — every built file
 * — in one cache per build, so Rivulet opens and reads stored articles with no network: the data
 * itself is in IndexedDB already. Rules:
 * - install: precache the whole build; a new build waits (the page offers "update — reload"
 *   and posts 'skip-waiting'), so a running tab never mixes files of two builds.
 * - activate: drop the caches of older builds; take control of open pages at once.
 * - fetch: only same-origin GETs; never /api/* (feeds, AI: always live, never stored);
 *   navigations get the cached index.html (history routes like /f/3 included); precached files
 *   come from the cache; anything else goes to the network.
 * - notificationclick (rules' notifications, src/pwa/notifications.ts): focus an app window and
 *   post it the article's address (the page navigates inside the app), or open a new window there;
 *   the choice is the pure `planNotificationClick`.
 * It imports only that pure module (inlined by the build) and uses no DOM-only types, because it
 * must stay one classic script.
 */
import { OPEN_ARTICLE_MESSAGE, planNotificationClick } from './notificationClick';

// Filled in at build time (scripts/lib/serviceWorker.ts): the precache list, and a hash of every
// precached file's contents as the version. The names must not change.
declare const __RIVULET_PRECACHE__: string[];
declare const __RIVULET_SW_VERSION__: string;

interface ExtendableEvt extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvt extends ExtendableEvt {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEvt extends ExtendableEvt {
  data: unknown;
}
interface NotificationClickEvt extends ExtendableEvt {
  notification: { data: unknown; close(): void };
}
interface WindowClientLike {
  id: string;
  url: string;
  focused: boolean;
  visibilityState: string;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}
interface SwScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvt) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvt) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEvt) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: NotificationClickEvt) => void): void;
}

const sw = self as unknown as SwScope;
const PREFIX = 'rivulet-shell-';
const CACHE = `${PREFIX}${__RIVULET_SW_VERSION__}`;
const PRECACHE = new Set(__RIVULET_PRECACHE__);
const SHELL = '/index.html';

sw.addEventListener('install', (event) => {
  // `reload` skips the HTTP cache, so a new build never precaches a stale file.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...PRECACHE].map((url) => new Request(url, { cache: 'reload' })))),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') event.waitUntil(sw.skipWaiting());
});

/** Carries out a click on a notification whose data is `data` (see notificationClick.ts). */
async function openFromNotification(data: unknown): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const plan = planNotificationClick(data, windows, sw.location.origin);
  const target = plan.kind === 'focus' ? windows.find((w) => w.id === plan.clientId) : undefined;
  if (!target) {
    await sw.clients.openWindow(plan.url);
    return;
  }
  // Focus is allowed only during a click; go to the article even if the browser refuses it.
  await target.focus().catch(() => undefined);
  target.postMessage({ type: OPEN_ARTICLE_MESSAGE, url: plan.url });
}

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data));
});

// End-to-end tests reach the click path here (a real click on a system notification cannot be
// scripted); only code already running in this worker can call it.
(sw as unknown as { __rivuletOpenNotification?: typeof openFromNotification }).__rivuletOpenNotification =
  openFromNotification;

async function fromCache(request: Request | string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(request);
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fromCache(SHELL).then((cached) => cached ?? fetch(request)));
    return;
  }
  if (PRECACHE.has(url.pathname)) {
    event.respondWith(fromCache(url.pathname).then((cached) => cached ?? fetch(request)));
  }
});
