/**
 * A phone's touch gestures, with touch events sent the way a touch screen sends them. A row
 * swiped right is marked read, left saved (src/items/rowSwipe.tsx), and a slow drag shows what
 * letting go will do and does it only past the line. Pull to refresh
 * (src/items/PullToRefresh.tsx): a list pulled down from its top and let go far enough refreshes
 * its feeds, a short pull does not. Swiping between articles (src/reader/swipe.ts): a leftward
 * swipe across the article opens the next one, a rightward one the previous, a swipe over a code
 * block that scrolls sideways scrolls it and steps nothing, a drag moves the article with the
 * finger and one let go short steps nothing, Back still returns to the list, and the setting
 * turns it off; an article's end names the next one and opens it (the last one leads to the next feed with unread; in Saved, back to the list); a long press on a row opens its menu; the article's feed name leads to its list, and Back back to the article; every article opens at its top, also one stepped back to from the cache. With
 * RIVULET_SHOTS=1 the reader after a swipe and the list mid-pull are photographed to
 * test-results/touch/.
 */
import { join } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FeedServer, startFeedServer } from '../fixtures/feedServer';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor, waitForPath } from './pages';
import { FLAG_SAVED } from '../../shared/flags';
import { realErrors, seedFeeds, setSettings, waitForStoredFlag } from './readingSeed';
import { rss, runInEngine } from './setups';
import { shootSizes } from './shots';

const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'touch');
let browser: Browser;
let app: AppPage;
let cdp: CDPSession;
let feedPath = '';
/** Item id of 'Swipe three'. */
let swipeThree = 0;
let server: FeedServer;
let livePath = '';

const words = 'A river runs past the mill and the miller counts the hours by its sound. ';
// Eight lines, so the stroke's middle is on code, below the block's Copy button.
const wideCode = `<pre><code>${Array.from({ length: 8 }, (_, i) => `const line${i} = '${'a very long string that runs off a phone screen '.repeat(3)}';`).join('\n')}</code></pre>`;

beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser, { viewport: { width: 390, height: 844 } });
  await app.goto('/welcome');
  const ids = await seedFeeds(app.page, [
    {
      title: 'Mill Notes',
      articles: [
        { title: 'Swipe one', description: `<p>${words.repeat(6)}</p>`.repeat(8) },
        {
          title: 'Swipe two',
          description: `<p>${words.repeat(2)}</p>${wideCode}${`<p>${words.repeat(6)}</p>`.repeat(8)}`,
        },
        { title: 'Swipe three', description: `<p>${words.repeat(6)}</p>` },
      ],
    },
  ]);
  feedPath = `/f/${ids.feedIds[0]}`;
  swipeThree = ids.itemIds[0]![2]!;
  // A feed that lives on a server, for pull to refresh to fetch.
  server = await startFeedServer();
  server.setMutable('live', rss('Live Mill', ['Morning grind', 'Noon grind']));
  const live = await runInEngine<{ feedId: number }>(
    app.page,
    '(e, a) => e.subscriptions.subscribe({ url: a })',
    `${server.url}/mutable/live`,
  );
  livePath = `/f/${live.feedId}`;
  await setSettings(app.page, {
    general: { defaultView: 'list', hideReadArticles: false, autoRefresh: false },
    appearance: { lessAnimation: true },
  });
  // A touch screen: the session stays attached for the file (its emulation ends with it).
  cdp = await app.context.newCDPSession(app.page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
}, 120_000);
afterAll(async () => {
  await cdp.detach();
  await app.context.close();
  await browser.close();
  await server.close();
});

describe('pull to refresh', () => {
  test('a list pulled down far enough refreshes its feed; a short pull does not', async () => {
    const { list } = screens(app.page);
    await app.goto(livePath);
    await list.waitForRow('Noon grind');
    server.setMutable('live', rss('Live Mill', ['Morning grind', 'Noon grind', 'Evening grind']));
    const before = server.hits('/mutable/live');
    // A short pull shows the indicator and lets go without refreshing.
    await list.pull(60);
    await waitFor(list.pullIndicator, 'the indicator gone after a short pull', { state: 'detached' });
    await list.pull(300);
    await list.waitForRow('Evening grind');
    await waitFor(list.pullIndicator, 'the indicator gone after the refresh', { state: 'detached' });
    // One fetch: the long pull's (the short one would have made two).
    expect(server.hits('/mutable/live') - before).toBe(1);
    expectNoErrors(realErrors(app.errors));
  });
});

