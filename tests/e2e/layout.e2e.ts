/**
 * Layout at every size: every route, the settings dialog and the reader in each list view, at
 * phone, tablet and desktop sizes in light (and at a phone's and a desktop's in dark) keep the
 * rules of `checkLayout` (no sideways scrolling, no control over a title, every control
 * reachable, the reader's Close visible).
 * One page is resized through the sizes, so the whole run stays around a minute. With
 * RIVULET_SHOTS=1, screenshots go to test-results/layout/ (gitignored) for a person to look at.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FeedServer, startFeedServer } from '../fixtures/feedServer';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { checkLayout } from './layoutCheck';
import { screens, waitFor, waitForPath, type Screens } from './pages';
import { waitForValue } from './pages/wait';
import { realErrors, type SeedFeed, seedFeeds, setSettings, svgPicture } from './readingSeed';
import { shot } from './shots';

const SIZES = [
  [360, 740],
  [390, 844],
  [768, 1024],
  [1280, 800],
  [1440, 900],
  [1920, 1080],
] as const;
const SCHEMES = ['light', 'dark'] as const;
/** Widths also screenshotted with RIVULET_SHOTS=1 (PNG encoding would be most of the time). */
const PICTURED: readonly number[] = [390, 1440];
const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'layout');

let browser: Browser;
let images: FeedServer;
let app: AppPage;
let feedId = 0;
let groupId = 0;
let longReadsId = 0;

const WORDS =
  'A calm page carries the news of a hundred sites, and a reader should never have to scroll sideways to find the button that closes it. '.repeat(
    4,
  );

/** An article with four sections and a picture that cannot load. */
const LONG_READ = 'A long read in four sections';

function feeds(base: string): SeedFeed[] {
  return [
    {
      title: 'Design Notes from an Unusually Long-Named Studio of Typographers and Gardeners',
      group: 'Reading and Thinking About the Open Web',
      articles: Array.from({ length: 8 }, (_, i) => ({
        title: `Typography that breathes: line length, leading and the rhythm of a page, part ${i + 1}`,
        author: 'Jakub Alba (yak shaving correspondent)',
        description: `<p><img src="${base}/img/${i % 3}.svg" alt="figure"></p><p>${WORDS}</p>`,
      })),
    },
    {
      title: 'Plain Text Weekly',
      group: 'Reading and Thinking About the Open Web',
      articles: Array.from({ length: 6 }, (_, i) => ({
        title: `Words only, issue ${i + 1}: a letter without pictures`,
        author: 'Editor',
        description: `<p>${WORDS}</p>`,
      })),
    },
    {
      title: 'Broken Pictures',
      articles: Array.from({ length: 4 }, (_, i) => ({
        title: `A post whose picture is gone (${i + 1})`,
        description: `<p><img src="${base}/missing/${i}.png" alt=""></p><p>${WORDS.slice(0, 200)}</p>`,
      })),
    },
    {
      title: 'Long Reads',
      articles: [
        {
          title: LONG_READ,
          description:
            `<p><img src="${base}/missing/chart.png" alt="A chart of the readers' hours"></p>` +
            ['Setting the page', 'Line length', 'Leading', 'Rhythm']
              .map((h) => `<h2>${h}</h2><p>${WORDS}</p>`)
              .join(''),
        },
      ],
    },
    {
      title: 'The Daily Podcast',
      articles: Array.from({ length: 3 }, (_, i) => ({
        title: `Episode ${40 - i}: conversations about feeds`,
        description: `<p>${WORDS.slice(0, 300)}</p>`,
        enclosure: { url: `${base}/audio-${i}.wav`, type: 'audio/wav', duration: 2 },
      })),
    },
  ];
}

beforeAll(async () => {
  browser = await launchBrowser();
  images = await startFeedServer();
  for (let n = 0; n < 3; n++) {
    const svg = svgPicture(`Figure ${n + 1}`, n * 80);
    images.setRoute(`/img/${n}.svg`, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=600' }).end(svg);
    });
  }
  app = await openApp(browser, { viewport: { width: 1280, height: 800 } });
  await app.goto('/welcome');
  const ids = await seedFeeds(app.page, feeds(images.url));
  feedId = ids.feedIds[0] ?? 0;
  groupId = Object.values(ids.groupIds)[0] ?? 0;
  longReadsId = ids.feedIds[3] ?? 0;
  await setSettings(app.page, {
    appearance: { lessAnimation: true },
    general: { hideReadArticles: false, autoRead: false },
    automation: {
      filters: [
        { id: 'long-reads', name: 'Long reads about typography', query: 'isRead = false', createdAt: 1 },
      ],
    },
  });
}, 120_000);

afterAll(async () => {
  await app.context.close();
  await browser.close();
  await images.close();
});

