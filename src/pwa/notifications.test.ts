import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotifyItem } from '../engine/contract';
import { OPEN_ARTICLE_MESSAGE } from './notificationClick';
import {
  MAX_SEPARATE,
  OPEN_ARTICLE,
  applyBadge,
  badgeCount,
  badgeSupported,
  listenForOpenRequests,
  openRequestUrl,
  planNotifications,
  showRuleNotifications,
  type NotifierDeps,
  type NotifyText,
} from './notifications';

const text: NotifyText = {
  untitled: 'Untitled',
  grouped: (n) => `${n} new articles from rules`,
  more: (n) => `…and ${n} more`,
};
const item = (id: number, feedId = 3, title = `Article ${id}`): NotifyItem => ({
  id,
  title,
  feedId,
  feedTitle: `Feed ${feedId}`,
});

describe('planNotifications', () => {
  it('shows one notification per article, tagged by article, opening its address', () => {
    const specs = planNotifications([item(7), item(8, 4)], text);
    expect(specs).toHaveLength(2);
    expect(specs[0]).toMatchObject({
      title: 'Article 7',
      options: { body: 'Feed 3', tag: 'rivulet-item-7', data: { url: '/f/3/i/7', itemIds: [7] } },
    });
    expect(specs[1]!.options.data.url).toBe('/f/4/i/8');
  });

  it('names untitled articles and drops repeats within a batch', () => {
    const specs = planNotifications([item(1, 3, '  '), item(1, 3, '  ')], text);
    expect(specs).toHaveLength(1);
    expect(specs[0]!.title).toBe('Untitled');
  });

  it(`keeps ${MAX_SEPARATE} articles separate and groups more into one`, () => {
    expect(planNotifications([item(1), item(2), item(3)], text)).toHaveLength(3);
    const [group, ...rest] = planNotifications([item(1), item(2), item(3, 5), item(4), item(5)], text);
    expect(rest).toEqual([]);
    expect(group!.title).toBe('5 new articles from rules');
    expect(group!.options.body).toBe(
      'Article 1 — Feed 3\nArticle 2 — Feed 3\nArticle 3 — Feed 5\n…and 2 more',
    );
    expect(group!.options.tag).toBe('rivulet-rules-batch');
    expect(group!.options.data).toEqual({ url: '/all', itemIds: [1, 2, 3, 4, 5] });
  });

  it("opens the feed's list when a grouped batch comes from one feed", () => {
    const [group] = planNotifications([item(1), item(2), item(3), item(4)], text);
    expect(group!.options.data.url).toBe('/f/3');
  });
});

describe('showRuleNotifications', () => {
  const deps = (patch: Partial<NotifierDeps> = {}) => {
    const showNotification = vi.fn(() => Promise.resolve());
    const d: NotifierDeps = {
      enabled: () => true,
      permission: () => 'granted',
      registration: () => Promise.resolve({ showNotification }),
      text: () => text,
      ...patch,
    };
    return { d, showNotification };
  };

  it('shows them when on and granted', async () => {
    const { d, showNotification } = deps();
    expect(await showRuleNotifications([item(7)], d)).toBe(1);
    expect(showNotification).toHaveBeenCalledWith(
      'Article 7',
      expect.objectContaining({ tag: 'rivulet-item-7', data: { url: '/f/3/i/7', itemIds: [7] } }),
    );
  });

  it('shows one grouped notification for a big batch', async () => {
    const { d, showNotification } = deps();
    expect(
      await showRuleNotifications(
        [1, 2, 3, 4, 5, 6].map((id) => item(id)),
        d,
      ),
    ).toBe(1);
    expect(showNotification).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the setting is off', { enabled: () => false }],
    ['permission is not asked yet', { permission: () => 'default' as const }],
    ['permission is denied', { permission: () => 'denied' as const }],
    ['there is no Notifications API', { permission: () => 'unsupported' as const }],
    ['there is no service worker', { registration: () => Promise.resolve(undefined) }],
  ])('shows nothing when %s', async (_, patch: Partial<NotifierDeps>) => {
    const { d, showNotification } = deps(patch);
    expect(await showRuleNotifications([item(7)], d)).toBe(0);
    expect(showNotification).not.toHaveBeenCalled();
  });
});

describe('opening a clicked notification in the app', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the same message type as the service worker', () => {
    expect(OPEN_ARTICLE).toBe(OPEN_ARTICLE_MESSAGE);
  });

  it('accepts only app paths in the open message', () => {
    expect(openRequestUrl({ type: OPEN_ARTICLE, url: '/f/3/i/7' })).toBe('/f/3/i/7');
    expect(openRequestUrl({ type: OPEN_ARTICLE, url: 'https://evil.example/' })).toBeNull();
    expect(openRequestUrl({ type: OPEN_ARTICLE, url: '//evil.example/' })).toBeNull();
    expect(openRequestUrl({ type: 'other', url: '/f/3/i/7' })).toBeNull();
    expect(openRequestUrl('skip-waiting')).toBeNull();
  });

  it("navigates when the service worker's message arrives, until disconnected", () => {
    const container = new EventTarget() as unknown as ServiceWorkerContainer;
    const go = vi.fn();
    const off = listenForOpenRequests(container, go);
    container.dispatchEvent(new MessageEvent('message', { data: { type: OPEN_ARTICLE, url: '/f/3/i/7' } }));
    expect(go).toHaveBeenCalledWith('/f/3/i/7');
    off();
    container.dispatchEvent(new MessageEvent('message', { data: { type: OPEN_ARTICLE, url: '/f/3/i/8' } }));
    expect(go).toHaveBeenCalledTimes(1);
  });
});

describe('app badge', () => {
  it('follows the unread count, clears when off, waits while counts load', () => {
    expect(badgeCount(12, true)).toBe(12);
    expect(badgeCount(0, true)).toBe(0);
    expect(badgeCount(undefined, true)).toBeNull();
    expect(badgeCount(12, false)).toBe(0);
    expect(badgeCount(undefined, false)).toBe(0);
  });

  it('sets the badge for a count and clears it at 0', async () => {
    const nav = {
      setAppBadge: vi.fn(() => Promise.resolve()),
      clearAppBadge: vi.fn(() => Promise.resolve()),
    };
    expect(badgeSupported(nav)).toBe(true);
    await applyBadge(5, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(5);
    await applyBadge(0, nav);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the Badging API is missing or refuses', async () => {
    expect(badgeSupported({})).toBe(false);
    await expect(applyBadge(5, {})).resolves.toBeUndefined();
    const refusing = { setAppBadge: () => Promise.reject(new Error('not installed')) };
    await expect(applyBadge(5, refusing)).resolves.toBeUndefined();
  });
});
