import type { Locator, Page } from 'playwright-core';

/**
 * One finger's quick stroke from `from` to `to` (page pixels), sent as a touch screen sends it:
 * touch events through CDP (the page needs touch, `Emulation.setTouchEmulationEnabled`), in 8
 * moves whose time stamps are 20 ms apart (the pace is in the events, not in pauses).
 */
export async function touchStroke(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const t0 = Date.now() / 1000;
  const at = (share: number) => ({
    x: from.x + (to.x - from.x) * share,
    y: from.y + (to.y - from.y) * share,
  });
  try {
    const send = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      point: { x: number; y: number } | null,
      step: number,
    ) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: point ? [point] : [],
        timestamp: t0 + step * 0.02,
      });
    await send('touchStart', from, 0);
    for (let i = 1; i <= 8; i++) await send('touchMove', at(i / 8), i);
    await send('touchEnd', null, 9);
  } finally {
    await cdp.detach();
  }
}

/**
 * A quick sideways stroke across `over` ({@link touchStroke}), from `from` to `to` of its width,
 * at its vertical middle (at most 200 px below its top, for tall elements).
 */
export async function swipeAcross(over: Locator, from: number, to: number): Promise<void> {
  const box = await over.boundingBox();
  if (!box) throw new Error(`Cannot swipe across ${String(over)}: it is not on screen`);
  const y = box.y + Math.min(box.height / 2, 200);
  await touchStroke(over.page(), { x: box.x + box.width * from, y }, { x: box.x + box.width * to, y });
}
