import type { Page } from 'playwright-core';

/**
 * Presses `key` `times` times as fast as the page takes them (a few ms apart: a held key
 * repeats every 30–50 ms), each after the page has handled the one before. From inside the
 * page: the test's own presses take a round trip each (~70 ms on a loaded machine), and sent
 * without waiting they reach the page before it has rendered the step before.
 */
export async function pressQuickly(page: Page, key: string, times: number): Promise<void> {
  await page.evaluate(
    async ({ key, times }) => {
      // One task per press: React renders the step (and runs its effects) in between.
      const nextTask = () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      for (let i = 0; i < times; i++) {
        const target = document.activeElement ?? document.body;
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        await nextTask();
      }
    },
    { key, times },
  );
}
