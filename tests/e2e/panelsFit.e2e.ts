/**
 * Panels whose contents must fit their box, found by using the app: on a phone (390x844) the list
 * of an OPML import's feeds that could not be fetched keeps its text and its Retry and Remove
 * inside the screen (a long address must not widen it); on a desktop a bundle card on /combo
 * names each feed in full, its site's address giving way first.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { checkLayout } from './layoutCheck';
import { screens, waitFor } from './pages';

const feedsUrl = inject('feedsUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** An OPML document with one feed outline per [title, address]. */
const opmlOf = (feeds: Array<[string, string]>) => `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>t</title></head><body>
${feeds.map(([title, url]) => `  <outline type="rss" text="${title}" xmlUrl="${url}"/>`).join('\n')}
</body></opml>`;

describe('panels fit their box', () => {
  test('on a phone, the feeds an OPML import could not fetch stay inside the screen', async () => {
    const app: AppPage = await openApp(browser, { viewport: { width: 390, height: 844 } });
    const { opml } = screens(app.page);
    await app.goto('/subscribe?tab=opml');
    await opml.importText(
      opmlOf([
        ['Riverbank Notes', `${feedsUrl}/feeds/rss.xml`],
        ['Gone Away', `${feedsUrl}/status/404?from=a-long-address-that-a-reader-pasted-from-elsewhere`],
      ]),
    );
    await waitFor(opml.failures, 'the feeds that could not be fetched', { timeout: 30_000 });
    await opml.failures.scrollIntoViewIfNeeded();
    const width = app.page.viewportSize()!.width;
    const panel = (await opml.failures.boundingBox())!;
    expect(panel.x + panel.width, 'the right edge of the panel').toBeLessThanOrEqual(width);
    const row = opml.failure('Gone Away');
    for (const part of ['retry', 'remove'] as const) {
      const box = (await opml.failurePart(row, part).boundingBox())!;
      expect(box.x + box.width, `the right edge of ${part}`).toBeLessThanOrEqual(width);
    }
    expect(await checkLayout(app.page)).toEqual([]);
    expectNoErrors(app.errors);
    await app.context.close();
  });

  test('on a desktop, a bundle card names every feed in full', async () => {
    const app: AppPage = await openApp(browser, { viewport: { width: 1440, height: 900 } });
    const { combo } = screens(app.page);
    await app.goto('/combo');
    await waitFor(combo.cardFeedNames.first(), "the feeds' names in the bundle cards");
    // Cut to one line (a second line hidden), or measured to the fraction: a name a tenth of a
    // pixel too narrow already ends in "…", while scrollWidth and clientWidth round alike.
    const cut = await combo.cardFeedNames.evaluateAll((names) =>
      names
        .filter((n) => {
          if (n.scrollHeight > n.clientHeight + 1) return true;
          const text = document.createRange();
          text.selectNodeContents(n);
          return text.getBoundingClientRect().width > n.getBoundingClientRect().width + 0.01;
        })
        .map((n) => n.textContent),
    );
    expect(cut, 'names cut short').toEqual([]);
    expectNoErrors(app.errors);
    await app.context.close();
  });
});