describe('tooltips', () => {
  test("a touch screen draws none (a tap left a button's tooltip over the list)", async () => {
    const { list, shell } = screens(app.page);
    await app.goto(feedPath);
    await list.waitForRow('Swipe one');
    expect(await shell.tooltipDrawn()).toBe(false);
  });
});

describe('swiping a row', () => {
  test('a row swiped right is marked read, swiped left saved; again, back as it was', async () => {
    const { list } = screens(app.page);
    await app.goto(feedPath);
    await waitFor(list.rowWhen('Swipe three', { unread: true, saved: false }), 'an unread, unsaved row');
    await list.swipeRow('Swipe three', 0.15, 0.85);
    await waitFor(list.rowWhen('Swipe three', { unread: false }), 'the row read after a swipe right');
    await list.swipeRow('Swipe three', 0.85, 0.15);
    await waitFor(list.rowWhen('Swipe three', { saved: true }), 'the row saved after a swipe left');
    await list.swipeRow('Swipe three', 0.85, 0.15);
    await list.swipeRow('Swipe three', 0.15, 0.85);
    await waitFor(list.rowWhen('Swipe three', { unread: true, saved: false }), 'the row as it was');
    // No article was opened by the strokes.
    await waitFor(screens(app.page).reader.root, 'no reader', { state: 'detached' });
  });

  test('a dragged row shows what letting go will do, and does it only when let go far enough', async () => {
    const { list } = screens(app.page);
    await app.goto(feedPath);
    await waitFor(list.rowWhen('Swipe two', { unread: true, saved: false }), 'an unread, unsaved row');
    // 15% of the row's width: under the 22% a swipe needs. The backdrop shows the action, faint.
    const finger = await list.holdRow('Swipe two', 0.2);
    await finger.moveTo(0.35);
    await waitFor(
      list.swipeBackdrop('read', false).filter({ hasText: 'Mark read' }),
      "'Mark read', not ready",
    );
    // Slowly on (1.5 s): ready; back again: not; let go there, nothing happens.
    await finger.moveTo(0.85, 1500);
    await waitFor(list.swipeBackdrop('read', true), "'Mark read', ready");
    await finger.moveTo(0.3);
    await waitFor(list.swipeBackdrop('read', false), "'Mark read' no longer ready");
    await finger.lift();
    await waitFor(list.anySwipeBackdrop, 'the backdrop gone once the row is home', { state: 'detached' });
    expect(await list.rowWhen('Swipe two', { unread: true }).count()).toBe(1);

    // A slow drag left, let go past the line: saved (a quick flick is not needed).
    const again = await list.holdRow('Swipe two', 0.85);
    await again.moveTo(0.2, 1500);
    await waitFor(list.swipeBackdrop('save', true).filter({ hasText: 'Save' }), "'Save', ready");
    await again.lift();
    await waitFor(list.rowWhen('Swipe two', { saved: true, unread: true }), 'the row saved by a slow drag');
    await waitFor(list.anySwipeBackdrop, 'the backdrop gone', { state: 'detached' });
    await list.swipeRow('Swipe two', 0.85, 0.15);
    await waitFor(list.rowWhen('Swipe two', { saved: false }), 'the row unsaved again');
  });
});

describe('a long press on a row', () => {
  test("opens the row's menu, as a right click does; its lift opens no article", async () => {
    const { list, undo } = screens(app.page);
    await app.goto(feedPath);
    await waitFor(list.rowWhen('Swipe one', { unread: true }), "'Swipe one' unread");
    await list.longPressRow('Swipe three');
    await list.rowMenuItem('mark-above').click();
    await waitFor(list.rowWhen('Swipe one', { unread: false }), "'Swipe one' read, from the menu");
    await waitFor(list.rowWhen('Swipe two', { unread: false }), "'Swipe two' read, from the menu");
    expect(await list.rowWhen('Swipe three', { unread: true }).count()).toBe(1);
    await waitFor(screens(app.page).reader.root, 'no reader', { state: 'detached' });
    await undo.button.click();
    await waitFor(list.rowWhen('Swipe one', { unread: true }), "'Swipe one' unread again after Undo");
  });
});