/** Two frames: media queries, React and the virtual list have answered the new size. */
function settle(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Visits the current screen at every size in both schemes and collects broken rules. A rule
 * broken on the first look is looked at again a few frames later (a drawer sliding, an image
 * arriving), so only lasting problems fail the test.
 */
async function everySize(label: string, readerOpen = false): Promise<string[]> {
  const page = app.page;
  const found: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // Every size in light; dark at a phone's and a desktop's size, where a dark-only rule (a
    // border, an outline, a scrollbar) would change a box too. The dark scheme changes colours,
    // not the breakpoints, so its four other sizes cost a third of this file's minutes for rules
    // the light pass has already checked.
    for (const [width, height] of scheme === 'dark' ? SIZES.filter(([w]) => PICTURED.includes(w)) : SIZES) {
      await page.setViewportSize({ width, height });
      await settle(page);
      let problems = await checkLayout(page, { readerOpen });
      if (problems.length) {
        await settle(page);
        await settle(page);
        problems = await checkLayout(page, { readerOpen });
      }
      found.push(...problems.map((p) => `${label} ${width}x${height} ${scheme}: ${p}`));
      if (PICTURED.includes(width))
        await shot(page, join(SHOTS, `${label}-${width}x${height}-${scheme}.png`));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

/** What shows once a screen is ready. */
type Ready = (ui: Screens) => Locator;

async function visit(path: string, ready: Ready): Promise<void> {
  await app.goto(path);
  const ui = screens(app.page);
  await waitFor(ready(ui).first(), `${path} to be ready`);
  await waitFor(ui.list.loading.or(ui.reader.loading), `${path} to finish loading`, { state: 'detached' });
}

const LIST: Ready = ({ list }) => list.rows.or(list.title);
const SCREEN: Ready = ({ shell }) => shell.pageTitle;
const ROWS: Ready = ({ list }) => list.rows;

describe('layout at every size', () => {
  test.each([
    ['start', '/', SCREEN],
    ['welcome', '/welcome', SCREEN],
    ['all', '/all', LIST],
    ['today', '/today', LIST],
    ['saved', '/saved', LIST],
    ['subscribe', '/subscribe', SCREEN],
    ['search', '/search', SCREEN],
    ['filter', '/filter', SCREEN],
    ['download', '/download', SCREEN],
    ['combo', '/combo', SCREEN],
    ['login', '/login', SCREEN],
    ['rss', '/rss', ({ rss, shell }) => rss.feedRow.or(shell.pageTitle)],
    ['not-found', '/no/such/page', ({ shell }) => shell.notFound],
  ] satisfies Array<[string, string, Ready]>)('%s (%s)', async (label, path, ready) => {
    await visit(path, ready);
    expect(await everySize(label)).toEqual([]);
  });

  test('a feed, a group and a saved filter', async () => {
    const found: string[] = [];
    for (const [label, path] of [
      ['feed', `/f/${feedId}`],
      ['group', `/c/${groupId}`],
      ['saved-filter', '/filter/long-reads'],
    ] as const) {
      await visit(path, ROWS);
      found.push(...(await everySize(label)));
    }
    expect(found).toEqual([]);
  });

  test('the settings dialog', async () => {
    await visit('/all', LIST);
    await app.page.keyboard.press(',');
    const { settings } = screens(app.page);
    await waitFor(settings.dialog, 'the settings dialog after ,');
    const found = await everySize('settings');
    // The other tabs at a phone and a desktop size: their rows are built from the same parts.
    for (const tab of ['appearance', 'integrations', 'automation'] as const) {
      await settings.choose(tab);
      for (const [width, height] of [SIZES[1], SIZES[4]]) {
        await app.page.setViewportSize({ width, height });
        await settle(app.page);
        found.push(...(await checkLayout(app.page)).map((p) => `settings-${tab} ${width}x${height}: ${p}`));
      }
    }
    expect(found).toEqual([]);
    await app.page.keyboard.press('Escape');
  });

  test.each(['list', 'column', 'card', 'magazine', 'text'])('the %s view and its reader', async (view) => {
    await setSettings(app.page, { general: { defaultView: view } });
    await visit('/all', ROWS);
    expect(await everySize(`view-${view}`)).toEqual([]);
    await screens(app.page).list.openFirst();
    expect(await everySize(`reader-${view}`, true)).toEqual([]);
    expectNoErrors(realErrors(app.errors).filter((e) => !e.includes('404')));
  });

  test('the selected and the open row are tinted, in light and in dark', async () => {
    // The build lowers the rows' light-dark() colours; without a colour scheme it can read they
    // came out transparent, leaving a selection shown only by its 3 px bar.
    const { page } = app;
    const { list, reader } = screens(page);
    await setSettings(page, { general: { defaultView: 'list' } });
    const tints: string[] = [];
    try {
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await visit('/all', ROWS);
        await page.keyboard.press('j');
        await waitFor(list.selected(), `a selected row (${scheme})`);
        const selected = await list.selected().evaluate((el) => getComputedStyle(el).backgroundColor);
        await page.keyboard.press('Enter');
        await reader.waitOpen();
        const open = await list.selected().evaluate((el) => getComputedStyle(el).backgroundColor);
        for (const tint of [selected, open])
          expect(tint, `${scheme}: the row's background`).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
        tints.push(selected, open);
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
    // Light and dark differ, and so do the selected and the open row.
    expect(new Set(tints).size).toBe(4);
  });

  test('focus rings show for the keyboard, not after a click', async () => {
    const { page } = app;
    const { list, reader } = screens(page);
    await setSettings(page, { general: { defaultView: 'list' } });
    await visit('/all', ROWS);
    const ring = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'none';
        const s = getComputedStyle(el);
        const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
        return outline ? `${el.tagName} ${el.getAttribute('data-testid') ?? el.className}` : 'none';
      });
    await list.rows.nth(1).click({ position: { x: 60, y: 20 } });
    await reader.waitOpen();
    await reader.author.click();
    expect(await ring()).toBe('none');
    await reader.button('close').click();
    // Closing by a click gives the list's rows (the listbox, the page's last stop) the keyboard
    // back, without a ring. (A click on the list itself would open the row under it, and the
    // reader opening again would race the Shift+Tab below.)
    await expect.poll(() => list.announced(), { timeout: 10_000 }).not.toBeNull();
    expect(await ring()).toBe('none');
    // The keyboard's way back out, to the header's buttons, shows a ring.
    await page.keyboard.press('Shift+Tab');
    expect(await ring()).not.toBe('none');
  });

  test("an article's outline: folded under the headline in a narrow pane, beside the article in a wide one; a picture that cannot load folds away", async () => {
    const { page } = app;
    const { list, reader } = screens(page);
    await setSettings(page, { general: { defaultView: 'column' } });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await visit(`/f/${longReadsId}`, ROWS);
      await list.row(LONG_READ).click();
      await reader.waitOpen(LONG_READ);
      // A phone: the headline first, then the outline folded to one line, then the body.
      await waitFor(reader.outlineFold, 'the folded outline');
      expect(await reader.outline.isVisible()).toBe(false);
      expect(await reader.outlineFoldToggle.innerText()).toMatch(/Contents · 4 sections/i);
      const titleBox = await reader.title.boundingBox();
      const foldBox = await reader.outlineFold.boundingBox();
      expect(titleBox && foldBox && titleBox.y < foldBox.y).toBe(true);
      expect(foldBox?.height).toBeLessThan(60);
      expect(await reader.outlineFoldEntry('Leading').isVisible()).toBe(false);
      await reader.outlineFoldToggle.click();
      await waitFor(reader.outlineFoldEntry('Leading'), 'the outline opened');
      // The picture that cannot load is gone; its alt text stays as a line.
      const missing = reader.missingImageNote;
      await waitFor(missing, 'the note of the missing picture');
      expect(await missing.innerText()).toBe("Image not available: A chart of the readers' hours");
      expect(await reader.bodyImages.first().isVisible()).toBe(false);
      expect(await checkLayout(page, { readerOpen: true })).toEqual([]);
      // A wide pane: the open outline beside the article, no fold.
      await page.setViewportSize({ width: 1920, height: 1080 });
      await waitFor(reader.outline, 'the outline beside the article');
      expect(await reader.outlineFold.isVisible()).toBe(false);
      // Measured once the resize has settled: the panes lay out again after it (a box read
      // during that comes back null), so the outline's place is waited for, not read once.
      await waitForValue('the outline to the right of the article body', async () => {
        const asideBox = await reader.outline.boundingBox();
        const bodyBox = await reader.body.boundingBox();
        return asideBox && bodyBox && asideBox.x > bodyBox.x + bodyBox.width ? true : undefined;
      });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await setSettings(page, { general: { defaultView: 'list' } });
    }
  });

  test('on a phone: bottom bar, drawer, a full-screen reader that Back closes', async () => {
    const { page } = app;
    const { list, reader, sidebar, shell } = screens(page);
    await setSettings(page, { general: { defaultView: 'list' } });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await visit('/all', ROWS);
      expect(await sidebar.root.count()).toBe(0);
      // The menu opens the sidebar as a drawer; Esc closes it.
      await sidebar.drawerButton.click();
      await waitFor(sidebar.drawer, 'the sidebar drawer');
      await page.keyboard.press('Escape');
      await waitFor(sidebar.root, 'the sidebar drawer', { state: 'detached' });
      // The bottom bar reaches Saved and back to All.
      await shell.bottomTab('saved').click();
      await waitForPath(page, '/next');
      await shell.bottomTab('all').click();
      await waitForPath(page, '/all');
      // The reader covers the list, Close in sight; Back closes it.
      await list.openFirst();
      const box = await reader.overlay.boundingBox();
      expect(box?.y).toBe(0);
      expect(box?.width).toBe(390);
      expect(await checkLayout(page, { readerOpen: true })).toEqual([]);
      await page.goBack();
      await waitFor(reader.overlay, 'the full-screen reader after Back', { state: 'detached' });
      await waitFor(shell.bottomBar, 'the bottom bar after Back');
      expect(new URL(page.url()).pathname).toBe('/all');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
