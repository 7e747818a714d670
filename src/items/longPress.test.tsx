import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useLongPress } from './longPress';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Rows(props: { onPress: (t: Element, x: number, y: number) => void; onClick?: () => void }) {
  const ref = useRef<HTMLDivElement | null>(null);
  useLongPress(ref, props.onPress);
  return (
    <div ref={ref}>
      <div data-testid="row" onClick={props.onClick}>
        row
      </div>
    </div>
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
