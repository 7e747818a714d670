import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { colorScheme } from './pages';

/**
 * True when this run should write screenshots for a person to look at (`RIVULET_SHOTS=1`).
 * Off by default: encoding PNGs costs e2e time in CI and nothing reads them there.
 */
export const shotsWanted = (): boolean => process.env.RIVULET_SHOTS === '1';

/** `page.screenshot` to `path` (its folder made), only when {@link shotsWanted}. */
export async function shot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!shotsWanted()) return;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ ...options, path });
}

/**
 * Screenshots of the current screen at phone (390x844) and desktop (1440x900) sizes, light and
 * dark, as `<dir>/<name>-<width>-<scheme>.png`; the page's viewport and scheme are restored.
 * Only when {@link shotsWanted}: otherwise the page is left as it is.
 */
export async function shootSizes(page: Page, dir: string, name: string): Promise<void> {
  if (!shotsWanted()) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await colorScheme(page, scheme);
      // Transitions finished: a scheme switch fades colours in (a label read blank mid-fade).
      await page.screenshot({ path: `${dir}/${name}-${w}-${scheme}.png`, animations: 'disabled' });
    }
  }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}
