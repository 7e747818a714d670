import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { type AppPage, expectNoErrors, openApp } from './harness';
import { exactly, screens, waitFor, waitForValue, type Screens } from './pages';
import { HighlightsUi } from './pages/highlights';
import { setSettings } from './readingSeed';
import { closeStartedApp, launchStartedApp, runInEngine } from './setups';
import { shot, shootSizes } from './shots';

// Issue 12, "content that reads right": posts without a title get one made from their text
// (preview, list, reader); feeds in legacy encodings that name no charset are detected and
// decoded inside the engine worker, and untitled feeds get distinct names; right-to-left
// articles render right to left without turning the app around them; articles carry the language
// their feed (or they themselves) declare, in an English or a Chinese UI: in lists and the reader,
// and where their titles show elsewhere (the subscribe preview, the search palette, Continue
// reading, the highlights). With RIVULET_SHOTS=1 those are photographed to test-results/content/.

const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'content');
let browser: Browser;
let app: AppPage;
const feedsUrl = inject('feedsUrl');
const feedsHost = new URL(feedsUrl).host;
let ui: Screens;

// Generous: launching Chromium and the engine's first start are slow on a loaded 2-core machine.
beforeAll(async () => {
  ({ browser, app } = await launchStartedApp());
  ui = screens(app.page);
}, 150_000);
afterAll(() => closeStartedApp({ browser, app }));

/** Previews the feed at `path` of the fixture server. */
async function preview(path: string): Promise<void> {
  await app.goto('/subscribe');
  await ui.subscribe.discover(`${feedsUrl}${path}`);
  await waitFor(ui.subscribe.preview, `the preview of ${path}`);
}

/** Subscribes to the previewed feed and opens its list (/f/:id). */
const subscribeAndOpen = () => ui.subscribe.subscribeAndOpen();

const titles = () => ui.list.rowTitles.allTextContents();
/** The computed text direction of an element. */
const direction = (el: Locator) => el.first().evaluate((e) => getComputedStyle(e).direction);
/** An element's `lang` and `dir` attributes ('∅' for none). */
const langDir = async (el: Locator) => [
  (await el.first().getAttribute('lang')) ?? '∅',
  (await el.first().getAttribute('dir')) ?? '∅',
];

describe('posts without a title', () => {
  test('a Mastodon-style feed shows titles made from the text in the preview, the list and the reader', async () => {
    const { subscribe, list, reader } = ui;
    await preview('/feeds/mastodon.rss');
    expect(await subscribe.previewPart('items').textContent()).toContain(
      'Just finished repotting every plant on the balcony',
    );
    expect(await subscribe.derivedItems.count()).toBe(3);

    await subscribeAndOpen();
    const shown = await titles();
    expect(shown).toEqual([
      'Just finished repotting every plant on the balcony',
      // No sentence end within 80 characters: cut at a word, with an ellipsis.
      'Does anyone know a good open source app for tracking how often you water…',
      'Happy new year from a very snowy Zürich',
    ]);
    expect(shown.join('|')).not.toContain('Untitled');
    for (const t of shown) expect(t.length).toBeLessThanOrEqual(80);
    // Made-up titles are marked and set lighter than real ones (not a wall of bold).
    const first = list.rowTitles.first();
    expect(await first.getAttribute('data-derived')).toBe('true');
    const weight = await first.evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(weight).toBeLessThan(500);

    await list.openFirst();
    const readerTitle = reader.title;
    expect(await readerTitle.textContent()).toBe('Just finished repotting every plant on the balcony');
    expect(await readerTitle.getAttribute('data-derived')).toBe('true');
    expect(await reader.body.textContent()).toContain('The basil survived the winter');
    expectNoErrors(app.errors);
  });
});

