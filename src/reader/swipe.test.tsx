import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EDGE_PX,
  type SideDrag,
  strokeAxis,
  swipeMayStart,
  swipeStep,
  takeRecentSwipe,
  useSideSwipes,
  useSwipeSteps,
} from './swipe';

const at = (x: number, y: number, t: number) => ({ x, y, t });

describe('swipeStep', () => {
  it('a quick sideways stroke steps: leftwards to the next article, rightwards to the previous', () => {
    expect(swipeStep(at(300, 400, 0), at(120, 420, 250), 390)).toBe(1);
    expect(swipeStep(at(100, 400, 0), at(280, 380, 250), 390)).toBe(-1);
  });

  it('a short, slow or mostly vertical stroke is no swipe', () => {
    // Under the distance (22% of 390 px is 86 px).
    expect(swipeStep(at(300, 400, 0), at(230, 400, 100), 390)).toBeNull();
    // Slow: reading, panning, selecting.
    expect(swipeStep(at(300, 400, 0), at(100, 400, 900), 390)).toBeNull();
    // Diagonal: a scroll that drifted.
    expect(swipeStep(at(300, 400, 0), at(150, 200, 200), 390)).toBeNull();
    // A wide pane asks for more than the minimum.
    expect(swipeStep(at(900, 400, 0), at(750, 400, 200), 1000)).toBeNull();
    expect(swipeStep(at(900, 400, 0), at(650, 400, 200), 1000)).toBe(1);
  });

  it('untimed (a drag drawn under the finger), a slow stroke counts by where it ends', () => {
    expect(swipeStep(at(300, 400, 0), at(100, 400, 2000), 390, false)).toBe(1);
    expect(swipeStep(at(300, 400, 0), at(230, 400, 2000), 390, false)).toBeNull();
  });
});

describe('strokeAxis', () => {
  it('waits for a few pixels, then tells a sideways drag from a scroll', () => {
    expect(strokeAxis(6, 3)).toBeNull();
    expect(strokeAxis(-20, 6)).toBe('x');
    expect(strokeAxis(20, 12)).toBe('y');
    expect(strokeAxis(0, -15)).toBe('y');
  });
});

describe('swipeMayStart', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.getSelection()?.removeAllRanges();
  });
  const root = () => {
    const el = document.createElement('article');
    el.innerHTML = '<p id="text">Words</p><input id="field"><pre id="code">x</pre>';
    document.body.append(el);
    return el;
  };

  it('not at the screen edges (the system back gesture), in fields, or over a selection', () => {
    const el = root();
    const text = el.querySelector('#text');
    expect(swipeMayStart(text, el, 200, 390)).toBe(true);
    expect(swipeMayStart(text, el, EDGE_PX - 1, 390)).toBe(false);
    expect(swipeMayStart(text, el, 390 - EDGE_PX + 1, 390)).toBe(false);
    expect(swipeMayStart(el.querySelector('#field'), el, 200, 390)).toBe(false);
    const range = document.createRange();
    range.selectNodeContents(text!);
    document.getSelection()?.addRange(range);
    expect(swipeMayStart(text, el, 200, 390)).toBe(false);
  });

  it('not on a page zoomed in, where a sideways stroke pans it', () => {
    const el = root();
    // happy-dom has no visualViewport: one zoomed in twice, for this test.
    vi.stubGlobal('visualViewport', { scale: 2 });
    try {
      expect(swipeMayStart(el.querySelector('#text'), el, 200, 390)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(swipeMayStart(el.querySelector('#text'), el, 200, 390)).toBe(true);
  });

  it('not in something that scrolls sideways itself (a wide code block)', () => {
    const el = root();
    const code = el.querySelector<HTMLElement>('#code')!;
    code.style.overflowX = 'auto';
    expect(swipeMayStart(code, el, 200, 390)).toBe(true);
    Object.defineProperty(code, 'scrollWidth', { value: 900 });
    Object.defineProperty(code, 'clientWidth', { value: 340 });
    expect(swipeMayStart(code, el, 200, 390)).toBe(false);
    // Its Copy button, over the block beside the `pre` in the block's wrapper, too.
    const wrap = document.createElement('div');
    wrap.className = 'rv-code';
    const copy = document.createElement('button');
    code.replaceWith(wrap);
    wrap.append(code, copy);
    expect(swipeMayStart(copy, el, 200, 390)).toBe(false);
  });
});