describe('a long press on a busy page', () => {
  test("swallows the lift's late click: the row's menu stays open and no article opens", async () => {
    const { list, reader } = screens(app.page);
    await app.goto(feedPath);
    await waitFor(list.rowWhen('Swipe three', { unread: true }), "'Swipe three' unread");
    await list.longPressRow('Swipe three', 700);
    await list.rowMenuItem('save').click();
    await waitFor(list.rowWhen('Swipe three', { saved: true }), "'Swipe three' saved, from the menu");
    expect(await list.rowWhen('Swipe three', { unread: true }).count()).toBe(1);
    expect(await reader.root.count()).toBe(0);
    await list.swipeRow('Swipe three', 0.85, 0.15);
    await waitFor(list.rowWhen('Swipe three', { saved: false }), "'Swipe three' unsaved again");
  });
});

describe("an article's end", () => {
  test('names the next article and opens it; the last one names the next feed with unread and leads there', async () => {
    const { list, reader } = screens(app.page);
    await app.goto(feedPath);
    await list.row('Swipe two').click();
    await waitFor(reader.endNext.filter({ hasText: 'Swipe three' }), "Next article naming 'Swipe three'");
    await reader.endNext.click();
    await waitFor(reader.title.filter({ hasText: 'Swipe three' }), "the reader on 'Swipe three'");
    // The live feed still has unread articles: the way on names it and leads there.
    await waitFor(
      reader.endNextFeed.filter({ hasText: 'Live Mill' }),
      "Next feed with unread naming 'Live Mill'",
    );
    await reader.endNextFeed.click();
    await waitForPath(app.page, livePath);
    await list.waitForRow('Noon grind');
  });
});

describe('the end of Saved', () => {
  test('offers no other feed, which would leave Saved: its last article leads back to the list', async () => {
    const { list, reader } = screens(app.page);
    // Another feed has unread articles ('Live Mill'): a feed's end would offer it.
    await app.goto(feedPath);
    await list.swipeRow('Swipe three', 0.85, 0.15);
    await waitFor(list.rowWhen('Swipe three', { saved: true }), "'Swipe three' saved");
    await waitForStoredFlag(app.page, swipeThree, FLAG_SAVED, true, "'Swipe three' saved");
    try {
      await app.goto('/next');
      await list.waitForRow('Swipe three');
      await waitFor(list.end, 'the end of Saved');
      expect(await list.endNextFeed.count()).toBe(0);
      await list.row('Swipe three').click();
      await reader.waitOpen('Swipe three');
      await waitFor(reader.endBack, "the article end's Back to the list");
      expect(await reader.endNextFeed.count()).toBe(0);
      await reader.endBack.click();
      await reader.waitClosed();
      await waitForPath(app.page, '/next');
    } finally {
      await app.goto(feedPath);
      await list.swipeRow('Swipe three', 0.85, 0.15);
      await waitFor(list.rowWhen('Swipe three', { saved: false }), "'Swipe three' no longer saved");
      await waitForStoredFlag(app.page, swipeThree, FLAG_SAVED, false, "'Swipe three' unsaved");
    }
  });
});