describe('legacy encodings that name no charset', () => {
  test.each([
    ['/feeds/gb2312-undeclared.xml', '春天的花园：郁金香和玫瑰', '秋天种郁金香'],
    ['/feeds/shift-jis-undeclared.xml', '東京の桜が満開になりました', '東京の桜が満開'],
  ])('%s is detected in the engine and decoded', async (path, title, body) => {
    const { subscribe, list, sidebar } = ui;
    await preview(path);
    // No channel title: the name is host + path, so two such feeds of one host differ.
    expect(await subscribe.previewPart('title').textContent()).toBe(`${feedsHost}${path}`);
    expect(await subscribe.previewPart('items').textContent()).toContain(title);
    await subscribeAndOpen();
    expect(await titles()).toContain(title);
    expect((await list.rows.allTextContents()).join('|')).toContain(body);
    await waitFor(sidebar.feedNamed(`${feedsHost}${path}`), `the feed ${feedsHost}${path} in the sidebar`);
  });

  test('the two untitled feeds of one host are listed under distinct names', async () => {
    const names = await ui.sidebar.feedLinkNames();
    const ours = names.filter((n) => n.includes(`${feedsHost}/feeds/`));
    expect(ours).toHaveLength(2);
    expect(new Set(ours).size).toBe(2);
    expectNoErrors(app.errors);
  });
});

describe('right-to-left text', () => {
  test('Arabic and Hebrew titles, snippets and the reader run right to left; the app stays LTR', async () => {
    const { list, reader, subscribe } = ui;
    await preview('/feeds/rtl.xml');
    // The preview already sets the feed's title and its items' in Arabic, right to left.
    expect(await langDir(subscribe.previewPart('title'))).toEqual(['ar', 'rtl']);
    expect(await langDir(subscribe.previewItemTitle('زراعة التوليب في الخريف'))).toEqual(['ar', 'rtl']);
    expect(await direction(subscribe.previewItemTitle('גינון על המרפסת'))).toBe('rtl');
    await shootSizes(app.page, SHOTS, 'preview-rtl');
    await subscribeAndOpen();
    const rows = list.rows;
    expect(await titles()).toEqual(['زراعة التوليب في الخريف', 'גינון על המרפסת']);
    expect(await direction(list.rowTitle(rows.first()))).toBe('rtl');
    expect(await direction(list.rowTitle(rows.nth(1)))).toBe('rtl');
    expect(await direction(list.rowSnippet(rows.first(), 'ازرع'))).toBe('rtl');
    // The row itself (actions, meta) keeps the app's direction.
    expect(await direction(rows.first())).toBe('ltr');

    // The feed declares Arabic (<language>ar</language>): the list says so, and right to left.
    expect(await list.rowTitle(rows.first()).getAttribute('lang')).toBe('ar');
    expect(await list.rowTitle(rows.first()).getAttribute('dir')).toBe('rtl');

    await rows.first().click();
    await reader.waitOpen();
    expect(await direction(reader.title)).toBe('rtl');
    expect(await direction(reader.body)).toBe('rtl');
    expect(await reader.body.getAttribute('lang')).toBe('ar');
    expect(await reader.body.getAttribute('dir')).toBe('rtl');
    expect(await reader.title.getAttribute('dir')).toBe('rtl');
    // The Arabic title is right-aligned: its text ends at the right edge of its box.
    const aligned = await reader.title.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return Math.abs(box.right - text.right) < 2 && text.left - box.left > 20;
    });
    expect(aligned).toBe(true);
    // An English paragraph inside the Arabic article runs left to right on its own.
    const english = reader.paragraph('Tulips (Tulipa)');
    const englishLtr = await english.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.abs(range.getBoundingClientRect().left - el.getBoundingClientRect().left) < 2;
    });
    expect(englishLtr).toBe(true);
    // Around the article, the app keeps its own direction.
    expect(await app.page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe('ltr');
    expect(await direction(reader.button('close'))).toBe('ltr');
    expectNoErrors(app.errors);
  });
});

