import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { dragOffset } from '../reader/swipe';
import { SwipeBackdrop, useRowSwipes } from './rowSwipe';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('dragOffset', () => {
  it('follows the finger up to the reach, then less and less', () => {
    expect(dragOffset(50, 86)).toBe(50);
    expect(dragOffset(-86, 86)).toBe(-86);
    expect(dragOffset(186, 86)).toBeCloseTo(121);
    expect(dragOffset(-186, 86)).toBeCloseTo(-121);
  });
});

describe('useRowSwipes', () => {
  const rows = [
    { id: 1, title: 'Unread one', flags: 0 },
    { id: 2, title: 'Read and saved', flags: FLAG_READ | FLAG_SAVED },
  ] as ItemRow[];

  function List(props: { onToggleRead: (r: ItemRow) => void; onToggleSaved: (r: ItemRow) => void }) {
    const ref = useRef<HTMLDivElement | null>(null);
    const swipe = useRowSwipes(ref, rows, props, true);
    return (
      <div ref={ref}>
        {rows.map((r, i) => (
          <div key={r.id} data-index={i}>
            {swipe?.index === i && <SwipeBackdrop swipe={swipe} />}
            <div data-item-index={i}>{r.title}</div>
          </div>
        ))}
      </div>
    );
  }

  // happy-dom's window is 1024 px wide and its elements 0: the reach is 22% of 1024 (225 px).
  function finger(el: Element) {
    const send = (type: string, x: number | null) => {
      const t =
        x === null ? [] : [{ identifier: 1, target: el, clientX: x, clientY: 300 } as unknown as Touch];
      act(() => {
        el.dispatchEvent(new TouchEvent(type, { touches: t, changedTouches: t, bubbles: true }));
      });
    };
    return {
      down: (x: number) => send('touchstart', x),
      move: (x: number) => send('touchmove', x),
      up: () => send('touchend', null),
    };
  }

  it('a row dragged right shows "Mark read", faint, then ready; let go there, it is marked', () => {
    vi.useFakeTimers();
    const onToggleRead = vi.fn();
    const onToggleSaved = vi.fn();
    render(<List onToggleRead={onToggleRead} onToggleSaved={onToggleSaved} />);
    const row = screen.getByText('Unread one');
    const f = finger(row);
    f.down(100);
    f.move(160);
    const back = screen.getByTestId('swipe-backdrop');
    expect(back.dataset.action).toBe('read');
    expect(back.dataset.armed).toBe('false');
    expect(back.textContent).toBe('Mark read');
    expect(row.style.transform).toBe('translateX(60.0px)');
    expect(row.dataset.swiping).toBe('drag');
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    f.move(400);
    f.move(420);
    expect(screen.getByTestId('swipe-backdrop').dataset.armed).toBe('true');
    // One tick as the drag crossed the line, not one a move.
    expect(vibrate).toHaveBeenCalledOnce();
    f.up();
    expect(onToggleRead).toHaveBeenCalledExactlyOnceWith(rows[0]);
    expect(onToggleSaved).not.toHaveBeenCalled();
    // The row slides home, then the backdrop goes.
    expect(row.style.transform).toBe('');
    expect(row.dataset.swiping).toBe('settle');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('swipe-backdrop')).toBeNull();
    expect(row.dataset.swiping).toBeUndefined();
  });

  it('a second drag while the first row slides home leaves that row as it was', () => {
    render(<List onToggleRead={vi.fn()} onToggleSaved={vi.fn()} />);
    const first = screen.getByText('Unread one');
    const second = screen.getByText('Read and saved');
    const a = finger(first);
    a.down(100);
    a.move(300);
    a.up();
    expect(first.dataset.swiping).toBe('settle');
    const b = finger(second);
    b.down(100);
    b.move(300);
    expect(first.dataset.swiping).toBeUndefined();
    expect(first.style.clipPath).toBe('');
    expect(second.dataset.swiping).toBe('drag');
    b.up();
  });

  it('dragged left it offers what the row is not (Unsave here); dragged back short, nothing', () => {
    const onToggleRead = vi.fn();
    const onToggleSaved = vi.fn();
    render(<List onToggleRead={onToggleRead} onToggleSaved={onToggleSaved} />);
    const f = finger(screen.getByText('Read and saved'));
    f.down(700);
    f.move(300);
    const back = screen.getByTestId('swipe-backdrop');
    expect(back.dataset.action).toBe('save');
    expect(back.dataset.armed).toBe('true');
    expect(back.textContent).toBe('Unsave');
    f.move(650);
    expect(screen.getByTestId('swipe-backdrop').dataset.armed).toBe('false');
    f.up();
    expect(onToggleSaved).not.toHaveBeenCalled();
    expect(onToggleRead).not.toHaveBeenCalled();
  });
});
