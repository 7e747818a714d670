import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { seedApp } from './seed';

// Two languages end to end: switching in settings changes the sidebar, the settings dialog and
// the reader at once (no reload) and survives a reload; a Chinese browser starts in Chinese;
// switching back gives English again.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tid = (id: string) => `[data-testid="${id}"]`;
const text = async (page: Page, selector: string) =>
  (await page.locator(selector).first().innerText()).trim();

// Words that stay Latin in Chinese: the product name, language names, key names, "AI".
// 'localhost' is a host name the private-network setting quotes, not an English word.
const LATIN_ALLOWED = new Set(['Rivulet', 'English', 'Ctrl', 'AI', 'Esc', 'Markdown', 'localhost']);

/**
 * Latin words in the visible text and the aria-labels/titles of `selector`, after removing the
 * seeded names ("Group 1", "Feed 2"): in Chinese this must come out empty.
 */
async function untranslatedWords(page: Page, selector: string): Promise<string[]> {
  const texts = await page
    .locator(selector)
    .evaluateAll((roots) =>
      roots.flatMap((root) => [
        (root as HTMLElement).innerText,
        ...[...root.querySelectorAll('[aria-label], [title]')].map(
          (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`,
        ),
      ]),
    );
  if (texts.length === 0) throw new Error(`nothing matches ${selector}: the check would be vacuous`);
  return (
    texts
      .join('\n')
      .replace(/\b(Group|Feed) \d+/g, '')
      .match(/[A-Za-z]{2,}/g)
      ?.filter((w) => !LATIN_ALLOWED.has(w)) ?? []
  );
}

async function chooseLanguage(page: Page, option: RegExp): Promise<void> {
  await page.locator(tid('open-settings')).click();
  await page.locator(tid('settings-tab-general')).click();
  await page.locator(tid('setting-language')).click();
  await page.getByRole('option', { name: option }).click();
}

async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator(tid('settings-dialog')).waitFor({ state: 'detached' });
}

describe('languages', () => {
  let app: AppPage;

  beforeAll(async () => {
    app = await openApp(browser, { locale: 'en-US' });
    await app.goto('/welcome');
    await seedApp(app.page, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 4, readRatio: 0 });
  });
  afterAll(async () => {
    await app.context.close();
  });

  test('an English browser starts in English', async () => {
    await app.goto('/all');
    expect(await text(app.page, tid('nav-all'))).toContain('All articles');
    expect(await app.page.locator('html').getAttribute('lang')).toBe('en');
  });

  test('choosing 中文 in settings switches sidebar, settings and reader at once', async () => {
    const { page } = app;
    await app.goto('/all');
    await chooseLanguage(page, /^简体中文$/);

    // The dialog itself switches while open.
    await page.locator(tid('settings-tab-general'), { hasText: '常规' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.locator(tid('setting-language')).inputValue()).toBe('简体中文');
    expect(await text(page, tid('settings-tab-appearance'))).toBe('外观');
    expect(await text(page, tid('reset-general'))).toBe('重置常规设置');
    expect(await untranslatedWords(page, tid('settings-dialog'))).toEqual([]);
    await page.locator(tid('settings-tab-appearance')).click();
    await page.locator(tid('reset-appearance')).waitFor();
    expect(await untranslatedWords(page, tid('settings-dialog'))).toEqual([]);
    await closeSettings(page);

    // Sidebar.
    expect(await text(page, tid('nav-all'))).toContain('全部文章');
    expect(await text(page, tid('nav-today'))).toContain('今天');
    expect(await text(page, tid('nav-saved'))).toContain('已收藏');
    expect(await page.locator(tid('open-settings')).getAttribute('aria-label')).toBe('设置');
    expect(await untranslatedWords(page, tid('sidebar'))).toEqual([]);

    // Reader.
    await page.locator(tid('item-row')).first().click();
    await page.locator(tid('reader-title')).waitFor();
    expect(await text(page, tid('reader-prev'))).toContain('上一篇');
    expect(await text(page, tid('reader-next'))).toContain('下一篇');
    expect(await text(page, tid('reader-save'))).toMatch(/收藏/);
    expect(await text(page, tid('reader-read'))).toMatch(/^标为(已读|未读)$/);
    expect(await text(page, tid('reader-reading-time'))).toMatch(/^阅读约 \d+ 分钟$/);
    expect(await page.locator(tid('reader-close')).getAttribute('aria-label')).toBe('关闭文章');
    expect(await text(page, `${tid('reader')} time`)).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);

    // The shortcuts help.
    await page.keyboard.press('Escape');
    await page.locator(tid('reader')).waitFor({ state: 'detached' });
    await page.keyboard.press('?');
    // The modal root has no box of its own; its content is what shows.
    await page.getByText('键盘快捷键').first().waitFor();
    for (const label of ['全局', '文章列表', '下一项', '全部标为已读', '订阅新的订阅源'])
      await page.getByText(label, { exact: true }).first().waitFor();
    expect(await page.getByText(/Next item|Everywhere|Article list|Keyboard shortcuts/).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  test('the choice survives a reload', async () => {
    await app.goto('/all');
    expect(await text(app.page, tid('nav-all'))).toContain('全部文章');
    expect(await app.page.locator('html').getAttribute('lang')).toBe('zh-CN');
  });

  test('switching back to English', async () => {
    const { page } = app;
    await app.goto('/all');
    await chooseLanguage(page, /^English$/);
    await page.locator(tid('settings-tab-general'), { hasText: 'General' }).waitFor();
    await closeSettings(page);
    expect(await text(page, tid('nav-all'))).toContain('All articles');
    expect(await page.locator(tid('open-settings')).getAttribute('aria-label')).toBe('Settings');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(app.errors).toEqual([]);
  });
});

describe('a Chinese browser', () => {
  test('starts in Chinese with the language set to follow the browser', async () => {
    const app = await openApp(browser, { locale: 'zh-CN' });
    try {
      await app.goto('/welcome');
      expect(await app.page.locator('html').getAttribute('lang')).toBe('zh-CN');
      expect(await text(app.page, tid('nav-all'))).toContain('全部文章');
      expect(await untranslatedWords(app.page, tid('sidebar'))).toEqual([]);
      await app.page.locator(tid('open-settings')).click();
      await app.page.locator(tid('settings-tab-general')).click();
      expect(await app.page.locator(tid('setting-language')).inputValue()).toBe('跟随浏览器（简体中文）');
      expect(app.errors).toEqual([]);
    } finally {
      await app.context.close();
    }
  });
});