describe('a long article', () => {
  let feedPath = '';
  beforeAll(async () => {
    await preview('/feeds/footnotes.atom');
    await subscribeAndOpen();
    feedPath = new URL(app.page.url()).pathname;
    // The article stays in its list once read, for each test to open it.
    await setSettings(app.page, { general: { hideReadArticles: false } });
  });

  /** Opens the essay from its feed's list. */
  async function openEssay(): Promise<void> {
    await app.goto(feedPath);
    await ui.list.row('On footnotes').click();
    await ui.reader.waitOpen('On footnotes');
  }

  test('a footnote link moves to its note in the reader and its way back returns; other links open a tab', async () => {
    const { reader } = ui;
    const { page } = app;
    await openEssay();
    const articlePath = new URL(page.url()).pathname;
    // Stored as the feed wrote them: links within the article, not links to the feed document.
    const toNote = reader.bodyLinks.filter({ hasText: exactly('1') });
    const back = reader.bodyLinks.filter({ hasText: '↩' });
    expect(await toNote.getAttribute('href')).toBe('#fn1');
    expect(await toNote.getAttribute('target')).toBeNull();
    expect(await back.getAttribute('href')).toBe('#fnref1');
    // A relative link elsewhere still resolves against the feed and opens a tab.
    const about = reader.bodyLinks.filter({ hasText: 'the about page' });
    expect(await about.getAttribute('href')).toBe(new URL('/about', feedsUrl).href);
    expect(await about.getAttribute('target')).toBe('_blank');

    const note = reader.showing('The side road leads back');
    expect(await inView(note)).toBe(false);
    await toNote.click();
    await waitForValue('the footnote scrolled into view', async () =>
      (await inView(note)) ? true : undefined,
    );
    // Still this article in this list: no tab, no other address.
    expect(new URL(page.url()).pathname).toBe(articlePath);
    expect(app.context.pages()).toHaveLength(1);
    expect((await reader.title.textContent())?.trim()).toBe('On footnotes');
    await shootSizes(page, SHOTS, 'footnote');
    await back.click();
    await waitForValue('the footnote mark back in view', async () =>
      (await inView(toNote)) && !(await inView(note)) ? true : undefined,
    );
    expect(new URL(page.url()).pathname).toBe(articlePath);
    await reader.waitOpen('On footnotes');
    expectNoErrors(app.errors);
  });

  test('turning the phone keeps the place reached in the article, both ways', async () => {
    const { reader } = ui;
    const { page } = app;
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openEssay();
      const reading = reader.showing('Paragraph 15 of the essay');
      await reading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await nextFrames();
      expect(await fromViewTop(reading)).toBeLessThan(5);
      // To landscape (the list's column beside the reader), and back (the phone's layer).
      for (const [width, height] of [
        [844, 390],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await reader.waitOpen('On footnotes');
        await waitAtViewTop(reading, `paragraph 15 at the top of the view at ${width}×${height}`);
        await shot(page, join(SHOTS, `turned-${width}x${height}.png`));
      }
      // The place also holds across the desktop's layouts (photographed at each size).
      await shootSizes(page, SHOTS, 'turned');
      expectNoErrors(app.errors);
    } finally {
      if (size) await page.setViewportSize(size);
    }
  });

  test('a reload (or a tab the phone discarded) comes back to the place in the article; opening it again starts at its top', async () => {
    const { list, reader } = ui;
    const { page } = app;
    await openEssay();
    const reading = reader.showing('Paragraph 20 of the essay');
    await reading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await nextFrames();
    await page.reload();
    await reader.waitOpen('On footnotes');
    await waitAtViewTop(reading, 'paragraph 20 at the top of the view after the reload');
    // Closed, then opened again: a new reading, from the top.
    await reader.button('close').click();
    await reader.waitClosed();
    await list.row('On footnotes').click();
    await reader.waitOpen('On footnotes');
    await nextFrames();
    expect(await fromViewTop(reader.title)).toBeGreaterThan(0);
    expect(await fromViewTop(reading)).toBeGreaterThan(400);
    expectNoErrors(app.errors);
  });
});

/** Waits until `el` starts at the top of the reader's view: within its first lines, or scrolled into. */
async function waitAtViewTop(el: Locator, what: string): Promise<void> {
  await waitForValue(what, async () => {
    await nextFrames();
    const d = await fromViewTop(el);
    return d > -400 && d < 40 ? true : undefined;
  });
}

/** Waits two frames in the page (a scroll's note is taken in the next one). */
function nextFrames(): Promise<void> {
  return app.page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * How far below the top of the reader's view an element starts (negative: its top is above it,
 * scrolled past), in CSS pixels.
 */
