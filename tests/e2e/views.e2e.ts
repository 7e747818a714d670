/**
 * Every list view renders (list, card, magazine, column, text), "auto" picks by content, and
 * screenshots of each view in light and dark go to /tmp for a human to look at (with RIVULET_SHOTS=1).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FeedServer, startFeedServer } from '../fixtures/feedServer';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { ReaderPanes } from './pages/panes';
import {
  realErrors,
  type SeedFeed,
  type SeededFeeds,
  seedFeeds,
  setSettings,
  svgPicture,
} from './readingSeed';
import { shot } from './shots';

let browser: Browser;
let images: FeedServer;

const WORDS =
  'Rivers carry the rain of a whole valley to the sea, and a good reader carries the news of a hundred sites to one calm page. '.repeat(
    3,
  );

function feeds(base: string): SeedFeed[] {
  const pic = (n: number) => `${base}/img/${n}.svg`;
  return [
    {
      title: 'Design Notes',
      group: 'Reading',
      articles: Array.from({ length: 14 }, (_, i) => ({
        title: [
          'Typography that breathes: line length, leading and rhythm',
          'Colour in dark mode is not just inverted light',
          'The quiet power of a good empty state',
          'Designing for keyboards first',
        ][i % 4]!.concat(i >= 4 ? ` (part ${Math.floor(i / 4) + 1})` : ''),
        author: ['Ada Lovelace', 'Grace Hopper', 'Alan Kay'][i % 3],
        description: `<p><img src="${pic(i % 6)}" alt="figure ${i}"></p><p>${WORDS}</p>`,
      })),
    },
    {
      title: 'The Daily Podcast',
      group: 'Listening',
      articles: Array.from({ length: 6 }, (_, i) => ({
        title: `Episode ${120 - i}: conversations about the open web`,
        author: 'Host',
        description: `<p>${WORDS}</p>`,
        enclosure: { url: `${base}/audio.wav`, type: 'audio/wav', duration: 2 },
      })),
    },
    {
      title: 'Video Weekly',
      articles: Array.from({ length: 6 }, (_, i) => ({
        title: `Watch: building a feed reader, session ${i + 1}`,
        description: `<p><img src="${pic(i)}" alt=""></p><p>${WORDS.slice(0, 120)}</p>`,
        enclosure: { url: `${base}/video-${i}.mp4`, type: 'video/mp4' },
      })),
    },
  ];
}

beforeAll(async () => {
  browser = await launchBrowser();
  images = await startFeedServer();
  for (let n = 0; n < 6; n++) {
    const svg = svgPicture(`Figure ${n + 1}`, n * 55);
    images.setRoute(`/img/${n}.svg`, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=600' }).end(svg);
    });
  }
});

afterAll(async () => {
  await images.close();
  await browser.close();
});

async function seeded(scheme: 'light' | 'dark'): Promise<{ app: AppPage; ids: SeededFeeds }> {
  const app = await openApp(browser, { colorScheme: scheme, viewport: { width: 1360, height: 860 } });
  await app.goto('/welcome');
  const ids = await seedFeeds(app.page, feeds(images.url), {
    readTitles: ['Colour in dark mode is not just inverted light'],
  });
  return { app, ids };
}

async function showView(app: AppPage, path: string, view: string): Promise<void> {
  await setSettings(app.page, { general: { defaultView: view, hideReadArticles: false, autoRead: false } });
  await app.goto(path);
  await screens(app.page).list.waitForRow();
}

describe.each(['light', 'dark'] as const)('views in %s mode', (scheme) => {
  let app: AppPage;
  beforeAll(async () => {
    ({ app } = await seeded(scheme));
  });
  afterAll(async () => {
    await app.context.close();
  });

  test.each(['list', 'card', 'magazine', 'column', 'text'])('%s renders rows', async (view) => {
    const { list } = screens(app.page);
    const panes = new ReaderPanes(app.page);
    await showView(app, '/all', view);
    expect(await list.view.getAttribute('data-view')).toBe(view);
    expect(await list.rows.count()).toBeGreaterThan(5);
    if (view === 'column') {
      await waitFor(panes.pane, 'the reader pane of the column view');
      await list.rows.first().click();
      await waitFor(panes.paneTitle, 'the article in the reader pane');
    }
    await panes.listSettled(`the ${view} view`);
    await shot(app.page, `/tmp/rivulet-view-${view}-${scheme}.png`);
    expectNoErrors(realErrors(app.errors));
  });

  test('the reader over the list', async () => {
    const panes = new ReaderPanes(app.page);
    await showView(app, '/all', 'magazine');
    await screens(app.page).list.rows.first().click();
    await waitFor(panes.overlayPictures.first(), 'a picture in the reader over the list');
    await panes.overlaySettled('the reader');
    await shot(app.page, `/tmp/rivulet-reader-${scheme}.png`);
    expectNoErrors(realErrors(app.errors));
  });
});

describe('auto view and cycling', () => {
  let app: AppPage;
  let ids: SeededFeeds;
  beforeAll(async () => {
    ({ app, ids } = await seeded('light'));
  });
  afterAll(async () => {
    await app.context.close();
  });

  test('auto picks cards for video, columns for podcasts, the list for pictures', async () => {
    const expected = ['list', 'column', 'card'];
    for (const [i, feedId] of ids.feedIds.entries()) {
      await showView(app, `/f/${feedId}`, 'auto');
      expect(await screens(app.page).list.view.getAttribute('data-view')).toBe(expected[i]);
    }
  });

  test('Shift+V cycles the view and the choice is kept', async () => {
    const { list } = screens(app.page);
    await showView(app, '/all', 'list');
    const root = list.view;
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await app.page.keyboard.press('Shift+V');
      await list.waitForRow();
      seen.push((await root.getAttribute('data-view')) ?? '');
    }
    // list → card → magazine → column → text → auto (this mix of feeds: mostly pictures → list)
    expect(seen).toEqual(['card', 'magazine', 'column', 'text', 'list']);
    await app.page.reload();
    await list.waitForRow();
    const stored = await app.page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('app-settings') ?? '{}') as { general: { defaultView: string } })
          .general,
    );
    expect(stored.defaultView).toBe('auto');
    expectNoErrors(realErrors(app.errors));
  });

  test('narrow screens show one pane: columns collapse, the reader covers the list', async () => {
    const narrow = await openApp(browser, { viewport: { width: 600, height: 800 } });
    await narrow.goto('/welcome');
    await seedFeeds(narrow.page, feeds(images.url));
    await showView(narrow, '/all', 'column');
    const { list } = screens(narrow.page);
    const panes = new ReaderPanes(narrow.page);
    expect(await list.view.getAttribute('data-view')).toBe('list');
    expect(await panes.pane.count()).toBe(0);
    await list.rows.first().click();
    await waitFor(panes.overlayTitle, 'the reader over the list on a narrow screen');
    await shot(narrow.page, '/tmp/rivulet-narrow-reader.png');
    expectNoErrors(realErrors(narrow.errors));
    await narrow.context.close();
  });
});
