import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openApp, type AppPage } from './harness';
import { closeStartedApp, launchStartedApp } from './setups';

// Issue 12, "content that reads right": posts without a title get one made from their text
// (preview, list, reader); feeds in legacy encodings that name no charset are detected and
// decoded inside the engine worker, and untitled feeds get distinct names; right-to-left
// articles render right to left without turning the app around them.

let browser: Browser;
let app: AppPage;
const feedsUrl = inject('feedsUrl');
const feedsHost = new URL(feedsUrl).host;
const tid = (id: string) => `[data-testid="${id}"]`;

// Generous: launching Chromium and the engine's first start are slow on a loaded 2-core machine.
beforeAll(async () => ({ browser, app } = await launchStartedApp()), 150_000);
afterAll(() => closeStartedApp({ browser, app }));

/** Previews the feed at `path` of the fixture server; returns the preview panel. */
async function preview(path: string) {
  await app.goto('/subscribe');
  const box = app.page.locator(tid('discover-input'));
  await box.fill(`${feedsUrl}${path}`);
  await box.press('Enter');
  const panel = app.page.locator(tid('preview'));
  await panel.waitFor();
  return panel;
}

/** Subscribes to the previewed feed and opens its list (/f/:id). */
async function subscribeAndOpen(): Promise<void> {
  await app.page.locator(tid('subscribe-submit')).click();
  const done = app.page.locator(tid('subscribe-done'));
  await done.waitFor();
  await done.locator(tid('subscribe-open')).click();
  await app.page.waitForURL((u) => /^\/f\/\d+$/.test(u.pathname));
  await app.page.locator(tid('item-row')).first().waitFor();
}

const titles = () => app.page.locator(`${tid('item-row')} ${tid('item-title')}`).allTextContents();

describe('posts without a title', () => {
  test('a Mastodon-style feed shows titles made from the text in the preview, the list and the reader', async () => {
    const panel = await preview('/feeds/mastodon.rss');
    const previewItems = panel.locator(tid('preview-items'));
    expect(await previewItems.textContent()).toContain('Just finished repotting every plant on the balcony');
    expect(await previewItems.locator('[data-derived]').count()).toBe(3);

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
    const first = app.page.locator(`${tid('item-row')} ${tid('item-title')}`).first();
    expect(await first.getAttribute('data-derived')).toBe('true');
    const weight = await first.evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(weight).toBeLessThan(500);

    await app.page.locator(tid('item-row')).first().click();
    const readerTitle = app.page.locator(tid('reader-title'));
    await readerTitle.waitFor();
    expect(await readerTitle.textContent()).toBe('Just finished repotting every plant on the balcony');
    expect(await readerTitle.getAttribute('data-derived')).toBe('true');
    expect(await app.page.locator(tid('reader-body')).textContent()).toContain(
      'The basil survived the winter',
    );
    expect(app.errors).toEqual([]);
  });
});

describe('legacy encodings that name no charset', () => {
  test.each([
    ['/feeds/gb2312-undeclared.xml', '春天的花园：郁金香和玫瑰', '秋天种郁金香'],
    ['/feeds/shift-jis-undeclared.xml', '東京の桜が満開になりました', '東京の桜が満開'],
  ])('%s is detected in the engine and decoded', async (path, title, body) => {
    const panel = await preview(path);
    // No channel title: the name is host + path, so two such feeds of one host differ.
    expect(await panel.locator(tid('preview-title')).textContent()).toBe(`${feedsHost}${path}`);
    expect(await panel.locator(tid('preview-items')).textContent()).toContain(title);
    await subscribeAndOpen();
    expect(await titles()).toContain(title);
    expect((await app.page.locator(tid('item-row')).allTextContents()).join('|')).toContain(body);
    await app.page.locator(`[data-testid^="nav-feed-"]`, { hasText: `${feedsHost}${path}` }).waitFor();
  });

  test('the two untitled feeds of one host are listed under distinct names', async () => {
    const names = await app.page.locator('[data-testid^="nav-feed-"]').allTextContents();
    const ours = names.filter((n) => n.includes(`${feedsHost}/feeds/`));
    expect(ours).toHaveLength(2);
    expect(new Set(ours).size).toBe(2);
    expect(app.errors).toEqual([]);
  });
});

describe('right-to-left text', () => {
  test('Arabic and Hebrew titles, snippets and the reader run right to left; the app stays LTR', async () => {
    await preview('/feeds/rtl.xml');
    await subscribeAndOpen();
    const direction = (selector: string) =>
      app.page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).direction);
    const rows = app.page.locator(tid('item-row'));
    expect(await rows.locator(tid('item-title')).allTextContents()).toEqual([
      'زراعة التوليب في الخريف',
      'גינון על המרפסת',
    ]);
    expect(
      await rows
        .first()
        .locator(tid('item-title'))
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('rtl');
    expect(
      await rows
        .nth(1)
        .locator(tid('item-title'))
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('rtl');
    const snippet = rows.first().locator('p', { hasText: 'ازرع' });
    expect(await snippet.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // The row itself (actions, meta) keeps the app's direction.
    expect(await rows.first().evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    await rows.first().click();
    await app.page.locator(tid('reader-title')).waitFor();
    expect(await direction(tid('reader-title'))).toBe('rtl');
    expect(await direction(tid('reader-body'))).toBe('rtl');
    // The Arabic title is right-aligned: its text ends at the right edge of its box.
    const aligned = await app.page.locator(tid('reader-title')).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return Math.abs(box.right - text.right) < 2 && text.left - box.left > 20;
    });
    expect(aligned).toBe(true);
    // An English paragraph inside the Arabic article runs left to right on its own.
    const english = app.page.locator(`${tid('reader-body')} p`, { hasText: 'Tulips (Tulipa)' });
    const englishLtr = await english.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.abs(range.getBoundingClientRect().left - el.getBoundingClientRect().left) < 2;
    });
    expect(englishLtr).toBe(true);
    // Around the article, the app keeps its own direction.
    expect(await app.page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe('ltr');
    expect(await direction(tid('reader-close'))).toBe('ltr');
    expect(app.errors).toEqual([]);
  });
});

describe('the Chinese UI', () => {
  test('bundle cards on /combo are in Chinese (publisher names and addresses aside)', async () => {
    const zh = await openApp(browser, { locale: 'zh-CN' });
    try {
      await zh.goto('/combo');
      const cards = zh.page.locator(tid('bundle-card'));
      await cards.first().waitFor();
      const first = (await cards.first().innerText()).split('\n');
      expect(first[0]).toBe('国际新闻');
      expect(first.join(' ')).toContain('来自公共广播机构和大型新闻编辑部的国际报道');
      expect(first.join(' ')).toContain('BBC 的国际头条');
      // Every card's title and description are Chinese.
      const heads = await cards.evaluateAll((els) =>
        els.map((el) => (el as HTMLElement).innerText.split('\n')[0]),
      );
      for (const h of heads) expect(h).toMatch(/\p{Script=Han}/u);
      expect(zh.errors).toEqual([]);
    } finally {
      await zh.context.close();
    }
  });
});