function fromViewTop(el: Locator): Promise<number> {
  return el.evaluate((e) => {
    let view: Element | null = e.parentElement;
    while (view && !/(auto|scroll)/.test(getComputedStyle(view).overflowY)) view = view.parentElement;
    const top = view ? view.getBoundingClientRect().top : 0;
    return Math.round(e.getBoundingClientRect().top - top);
  });
}

/** Whether an element lies within the window (its middle between the top and bottom edges). */
function inView(el: Locator): Promise<boolean> {
  return el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const middle = (r.top + r.bottom) / 2;
    return r.height > 0 && middle > 0 && middle < window.innerHeight;
  });
}

/** `lang` of the list row titled `title`, and of the reader's title and body once it is opened. */
async function languagesOf(s: Screens, title: string): Promise<string[]> {
  const row = s.list.row(title);
  const inList = await s.list.rowTitle(row).getAttribute('lang');
  await row.click();
  await s.reader.waitOpen(title);
  return [
    inList ?? '∅',
    (await s.reader.title.getAttribute('lang')) ?? '∅',
    (await s.reader.body.getAttribute('lang')) ?? '∅',
  ];
}

/** The width of the first ’ in the reader's paragraph holding `text`, in ems of its font size. */
function apostropheEm(s: Screens, text: string): Promise<number> {
  return s.reader.paragraph(text).evaluate((el) => {
    const node = el.firstChild as Text;
    const at = node.data.indexOf('’');
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    return range.getBoundingClientRect().width / parseFloat(getComputedStyle(el).fontSize);
  });
}

