import type { Locator, Page } from 'playwright-core';
import { setTimeout as nextPoll } from 'node:timers/promises';

/** A CSS selector for an element with this `data-testid`. */
export const tid = (id: string): string => `[data-testid="${id}"]`;

/** Exactly this text (whitespace-trimmed), as a pattern for `filter({ hasText })`. */
export const exactly = (text: string): RegExp =>
  new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

type WaitState = 'attached' | 'detached' | 'visible' | 'hidden';

/**
 * `locator.waitFor` whose timeout says what the test was waiting for ("the reader showing
 * 'Alpha 3'"), not only the selector, with Playwright's own message kept below it. `seen`, when
 * given, describes what the page shows instead at the timeout (e.g. the count it reads), so a
 * failure says whether the answer was wrong or never came.
 */
export async function waitFor(
  locator: Locator,
  what: string,
  options: { state?: WaitState; timeout?: number; seen?: () => Promise<string> } = {},
): Promise<void> {
  const { seen, ...wait } = options;
  try {
    await locator.waitFor(wait);
  } catch (err) {
    const state = wait.state ?? 'visible';
    const verb = state === 'detached' ? 'to go away' : state === 'hidden' ? 'to hide' : 'to appear';
    const instead = seen ? ` The page shows instead: ${await seen().catch((e: unknown) => String(e))}.` : '';
    throw new Error(`Waited in vain for ${what} ${verb}.${instead}\n${(err as Error).message}`, {
      cause: err,
    });
  }
}

/** The trimmed texts of every element a locator matches, quoted and joined, or "nothing". */
export async function textsOf(locator: Locator): Promise<string> {
  const texts = await locator.allTextContents();
  return texts.length === 0 ? 'nothing' : texts.map((t) => `'${t.trim()}'`).join(', ');
}

/** Waits until the page's URL path is `path` (the navigation committed). */
export async function waitForPath(page: Page, path: string, timeout?: number): Promise<void> {
  try {
    await page.waitForURL((u) => u.pathname === path, { waitUntil: 'commit', timeout });
  } catch (err) {
    throw new Error(`Waited in vain for the address ${path}; the page is at ${page.url()}.`, { cause: err });
  }
}

/**
 * Waits for `check` (a condition in the page) to hold, polling in the page; the timeout names
 * `what`. Use for states no single element shows (a scroll position, a count in storage).
 * `check` must answer synchronously: a returned promise counts as truthy at once (use
 * waitForValue with page.evaluate for async checks).
 */
export async function waitUntil<A>(
  page: Page,
  what: string,
  check: (arg: A) => unknown,
  arg: A,
  options: { timeout?: number; polling?: number | 'raf' } = {},
): Promise<void> {
  try {
    // Playwright's `Unboxed<A>` equals A for the plain values passed here.
    await page.waitForFunction(check as (arg: unknown) => unknown, arg, options);
  } catch (err) {
    throw new Error(`Waited in vain for ${what}.\n${(err as Error).message}`, { cause: err });
  }
}

/** Waits two animation frames: what the last state change drew is on screen. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Switches the emulated colour scheme and waits until the app has applied it (Mantine's
 * attribute on <html>) and drawn a frame with it: the state a screenshot needs.
 */
export async function colorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await waitUntil(
    page,
    `the app to show its ${scheme} scheme`,
    (s) => {
      const set = document.documentElement.getAttribute('data-mantine-color-scheme');
      return set === null || set === s;
    },
    scheme,
  );
  await painted(page);
}

/** Waits until every image inside `root` has loaded or failed (lazy ones off screen aside). */
export async function imagesSettled(page: Page, root: string, what: string): Promise<void> {
  await waitUntil(
    page,
    `the pictures in ${what} to finish loading`,
    (sel) =>
      [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)].every((img) => {
        if (img.complete) return true;
        // A lazy picture off screen is not asked for until it is scrolled to.
        const r = img.getBoundingClientRect();
        return img.loading === 'lazy' && (r.bottom < 0 || r.top > innerHeight || r.width === 0);
      }),
    root,
  );
}

/**
 * Polls `probe` (in the test, e.g. the engine through its worker) until it returns something
 * other than `undefined`, and returns that; the timeout names `what`. For states no page
 * element shows (a job finished, a service worker in control). Works in hooks too, where
 * vitest's `expect.poll` does not.
 */
export async function waitForValue<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const timeout = options.timeout ?? 15_000;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Waited in vain for ${what} (${timeout} ms).`);
    // The interval between two looks at the state, not a wait for it.
    await nextPoll(options.interval ?? 100);
  }
}
