import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
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

const text = async (what: Locator) => (await what.first().innerText()).trim();

// Words that stay Latin in Chinese: the product name, language names, key names, "AI".
// 'localhost' is a host name the private-network setting quotes, not an English word.
const LATIN_ALLOWED = new Set(['Rivulet', 'English', 'Ctrl', 'AI', 'Esc', 'Markdown', 'localhost']);

/**
 * Latin words in the visible text and the aria-labels/titles of `selector`, after removing the
 * seeded names ("Group 1", "Feed 2"): in Chinese this must come out empty.
 */
async function untranslatedWords(where: Locator): Promise<string[]> {
  const texts = await where.evaluateAll((roots) =>
    roots.flatMap((root) => [
      (root as HTMLElement).innerText,
      ...[...root.querySelectorAll('[aria-label], [title]')].map(
        (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`,
      ),
    ]),
  );
  if (texts.length === 0) throw new Error(`nothing matches ${String(where)}: the check would be vacuous`);
  return (
    texts
      .join('\n')
      .replace(/\b(Group|Feed) \d+/g, '')
      .match(/[A-Za-z]{2,}/g)
      ?.filter((w) => !LATIN_ALLOWED.has(w)) ?? []
  );
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
    const { sidebar, shell } = screens(app.page);
    expect(await text(sidebar.scope('all'))).toContain('All articles');
    expect(await shell.lang()).toBe('en');
  });

  test('choosing 中文 in settings switches sidebar, settings and reader at once', async () => {
    const { page } = app;
    const { settings, sidebar, list, reader, shell } = screens(page);
    await app.goto('/all');
    await settings.chooseLanguage(/^简体中文$/);

    // The dialog itself switches while open.
    await waitFor(settings.tab('general').filter({ hasText: '常规' }), 'the General tab in Chinese');
    expect(await shell.lang()).toBe('zh-CN');
    expect(await settings.setting('language').inputValue()).toBe('简体中文');
    expect(await text(settings.tab('appearance'))).toBe('外观');
    expect(await text(settings.reset('general'))).toBe('重置常规设置');
    expect(await untranslatedWords(settings.dialog)).toEqual([]);
    await settings.tab('appearance').click();
    await waitFor(settings.reset('appearance'), 'the Appearance tab');
    expect(await untranslatedWords(settings.dialog)).toEqual([]);
    await settings.close();

    // Sidebar.
    expect(await text(sidebar.scope('all'))).toContain('全部文章');
    expect(await text(sidebar.scope('today'))).toContain('今天');
    expect(await text(sidebar.scope('saved'))).toContain('已收藏');
    expect(await settings.gear.getAttribute('aria-label')).toBe('设置');
    expect(await untranslatedWords(sidebar.root)).toEqual([]);

    // Reader.
    await list.rows.first().click();
    await reader.waitOpen();
    expect(await text(reader.button('prev'))).toContain('上一篇');
    expect(await text(reader.button('next'))).toContain('下一篇');
    expect(await text(reader.button('save'))).toMatch(/收藏/);
    expect(await text(reader.button('read'))).toMatch(/^标为(已读|未读)$/);
    expect(await text(reader.button('reading-time'))).toMatch(/^阅读约 \d+ 分钟$/);
    expect(await reader.button('close').getAttribute('aria-label')).toBe('关闭文章');
    expect(await text(reader.date)).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);

    // The shortcuts help.
    await page.keyboard.press('Escape');
    await reader.waitClosed();
    await page.keyboard.press('?');
    // The modal root has no box of its own; its content is what shows.
    await shell.waitForText('键盘快捷键', 'the shortcuts help in Chinese');
    for (const label of ['全局', '文章列表', '下一项', '全部标为已读', '订阅新的订阅源'])
      await shell.waitForText(label, `'${label}' in the shortcuts help`, true);
    expect(await shell.text(/Next item|Everywhere|Article list|Keyboard shortcuts/).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  test('the choice survives a reload', async () => {
    await app.goto('/all');
    const { sidebar, shell } = screens(app.page);
    expect(await text(sidebar.scope('all'))).toContain('全部文章');
    expect(await shell.lang()).toBe('zh-CN');
  });

  test('switching back to English', async () => {
    const { settings, sidebar, shell } = screens(app.page);
    await app.goto('/all');
    await settings.chooseLanguage(/^English$/);
    await waitFor(settings.tab('general').filter({ hasText: 'General' }), 'the General tab in English');
    await settings.close();
    expect(await text(sidebar.scope('all'))).toContain('All articles');
    expect(await settings.gear.getAttribute('aria-label')).toBe('Settings');
    expect(await shell.lang()).toBe('en');
    expectNoErrors(app.errors);
  });
});

describe('a Chinese browser', () => {
  test('starts in Chinese with the language set to follow the browser', async () => {
    const app = await openApp(browser, { locale: 'zh-CN' });
    try {
      await app.goto('/welcome');
      const { settings, sidebar, shell } = screens(app.page);
      expect(await shell.lang()).toBe('zh-CN');
      expect(await text(sidebar.scope('all'))).toContain('全部文章');
      expect(await untranslatedWords(sidebar.root)).toEqual([]);
      await settings.open('general');
      expect(await settings.setting('language').inputValue()).toBe('跟随浏览器（简体中文）');
      expectNoErrors(app.errors);
    } finally {
      await app.context.close();
    }
  });
});