describe("the article's feed name", () => {
  test("a tap (or Enter) opens the feed's list; Back returns to the article", async () => {
    const { list, reader } = screens(app.page);
    await app.goto(livePath);
    await list.row('Noon grind').click();
    await reader.waitOpen('Noon grind');
    const article = new URL(app.page.url()).pathname;
    // Tapped 16 px above its line: a finger's height of it takes the tap.
    await reader.tap(reader.feedLink, -16);
    await waitForPath(app.page, livePath);
    await reader.waitClosed();
    await app.page.goBack();
    await waitForPath(app.page, article);
    await reader.waitOpen('Noon grind');
    // From the keyboard: Tab from the toolbar's last button reaches it, Enter follows it.
    await reader.button('close').focus();
    await app.page.keyboard.press('Tab');
    expect(await reader.feedLink.evaluate((el) => el === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Enter');
    await waitForPath(app.page, livePath);
    await reader.waitClosed();
    await app.page.goBack();
    await reader.waitOpen('Noon grind');
    expectNoErrors(realErrors(app.errors));
  });
});

describe('swiping between articles', () => {
  const titled = (title: string) => screens(app.page).reader.title.filter({ hasText: title });

  test('a swipe left opens the next article, right the previous; a code block keeps its own swipes', async () => {
    const { list, reader } = screens(app.page);
    await app.goto(feedPath);
    await list.row('Swipe one').click();
    await waitFor(titled('Swipe one'), "the reader on 'Swipe one'");

    await reader.swipe(reader.body, 0.85, 0.15);
    await waitFor(titled('Swipe two'), "the reader on 'Swipe two' after a swipe left");
    await shootSizes(app.page, SHOTS, 'after-swipe');

    // Over the code block the stroke scrolls the code; then a swipe right goes back one. Had the
    // first stepped on, the second would have come back to 'Swipe two', not 'Swipe one'.
    const code = reader.codeBlocks.first();
    await reader.swipe(code, 0.85, 0.15);
    await reader.swipe(reader.paragraph('river').first(), 0.15, 0.85);
    await waitFor(titled('Swipe one'), "the reader back on 'Swipe one' after a swipe right");

    // Steps replace the article's entry: Back leaves the reader for the list.
    await app.page.goBack();
    await waitForPath(app.page, feedPath);
    await waitFor(reader.root, 'the reader closed by Back', { state: 'hidden' });
    expectNoErrors(realErrors(app.errors));
  });

  test('a drag moves the article with the finger: let go short it comes back, past the line it steps', async () => {
    const { list, reader } = screens(app.page);
    await app.goto(feedPath);
    await list.row('Swipe one').click();
    await waitFor(titled('Swipe one'), "the reader on 'Swipe one'");
    const finger = await reader.hold(reader.body, 0.8);
    await finger.moveTo(0.6);
    await waitFor(reader.draggedAside, 'the article following the finger');
    await finger.moveTo(0.75);
    await finger.lift();
    await waitFor(reader.draggedAside, 'the article back in place', { state: 'detached' });
    expect(await titled('Swipe one').count()).toBe(1);
    // Slowly (1.5 s) past the line: the next article.
    const slow = await reader.hold(reader.body, 0.85);
    await slow.moveTo(0.15, 1500);
    await slow.lift();
    await waitFor(titled('Swipe two'), "the reader on 'Swipe two' after a slow drag");
    await waitFor(reader.draggedAside, 'the new article in place', { state: 'detached' });
  });

  test('with swiping turned off in Settings a swipe steps nothing', async () => {
    const { list, reader } = screens(app.page);
    await setSettings(app.page, { general: { swipeArticles: false } });
    await app.goto(feedPath);
    await list.row('Swipe one').click();
    await waitFor(titled('Swipe one'), "the reader on 'Swipe one'");
    await reader.swipe(reader.body, 0.85, 0.15);
    // Next from the toolbar: 'Swipe two' only if the swipe did not step already.
    await reader.button('next').click();
    await waitFor(titled('Swipe two'), "the reader on 'Swipe two' after Next");
    expect(await titled('Swipe three').count()).toBe(0);
    await setSettings(app.page, { general: { swipeArticles: true } });
  });

  test('every article opens at its top, also one stepped back to while the pane was scrolled', async () => {
    const { list, reader } = screens(app.page);
    await app.goto(feedPath);
    await list.row('Swipe one').click();
    await waitFor(titled('Swipe one'), "the reader on 'Swipe one'");
    await reader.button('next').click();
    await waitFor(titled('Swipe two'), "the reader on 'Swipe two'");
    await app.page.keyboard.press('PageDown');
    await expect
      .poll(async () => (await reader.scrollPosition()).top, { timeout: 5_000 })
      .toBeGreaterThan(100);
    // 'Swipe one' is in the cache: it shows at once, in the pane scrolled for 'Swipe two'.
    await reader.button('prev').click();
    await waitFor(titled('Swipe one'), "the reader back on 'Swipe one'");
    expect((await reader.scrollPosition()).top).toBe(0);
  });
});
