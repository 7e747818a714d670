import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, madeByTouch, useLongPress } from './longPress';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Rows(props: {
  onPress: (t: Element, x: number, y: number) => void;
  onClick?: () => void;
  onMenuClick?: () => void;
}) {
  const ref = useRef<HTMLDivElement | null>(null);
  useLongPress(ref, props.onPress);
  return (
    <>
      <div ref={ref}>
        <div data-testid="row" onClick={props.onClick}>
          row
        </div>
      </div>
      {/* The menu lives outside the list, as Mantine's portal puts it. */}
      <div data-testid="menu" onClick={props.onMenuClick}>
        menu
      </div>
    </>
  );
}

const touch = (target: Element, x: number, y: number) =>
  ({ identifier: 1, target, clientX: x, clientY: y }) as unknown as Touch;
function send(el: Element, type: string, at: [number, number] | null) {
  const t = at ? [touch(el, ...at)] : [];
  el.dispatchEvent(new TouchEvent(type, { touches: t, changedTouches: t, bubbles: true }));
}

describe('useLongPress', () => {
  it('a finger resting still presses, once, where it rests; the click its lift brings is swallowed', () => {
    const onPress = vi.fn();
    const onClick = vi.fn();
    const { getByTestId } = render(<Rows onPress={onPress} onClick={onClick} />);
    const row = getByTestId('row');
    send(row, 'touchstart', [50, 60]);
    send(row, 'touchmove', [53, 62]);
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(onPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onPress).toHaveBeenCalledExactlyOnceWith(row, 50, 60);
    // The browser's own long press, after ours, is swallowed (the menu opens once).
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    row.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
    // So is a tap's mouse events and click, sent with the lift (they would close the menu).
    send(row, 'touchend', null);
    const down = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    row.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
    row.click();
    expect(onClick).not.toHaveBeenCalled();
    // A tap later is a tap.
    vi.advanceTimersByTime(500);
    row.click();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("a touch's late click, on the list or on the menu, is swallowed until the next touch; a mouse's is not", () => {
    const onPress = vi.fn();
    const onClick = vi.fn();
    const onMenuClick = vi.fn();
    const { getByTestId } = render(<Rows onPress={onPress} onClick={onClick} onMenuClick={onMenuClick} />);
    const row = getByTestId('row');
    const menu = getByTestId('menu');
    const click = (on: Element, pointerType: string) => {
      const e = new PointerEvent('click', { bubbles: true, cancelable: true, pointerType });
      on.dispatchEvent(e);
      return e;
    };
    send(row, 'touchstart', [50, 60]);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onPress).toHaveBeenCalledOnce();
    send(row, 'touchend', null);
    // A busy page: the lift's click comes two seconds on, on the menu or the row.
    vi.advanceTimersByTime(2000);
    expect(click(menu, 'touch').defaultPrevented).toBe(true);
    expect(click(row, 'touch').defaultPrevented).toBe(true);
    expect(onMenuClick).not.toHaveBeenCalled();
    expect(onClick).not.toHaveBeenCalled();
    // A mouse's click is the reader's, however soon.
    click(menu, 'mouse');
    expect(onMenuClick).toHaveBeenCalledOnce();
    // Once a new touch begins (a tap on the menu), what it brings is its own, from its
    // pointerdown on (which comes before its touchstart).
    const down = new PointerEvent('pointerdown', { bubbles: true, cancelable: true, pointerType: 'touch' });
    menu.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(false);
    send(menu, 'touchstart', [50, 90]);
    send(menu, 'touchend', null);
    click(menu, 'touch');
    expect(onMenuClick).toHaveBeenCalledTimes(2);
  });

  it('tells what a touch made from what a mouse did, and says so when an event does not tell', () => {
    expect(madeByTouch(new PointerEvent('click', { pointerType: 'touch' }))).toBe(true);
    expect(madeByTouch(new PointerEvent('pointerdown', { pointerType: 'mouse' }))).toBe(false);
    const down = new MouseEvent('mousedown');
    expect(madeByTouch(down)).toBeUndefined();
    Object.defineProperty(down, 'sourceCapabilities', { value: { firesTouchEvents: true } });
    expect(madeByTouch(down)).toBe(true);
  });

  it('a finger that moves, lifts early, or is joined by another is no press', () => {
    const onPress = vi.fn();
    const { getByTestId } = render(<Rows onPress={onPress} />);
    const row = getByTestId('row');
    send(row, 'touchstart', [50, 60]);
    send(row, 'touchmove', [50, 80]);
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    send(row, 'touchend', null);
    send(row, 'touchstart', [50, 60]);
    vi.advanceTimersByTime(LONG_PRESS_MS / 2);
    send(row, 'touchend', null);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    const two = [touch(row, 50, 60), touch(row, 90, 60)];
    row.dispatchEvent(new TouchEvent('touchstart', { touches: two, changedTouches: two, bubbles: true }));
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(onPress).not.toHaveBeenCalled();
  });

  it("the browser's own long press (a contextmenu first) cancels it: the menu opens once", () => {
    const onPress = vi.fn();
    const { getByTestId } = render(<Rows onPress={onPress} />);
    const row = getByTestId('row');
    send(row, 'touchstart', [50, 60]);
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    row.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(false);
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(onPress).not.toHaveBeenCalled();
  });
});
