import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { colorScheme } from './pages';

/**
 * Screenshots of the current screen at phone (390x844) and desktop (1440x900) sizes, light and
 * dark, as `<dir>/<name>-<width>-<scheme>.png`; the page's viewport and scheme are restored.
 */
export async function shootSizes(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await colorScheme(page, scheme);
      await page.screenshot({ path: `${dir}/${name}-${w}-${scheme}.png` });
    }
  }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}
