/**
 * Notifications from rules (issue 16) in the built app: the setting is off until turned on (with
 * the permission granted in the test), a `notify` event from inside the engine worker shows one
 * system notification per article through the service worker (title, feed, article address),
 * a big batch is grouped into one, and the service worker's click path takes the open app to the
 * article's address.
 */
import type { Browser, Worker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { ReaderScreen, SettingsDialog, Shell, textsOf, waitFor, waitForPath } from './pages';
import { realErrors, type SeededFeeds, seedFeeds } from './readingSeed';
import { engineWorker } from './seed';

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('notifications from rules', () => {
  let app: AppPage;
  let ids: SeededFeeds;
  let sw: Worker;

  /** The notifications the service worker registration holds now. */
  const shown = () =>
    app.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n): Shown => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });

  /** Emits a notify event from inside the engine worker, as a rule's action does. */
  const emitNotify = async (
    items: Array<{ id: number; title: string; feedId: number; feedTitle: string }>,
  ) => {
    const worker = await engineWorker(app.page);
    await worker.evaluate((list) => {
      interface E {
        context: { events: { emit(e: unknown, counter: number): void } };
      }
      (self as unknown as { __rivuletEngine: E }).__rivuletEngine.context.events.emit(
        { type: 'notify', items: list },
        0,
      );
    }, items);
  };

  const clearShown = () =>
    app.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      for (const n of await reg.getNotifications()) n.close();
    });

  beforeAll(async () => {
    app = await openApp(browser, { serviceWorkers: 'allow' });
    await app.goto('/welcome');
    ids = await seedFeeds(app.page, [
      {
        title: 'River News',
        articles: [{ title: 'Flood warning upstream' }, { title: 'Bridge reopens' }, { title: 'Fish count' }],
      },
      { title: 'Lake Daily', articles: [{ title: 'Ice is thin' }, { title: 'Boats return' }] },
    ]);
    // The service worker must be active to show notifications (it also handles their clicks).
    await app.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    sw = app.context.serviceWorkers()[0] ?? (await app.context.waitForEvent('serviceworker'));
  });
  afterAll(() => app.context.close());
  // A test that fails with the settings dialog open would leave its overlay over the next test
  // (and over its own retry): each test starts with the dialog closed.
  afterEach(async () => {
    const settings = new SettingsDialog(app.page);
    if (await settings.dialog.isVisible()) await settings.close();
  });

  test('off by default: asks nothing and shows nothing until turned on', async () => {
    await emitNotify([
      {
        id: ids.itemIds[0]![0]!,
        title: 'Flood warning upstream',
        feedId: ids.feedIds[0]!,
        feedTitle: 'River News',
      },
    ]);
    const settings = new SettingsDialog(app.page);
    await settings.open('general');
    const toggle = settings.setting('notifications');
    await toggle.scrollIntoViewIfNeeded();
    expect(await toggle.isChecked()).toBe(false);
    await expect.poll(() => settings.notifyPermission.getAttribute('data-state')).toBe('default');
    expect(await settings.notifyTest().isDisabled()).toBe(true);
    expect(await shown()).toEqual([]);
    await settings.close();
  });

  test('turned on with the permission granted: one notification per article, click opens it', async () => {
    await app.context.grantPermissions(['notifications']);
    const settings = new SettingsDialog(app.page);
    await settings.open('general');
    // Turned on only when off, so a retry after a failure further down does not turn it off.
    if (!(await settings.setting('notifications').isChecked()))
      await settings.setting('notifications').click({ force: true });
    await expect.poll(() => settings.setting('notifications').isChecked()).toBe(true);
    await expect.poll(() => settings.notifyPermission.getAttribute('data-state')).toBe('granted');
    // The test notification goes through the same registration. The app answers the click with
    // a toast ("sent", or why not), read at once (toasts close by themselves) for the failure.
    await settings.notifyTest().click();
    const shell = new Shell(app.page);
    await waitFor(shell.toasts.first(), 'the toast answering the test notification button');
    const toasts = await textsOf(shell.toasts);
    try {
      await expect.poll(async () => (await shown()).map((n) => n.tag)).toContain('rivulet-test');
    } catch (err) {
      throw new Error(`The test notification was not shown; the app's toasts said: ${toasts}.`, {
        cause: err,
      });
    }
    await clearShown();
    await settings.close();

    const [flood, bridge] = ids.itemIds[0]!;
    const river = ids.feedIds[0]!;
    await emitNotify([
      { id: flood!, title: 'Flood warning upstream', feedId: river, feedTitle: 'River News' },
      { id: bridge!, title: 'Bridge reopens', feedId: river, feedTitle: 'River News' },
    ]);
    await expect.poll(async () => (await shown()).length).toBe(2);
    const list = (await shown()).sort((a, b) => a.tag.localeCompare(b.tag));
    expect(list).toEqual(
      [
        {
          title: 'Flood warning upstream',
          body: 'River News',
          tag: `rivulet-item-${flood}`,
          data: { url: `/f/${river}/i/${flood}`, itemIds: [flood] },
        },
        {
          title: 'Bridge reopens',
          body: 'River News',
          tag: `rivulet-item-${bridge}`,
          data: { url: `/f/${river}/i/${bridge}`, itemIds: [bridge] },
        },
      ].sort((a, b) => a.tag.localeCompare(b.tag)),
    );

    // The same article again replaces its notification (same tag) instead of adding one.
    await emitNotify([
      { id: flood!, title: 'Flood warning upstream', feedId: river, feedTitle: 'River News' },
    ]);
    await app.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect((await shown()).filter((n) => n.tag === `rivulet-item-${flood}`)).toHaveLength(1);

    // The click path of the service worker (a real click on a system notification cannot be
    // scripted): it posts the address to this window, and the app navigates there.
    await sw.evaluate(async (tag) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        __rivuletOpenNotification(data: unknown): Promise<void>;
      };
      const [n] = await scope.registration.getNotifications({ tag });
      if (!n) throw new Error(`no notification tagged ${tag}`);
      await scope.__rivuletOpenNotification(n.data);
    }, `rivulet-item-${bridge}`);
    await waitForPath(app.page, `/f/${river}/i/${bridge}`);
    await new ReaderScreen(app.page).waitOpen('Bridge reopens');
  });

  test('a batch of more than three articles is one grouped notification', async () => {
    await clearShown();
    const batch = [
      ...ids.itemIds[0]!.map((id, k) => ({
        id,
        title: ['Flood warning upstream', 'Bridge reopens', 'Fish count'][k]!,
        feedId: ids.feedIds[0]!,
        feedTitle: 'River News',
      })),
      ...ids.itemIds[1]!.map((id, k) => ({
        id,
        title: ['Ice is thin', 'Boats return'][k]!,
        feedId: ids.feedIds[1]!,
        feedTitle: 'Lake Daily',
      })),
    ];
    await emitNotify(batch);
    await expect.poll(async () => (await shown()).length).toBe(1);
    const [group] = await shown();
    expect(group!.title).toBe('5 new articles from rules');
    expect(group!.body).toBe(
      'Flood warning upstream — River News\nBridge reopens — River News\nFish count — River News\n…and 2 more',
    );
    expect(group!.data).toEqual({ url: '/all', itemIds: batch.map((b) => b.id) });
  });

  test('turned off, notify events show nothing; no page errors', async () => {
    await clearShown();
    const settings = new SettingsDialog(app.page);
    await settings.open('general');
    await settings.setting('notifications').click({ force: true });
    await expect.poll(() => settings.setting('notifications').isChecked()).toBe(false);
    await waitFor(settings.notifyTest(true), 'the disabled test button');
    await settings.close();
    const river = ids.feedIds[0]!;
    await emitNotify([
      { id: ids.itemIds[0]![2]!, title: 'Fish count', feedId: river, feedTitle: 'River News' },
    ]);
    // The event went through the bridge (counts refetch) and nothing was shown.
    await app.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await shown()).toEqual([]);
    expectNoErrors(realErrors(app.errors));
  });
});