describe('article languages', () => {
  test('a Chinese feed’s articles are lang="zh-CN", and one that declares English its own', async () => {
    await preview('/feeds/zh-cn.xml');
    // In the preview too: each title in its own language, else the feed's.
    const { subscribe } = ui;
    expect(await langDir(subscribe.previewPart('title'))).toEqual(['zh-CN', 'auto']);
    expect(await langDir(subscribe.previewItemTitle('春天的花园'))).toEqual(['zh-CN', 'auto']);
    expect(await langDir(subscribe.previewItemTitle('The river’s mill'))).toEqual(['en-US', 'auto']);
    await shootSizes(app.page, SHOTS, 'preview-zh');
    await subscribeAndOpen();
    expect(await languagesOf(ui, '春天的花园：郁金香和玫瑰')).toEqual(['zh-CN', 'zh-CN', 'zh-CN']);
    expect(await languagesOf(ui, 'The river’s mill, in English')).toEqual(['en-US', 'en-US', 'en-US']);
    // The UI around them keeps its own.
    expect(await ui.shell.lang()).toBe('en');
    expectNoErrors(app.errors);
  });

  test('titles keep their language in the search palette, Continue reading and the highlights', async () => {
    const { palette, welcome, reader } = ui;
    const { page } = app;
    /** `lang` and `dir` of each of the palette's results titled `title`, for `words`. */
    const paletteTitles = async (words: string, title: string, shotName?: string) => {
      await palette.open();
      await page.keyboard.type(words);
      await palette.waitFresh();
      const hits = palette.results.filter({ hasText: title });
      await waitFor(hits.first(), `the palette's result '${title}'`);
      if (shotName) await shootSizes(page, SHOTS, shotName);
      const attrs: string[][] = [];
      for (const hit of await hits.all()) attrs.push(await langDir(palette.resultTitle(hit)));
      await page.keyboard.press('Escape');
      await waitFor(palette.root, 'the palette closed', { state: 'detached' });
      return attrs.sort();
    };
    // Articles by title, those of the Chinese feed (the GB2312 one has the same Chinese title).
    const ids = await runInEngine<Record<string, number>>(
      page,
      `async (e) => {
        const zh = (await e.feeds.list()).find((f) => f.language === 'zh-CN').id;
        const { rows } = await e.items.page({ scope: 'all', limit: 100 });
        return Object.fromEntries(rows.filter((r) => r.feedId === zh || !r.title.startsWith('春天')).map((r) => [r.title, r.id]));
      }`,
    );
    await app.goto('/all');
    // The Chinese feed's article is Chinese; the same title from the feed that declares no
    // language is in none (lang=""), rather than the interface's English.
    expect(await paletteTitles('郁金香', '春天的花园', 'palette-zh')).toEqual([
      ['', 'auto'],
      ['zh-CN', 'auto'],
    ]);
    expect(await paletteTitles('mill english', 'The river’s mill')).toEqual([['en-US', 'auto']]);
    expect(await paletteTitles('التوليب', 'زراعة التوليب', 'palette-rtl')).toEqual([['ar', 'rtl']]);

    // Continue reading: the Chinese article, left unread in the feed read last.
    await runInEngine(page, '(e, id) => e.state.markRead([id], false)', ids['春天的花园：郁金香和玫瑰']);
    await app.goto(`/all/i/${ids['The river’s mill, in English']}`);
    await reader.waitOpen('The river’s mill, in English');
    await app.goto('/welcome');
    await waitFor(welcome.continueTitle.filter({ hasText: '春天的花园' }), 'the Chinese article to continue');
    expect(await langDir(welcome.continueTitle)).toEqual(['zh-CN', 'auto']);
    await shootSizes(page, SHOTS, 'continue-zh');

    // A passage highlighted in the Arabic article: its title and quote stay Arabic on /highlights.
    const hl = new HighlightsUi(page);
    await app.goto(`/all/i/${ids['زراعة التوليب في الخريف']}`);
    await reader.waitOpen('زراعة التوليب في الخريف');
    await hl.select('الحديقة مرآة صاحبها');
    await waitFor(hl.popover, 'the highlight popover');
    await hl.color('green').click();
    await waitFor(hl.marks(reader.body).first(), 'the highlight drawn');
    await app.goto('/highlights');
    await waitFor(hl.quotes.first(), 'the highlight on /highlights');
    expect(await langDir(hl.groupTitles)).toEqual(['ar', 'rtl']);
    expect(await langDir(hl.quotes)).toEqual(['ar', 'rtl']);
    expect(await direction(hl.quotes)).toBe('rtl');
    await shootSizes(page, SHOTS, 'highlights-rtl');
    expectNoErrors(app.errors);
  });

  test('in the Chinese UI, the English article is still English (its apostrophe is no full-width one)', async () => {
    const zh = await openApp(browser, { locale: 'zh-CN' });
    try {
      const s = screens(zh.page);
      await zh.goto('/subscribe');
      await s.subscribe.discover(`${feedsUrl}/feeds/zh-cn.xml`);
      await waitFor(s.subscribe.preview, 'the preview of the Chinese feed');
      await s.subscribe.subscribeAndOpen();
      expect(await s.shell.lang()).toBe('zh-CN');
      expect(await languagesOf(s, 'The river’s mill, in English')).toEqual(['en-US', 'en-US', 'en-US']);
      expect(await apostropheEm(s, 'oldest in town')).toBeLessThan(0.5);
      expect(await languagesOf(s, '春天的花园：郁金香和玫瑰')).toEqual(['zh-CN', 'zh-CN', 'zh-CN']);
      expectNoErrors(zh.errors);
    } finally {
      await zh.context.close();
    }
  });
});

describe('the Chinese UI', () => {
  test('bundle cards on /combo are in Chinese (publisher names and addresses aside)', async () => {
    const zh = await openApp(browser, { locale: 'zh-CN' });
    try {
      await zh.goto('/combo');
      const cards = screens(zh.page).combo.cards;
      await waitFor(cards.first(), 'a bundle card in Chinese');
      const first = (await cards.first().innerText()).split('\n');
      expect(first[0]).toBe('国际新闻');
      expect(first.join(' ')).toContain('来自公共广播机构和大型新闻编辑部的国际报道');
      expect(first.join(' ')).toContain('BBC 的国际头条');
      // Every card's title and description are Chinese.
      const heads = await cards.evaluateAll((els) =>
        els.map((el) => (el as HTMLElement).innerText.split('\n')[0]),
      );
      for (const h of heads) expect(h).toMatch(/\p{Script=Han}/u);
      expectNoErrors(zh.errors);
    } finally {
      await zh.context.close();
    }
  });
});
