/**
 * System notifications for rules' notify action, and the unread badge of the installed app.
 * - The engine emits `{ type: 'notify', items }` when a rule with "Notify" matches new articles;
 *   src/engine/bridge.ts hands the items to {@link showRuleNotifications}. The engine emits it to
 *   the ingesting tab only (`events.local`, worker/rules/rules.ts), so one tab shows them even
 *   with several open (no cross-tab lock needed; per-article tags make repeats replace).
 * - Notifications go through the service worker registration, so a click reaches sw.ts even when
 *   the page is gone; it focuses a window and posts {@link OPEN_ARTICLE} with the article's
 *   address, which {@link listenForOpenRequests} turns into an in-app navigation.
 * - Permission is asked only when the person turns the setting on (NotificationSettings.tsx).
 */
import type { NotifyItem } from '../engine/contract';
import { t } from '../i18n';
import { settingsStore } from '../settings/useSettings';
import { navigateTo } from '../routes/navigation';

/** Up to this many articles in one batch get one notification each; more are grouped into one. */
export const MAX_SEPARATE = 3;
/** Titles listed in a grouped notification's body. */
const GROUP_LINES = 3;
/** The message type sw.ts posts on a click (the same string as `OPEN_ARTICLE_MESSAGE` there). */
export const OPEN_ARTICLE = 'rivulet-open-article';
const ICON = '/icons/icon-192.png';

export type NotifyPermission = 'granted' | 'denied' | 'default' | 'unsupported';

/** What a notification carries for the click handler. */
export interface NotificationData {
  url: string;
  itemIds: number[];
}

export interface NotificationSpec {
  title: string;
  options: Omit<NotificationOptions, 'tag' | 'data'> & { tag: string; data: NotificationData };
}

/** The texts a batch needs (from the dictionaries in the app, plain in tests). */
export interface NotifyText {
  untitled: string;
  grouped: (count: number) => string;
  more: (count: number) => string;
}

const appText = (): NotifyText => ({
  untitled: t('common.untitled'),
  grouped: (count) => t('notify.grouped', { count }),
  more: (count) => t('notify.groupedMore', { count }),
});

/** The address of an article in its feed's list: `/f/<feedId>/i/<id>` (src/items/articleAddress.ts). */
export const articleUrl = (item: Pick<NotifyItem, 'id' | 'feedId'>): string =>
  `/f/${item.feedId}/i/${item.id}`;

/**
 * The notifications for one batch: one per article (title, feed name as the body, tagged by
 * article so a repeat replaces it), or beyond {@link MAX_SEPARATE} articles one grouped
 * notification listing the first titles, which opens their feed (or All articles when they come
 * from several feeds).
 */
export function planNotifications(items: readonly NotifyItem[], text: NotifyText): NotificationSpec[] {
  const seen = new Set<number>();
  const unique = items.filter((i) => !seen.has(i.id) && seen.add(i.id));
  const titleOf = (i: NotifyItem) => i.title.trim() || text.untitled;
  if (unique.length <= MAX_SEPARATE) {
    return unique.map((item) => ({
      title: titleOf(item),
      options: {
        body: item.feedTitle,
        tag: `rivulet-item-${item.id}`,
        icon: ICON,
        data: { url: articleUrl(item), itemIds: [item.id] },
      },
    }));
  }
  const feeds = new Set(unique.map((i) => i.feedId));
  const lines = unique.slice(0, GROUP_LINES).map((i) => `${titleOf(i)} — ${i.feedTitle}`);
  if (unique.length > GROUP_LINES) lines.push(text.more(unique.length - GROUP_LINES));
  return [
    {
      title: text.grouped(unique.length),
      options: {
        body: lines.join('\n'),
        tag: 'rivulet-rules-batch',
        icon: ICON,
        data: {
          url: feeds.size === 1 ? `/f/${unique[0]!.feedId}` : '/all',
          itemIds: unique.map((i) => i.id),
        },
      },
    },
  ];
}

/** The browser's notification permission, or 'unsupported' where there is no Notifications API. */
export function notificationPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

type Showing = Pick<ServiceWorkerRegistration, 'showNotification'>;

/** The service worker registration of this page, if any (none in `vite dev` or without support). */
export async function swRegistration(): Promise<Showing | undefined> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** What {@link showRuleNotifications} consults (replaceable in tests). */
export interface NotifierDeps {
  enabled: () => boolean;
  permission: () => NotifyPermission;
  registration: () => Promise<Showing | undefined>;
  text: () => NotifyText;
}

const appDeps: NotifierDeps = {
  enabled: () => settingsStore.getSnapshot().general.notifications,
  permission: notificationPermission,
  registration: swRegistration,
  text: appText,
};

/**
 * Shows a notify event's articles when the setting is on and the permission granted; returns
 * how many notifications were shown.
 */
export async function showRuleNotifications(
  items: readonly NotifyItem[],
  deps: NotifierDeps = appDeps,
): Promise<number> {
  if (items.length === 0 || !deps.enabled() || deps.permission() !== 'granted') return 0;
  const reg = await deps.registration();
  if (!reg) return 0;
  const specs = planNotifications(items, deps.text());
  for (const spec of specs) await reg.showNotification(spec.title, spec.options);
  return specs.length;
}

/** Shows the test notification of the settings screen; throws when it cannot. */
export async function sendTestNotification(registration = swRegistration): Promise<void> {
  const reg = await registration();
  if (!reg) throw new Error(t('notify.noWorker'));
  await reg.showNotification(t('notify.testTitle'), {
    body: t('notify.testBody'),
    tag: 'rivulet-test',
    icon: ICON,
    data: { url: '/', itemIds: [] } satisfies NotificationData,
  });
}

/** Whether `data` is sw.ts's "open this article" message, and its app path. */
export function openRequestUrl(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as { type?: unknown; url?: unknown };
  return m.type === OPEN_ARTICLE && typeof m.url === 'string' && /^\/(?![/\\])/.test(m.url) ? m.url : null;
}

/** Navigates in the app when the service worker asks (a notification was clicked). */
export function listenForOpenRequests(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  go: (to: string) => void = navigateTo,
): () => void {
  if (!container) return () => {};
  const onMessage = (e: MessageEvent) => {
    const url = openRequestUrl(e.data);
    if (url) go(url);
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}

/** The part of Navigator the badge uses (the Badging API; absent in most desktop browsers). */
export interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export const badgeSupported = (nav: BadgeNavigator | undefined = globalThis.navigator): boolean =>
  typeof nav?.setAppBadge === 'function';

/** The badge to show: the unread count, 0 (cleared) when turned off, null while counts load. */
export function badgeCount(unread: number | undefined, enabled: boolean): number | null {
  if (!enabled) return 0;
  return unread === undefined ? null : Math.max(0, Math.floor(unread));
}

/** Sets the app badge to `count`, or clears it at 0; failures (not installed, etc.) are ignored. */
export async function applyBadge(count: number, nav: BadgeNavigator = navigator): Promise<void> {
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // The browser may refuse outside an installed app; the badge is a nicety.
  }
}
