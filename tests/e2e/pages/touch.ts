import type { Locator, Page } from 'playwright-core';

type Point = { x: number; y: number };

/** A finger on the screen: moved in steps, then lifted ({@link holdTouch}). */
export interface HeldTouch {
  /** Moves in `steps` moves from where the finger is to `to`, `msEach` apart in the events. */
  moveTo(to: Point, steps?: number, msEach?: number): Promise<void>;
  /** Lifts the finger where it is. */
  lift(): Promise<void>;
}

/**
 * Puts one finger down at `from` (page pixels), as a touch screen does: touch events through
 * CDP (the page needs touch, `Emulation.setTouchEmulationEnabled`), their pace in the events'
 * time stamps rather than in pauses. Lift it to end the touch.
 */
export async function holdTouch(page: Page, from: Point): Promise<HeldTouch> {
  const cdp = await page.context().newCDPSession(page);
  let clock = Date.now() / 1000;
  let at = from;
  // When the last event went, in real time: a finger held still (a long press) lifts that much
  // later in the events too.
  let sentAt = Date.now();
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', point: Point | null) => {
    sentAt = Date.now();
    return cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: point ? [point] : [],
      timestamp: clock,
    });
  };
  try {
    await send('touchStart', from);
  } catch (e) {
    await cdp.detach();
    throw e;
  }
  return {
    async moveTo(to, steps = 8, msEach = 20) {
      const origin = at;
      for (let i = 1; i <= steps; i++) {
        clock += msEach / 1000;
        at = { x: origin.x + ((to.x - origin.x) * i) / steps, y: origin.y + ((to.y - origin.y) * i) / steps };
        await send('touchMove', at);
      }
    },
    async lift() {
      try {
        clock += Math.max(0.02, (Date.now() - sentAt) / 1000);
        await send('touchEnd', null);
      } finally {
        await cdp.detach();
      }
    },
  };
}

/**
 * One finger's quick stroke from `from` to `to` (page pixels): down, 8 moves 20 ms apart, up
 * ({@link holdTouch}).
 */
export async function touchStroke(page: Page, from: Point, to: Point): Promise<void> {
  const finger = await holdTouch(page, from);
  try {
    await finger.moveTo(to);
  } finally {
    await finger.lift();
  }
}

/** A finger held on an element, moved in shares of its width ({@link holdAcross}). */
export interface HeldAcross {
  /** Moves to `to` of the element's width, in 10 moves over `ms`. */
  moveTo(to: number, ms?: number): Promise<void>;
  lift(): Promise<void>;
}

/**
 * A finger put down on `over` at `from` of its width, at its vertical middle (at most 200 px
 * below its top, for tall elements), to be moved sideways and lifted by the test.
 */
export async function holdAcross(over: Locator, from: number): Promise<HeldAcross> {
  const box = await over.boundingBox();
  if (!box) throw new Error(`Cannot touch ${String(over)}: it is not on screen`);
  const y = box.y + Math.min(box.height / 2, 200);
  const finger = await holdTouch(over.page(), { x: box.x + box.width * from, y });
  return {
    moveTo: (to, ms = 200) => finger.moveTo({ x: box.x + box.width * to, y }, 10, ms / 10),
    lift: () => finger.lift(),
  };
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

/**
 * A tap: one finger down on `over`'s middle, `dy` px below it (above when negative: a hit area
 * larger than the drawn box), and up at once ({@link holdTouch}); the browser makes it a click.
 */
export async function tapOn(over: Locator, dy = 0): Promise<void> {
  const box = await over.boundingBox();
  if (!box) throw new Error(`Cannot tap ${String(over)}: it is not on screen`);
  const finger = await holdTouch(over.page(), { x: box.x + box.width / 2, y: box.y + box.height / 2 + dy });
  await finger.lift();
}