describe('useSwipeSteps', () => {
  afterEach(cleanup);

  function Pane(props: { onNext?: () => void; onPrev?: () => void; enabled: boolean }) {
    const ref = useRef<HTMLDivElement | null>(null);
    useSwipeSteps(ref, props);
    return (
      <div ref={ref} data-testid="pane">
        <p>text</p>
      </div>
    );
  }
  // happy-dom's window is 1024 px wide and its elements 0: a stroke must cross 22% of 1024.
  const touch = (target: Element, x: number, y: number) =>
    ({ identifier: 1, target, clientX: x, clientY: y }) as unknown as Touch;
  function stroke(el: Element, from: number, to: number, fingers = 1) {
    const t = (x: number) => Array.from({ length: fingers }, () => touch(el, x, 300));
    el.dispatchEvent(
      new TouchEvent('touchstart', { touches: t(from), changedTouches: t(from), bubbles: true }),
    );
    el.dispatchEvent(new TouchEvent('touchmove', { touches: t(to), changedTouches: t(to), bubbles: true }));
    el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: t(to), bubbles: true }));
  }

  it('steps on a swipe, and tells the next reader which way it came', () => {
    const onNext = vi.fn();
    const onPrev = vi.fn();
    const { getByText } = render(<Pane onNext={onNext} onPrev={onPrev} enabled />);
    stroke(getByText('text'), 800, 100);
    expect(onNext).toHaveBeenCalledOnce();
    expect(takeRecentSwipe()).toBe(1);
    expect(takeRecentSwipe()).toBeNull();
    stroke(getByText('text'), 100, 800);
    expect(onPrev).toHaveBeenCalledOnce();
    expect(takeRecentSwipe()).toBe(-1);
  });

  it('follows a sideways drag as it goes, and acts where the finger lifts', () => {
    const drags: (SideDrag | null)[] = [];
    const onSwipe = vi.fn();
    function Dragged() {
      const ref = useRef<HTMLDivElement | null>(null);
      useSideSwipes(ref, onSwipe, true, (d) => drags.push(d));
      return (
        <div ref={ref}>
          <p>row</p>
        </div>
      );
    }
    const { getByText } = render(<Dragged />);
    const el = getByText('row');
    const send = (type: string, x: number | null, y = 300) => {
      const t = x === null ? [] : [touch(el, x, y)];
      el.dispatchEvent(new TouchEvent(type, { touches: t, changedTouches: t, bubbles: true }));
    };
    // Rightwards 40 px (under the reach of 22% of 1024), then on to 400 px, then lifted.
    send('touchstart', 100);
    send('touchmove', 104);
    expect(drags).toEqual([]);
    send('touchmove', 140);
    send('touchmove', 500);
    send('touchend', null);
    expect(drags.map((d) => d && [d.dx, d.step])).toEqual([[40, null], [400, -1], null]);
    expect(drags[0]?.target).toBe(el);
    expect(onSwipe).toHaveBeenCalledExactlyOnceWith(-1, el);

    // Dragged back short of the reach before lifting: nothing.
    drags.length = 0;
    send('touchstart', 100);
    send('touchmove', 500);
    send('touchmove', 150);
    send('touchend', null);
    expect(drags.map((d) => d && d.step)).toEqual([-1, null, null]);
    expect(onSwipe).toHaveBeenCalledOnce();

    // A stroke that began as a scroll is one, whatever it does after: no drag, no swipe.
    drags.length = 0;
    send('touchstart', 100);
    send('touchmove', 102, 330);
    send('touchmove', 600, 330);
    send('touchend', null);
    expect(drags).toEqual([]);
    expect(onSwipe).toHaveBeenCalledOnce();
  });

  it('with follow, the article moves with the finger and slides back when let go short', () => {
    vi.useFakeTimers();
    const onNext = vi.fn();
    function Following() {
      const ref = useRef<HTMLDivElement | null>(null);
      const follow = useRef<HTMLDivElement | null>(null);
      useSwipeSteps(ref, { onNext, enabled: true, follow });
      return (
        <div ref={ref}>
          <div ref={follow} data-testid="grid">
            <p>text</p>
          </div>
        </div>
      );
    }
    try {
      const { getByText, getByTestId } = render(<Following />);
      const text = getByText('text');
      const grid = getByTestId('grid');
      const send = (type: string, x: number | null) => {
        const t = x === null ? [] : [touch(text, x, 300)];
        text.dispatchEvent(new TouchEvent(type, { touches: t, changedTouches: t, bubbles: true }));
      };
      // Leftwards (towards the next article) 100 px: it follows.
      send('touchstart', 600);
      send('touchmove', 500);
      expect(grid.style.transform).toBe('translateX(-100.0px)');
      expect(grid.dataset.swiping).toBe('drag');
      send('touchend', null);
      expect(onNext).not.toHaveBeenCalled();
      expect(grid.style.transform).toBe('');
      expect(grid.dataset.swiping).toBe('settle');
      vi.advanceTimersByTime(200);
      expect(grid.dataset.swiping).toBeUndefined();
      // Rightwards there is no previous article: it moves a third as far, and steps nothing.
      send('touchstart', 300);
      send('touchmove', 600);
      expect(grid.style.transform).toBe('translateX(100.0px)');
      send('touchend', null);
      // Far enough left, slowly or not: the next article; this one stays aside meanwhile.
      send('touchstart', 900);
      send('touchmove', 300);
      send('touchend', null);
      expect(onNext).toHaveBeenCalledOnce();
      expect(grid.dataset.swiping).toBe('drag');
      // None came (this test renders no next article): it slides back.
      vi.advanceTimersByTime(1600);
      expect(grid.style.transform).toBe('');
      expect(takeRecentSwipe()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing when off, with two fingers, or at the end of the list', () => {
    const onNext = vi.fn();
    const { getByText, rerender } = render(<Pane onNext={onNext} enabled={false} />);
    stroke(getByText('text'), 800, 100);
    rerender(<Pane onNext={onNext} enabled />);
    stroke(getByText('text'), 800, 100, 2);
    expect(onNext).not.toHaveBeenCalled();
    // No previous article: a rightward swipe is nothing, and leaves no arrival behind.
    stroke(getByText('text'), 100, 800);
    expect(takeRecentSwipe()).toBeNull();
  });
});
