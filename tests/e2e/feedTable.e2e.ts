/**
 * The feed table (/rss) with 300 feeds: only the rows near the viewport are in the page, and
 * scrolling anywhere (the end, the middle) shows rows where the reader looks, at desktop and
 * phone sizes; selecting all and filtering still reach every feed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor, waitForValue } from './pages';
import { seedApp } from './seed';

const FEEDS = 300;
let browser: Browser;
let app: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser);
  await app.goto('/welcome');
  const seeded = await seedApp(app.page, { groups: 3, feedsPerGroup: FEEDS / 3, itemsPerFeed: 1 });
  expect(seeded.feedIds).toHaveLength(FEEDS);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${FEEDS} feeds at ${viewport.width}×${viewport.height}: a window of rows, rows wherever the reader scrolls`, async () => {
    const { rss } = screens(app.page);
    await app.page.setViewportSize(viewport);
    await app.goto('/rss');
    await waitFor(rss.rows.first(), 'the first feed row');
    const top = await rss.view();
    expect(top.rowcount).toBe(String(FEEDS + 1));
    expect(top.firstIndex).toBe(0);
    expect(top.rendered).toBeLessThan(80);
    expect(top.probes.filter((p) => p !== 'row')).toEqual([]);

    // The end: the last feed is rendered and sits at the bottom, no blank space under it.
    await rss.scrollTo('end');
    const end = await waitForValue('the last feed row rendered', async () => {
      const v = await rss.view();
      return v.lastIndex === FEEDS - 1 ? v : undefined;
    });
    expect(end.rendered).toBeLessThan(80);
    expect(end.lastBottomGap).toBeGreaterThanOrEqual(-1);
    expect(end.lastBottomGap).toBeLessThan(60);
    expect(end.probes.filter((p) => p !== 'row')).toEqual([]);

    // The middle: rows fill the view (the spacers above and below stand for the rest).
    await rss.scrollTo('middle');
    const middle = await waitForValue('rows around the middle', async () => {
      const v = await rss.view();
      return v.firstIndex > 0 && v.lastIndex < FEEDS - 1 && v.probes.every((p) => p === 'row')
        ? v
        : undefined;
    });
    expect(middle.rendered).toBeLessThan(80);
    await rss.scrollTo('top');
    expectNoErrors(app.errors);
  });
}

test('select all and the text filter reach feeds that are not rendered', async () => {
  const { rss } = screens(app.page);
  await app.page.setViewportSize({ width: 1440, height: 900 });
  await app.goto('/rss');
  await waitFor(rss.rows.first(), 'the first feed row');
  await rss.selectAll.check();
  await waitFor(
    rss.selectionCount.filter({ hasText: String(FEEDS) }),
    `the selection bar counting ${FEEDS} feeds`,
  );
  await rss.selectAll.uncheck();
  await rss.filterText.fill(`Feed ${FEEDS - 1}`);
  await waitFor(rss.rows.filter({ hasText: `Feed ${FEEDS - 1}` }), `the row of Feed ${FEEDS - 1}`);
  expect(await rss.rows.count()).toBe(1);
  expectNoErrors(app.errors);
});
