import { MantineProvider } from '@mantine/core';
import { act, cleanup, render as rtlRender, screen } from '@testing-library/react';
import { type ReactElement, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PULL_AT, PULL_MAX, PullToRefresh, pullDistance } from './PullToRefresh';

describe('pullDistance', () => {
  it('counts half the finger travel, none upwards, up to the most', () => {
    expect(pullDistance(-30)).toBe(0);
    expect(pullDistance(100)).toBe(50);
    expect(pullDistance(2 * PULL_AT)).toBe(PULL_AT);
    expect(pullDistance(1000)).toBe(PULL_MAX);
  });
});

const render = (ui: ReactElement) => rtlRender(<MantineProvider>{ui}</MantineProvider>);

describe('PullToRefresh', () => {
  afterEach(() => {
    cleanup();
    delete document.documentElement.dataset.pullRefresh;
  });

  function List(props: { onRefresh: () => Promise<unknown>; enabled?: boolean }) {
    const ref = useRef<HTMLDivElement | null>(null);
    return (
      <div ref={ref}>
        <PullToRefresh area={ref} onRefresh={props.onRefresh} enabled={props.enabled ?? true} />
        <p>row</p>
        <div data-testid="reader-pane">
          <p>article</p>
        </div>
      </div>
    );
  }
  const touch = (target: Element, x: number, y: number) =>
    ({ identifier: 1, target, clientX: x, clientY: y }) as unknown as Touch;
  const send = (el: Element, type: string, x: number, y: number | null) =>
    act(() => {
      const points = y === null ? [] : [touch(el, x, y)];
      el.dispatchEvent(new TouchEvent(type, { touches: points, changedTouches: points, bubbles: true }));
    });
  const indicator = () => screen.queryByTestId('pull-refresh');

  it('follows the finger, says when letting go refreshes, and spins until the refresh settles', async () => {
    let settle = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((r) => (settle = r)));
    render(<List onRefresh={onRefresh} />);
    const row = screen.getByText('row');
    expect(document.documentElement.dataset.pullRefresh).toBe('');
    send(row, 'touchstart', 100, 100);
    send(row, 'touchmove', 100, 160);
    expect(indicator()?.dataset.phase).toBe('pulling');
    expect(indicator()?.textContent).toContain('Pull to refresh');
    send(row, 'touchmove', 100, 100 + 2 * PULL_AT + 10);
    expect(indicator()?.dataset.phase).toBe('armed');
    expect(indicator()?.textContent).toContain('Release to refresh');
    send(row, 'touchend', 0, null);
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(indicator()?.dataset.phase).toBe('refreshing');
    await act(async () => {
      settle();
      await Promise.resolve();
    });
    expect(indicator()).toBeNull();
  });

  it('a short pull, an upward or sideways move, or one in the reader pane refreshes nothing', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    render(<List onRefresh={onRefresh} />);
    const row = screen.getByText('row');
    // Short.
    send(row, 'touchstart', 100, 100);
    send(row, 'touchmove', 100, 100 + PULL_AT);
    send(row, 'touchend', 0, null);
    expect(indicator()).toBeNull();
    // Up first, then down: not a pull.
    send(row, 'touchstart', 100, 300);
    send(row, 'touchmove', 100, 280);
    send(row, 'touchmove', 100, 600);
    send(row, 'touchend', 0, null);
    // Sideways first.
    send(row, 'touchstart', 100, 100);
    send(row, 'touchmove', 200, 120);
    send(row, 'touchmove', 200, 400);
    send(row, 'touchend', 0, null);
    // In the column view's reader pane beside the list.
    const article = screen.getByText('article');
    send(article, 'touchstart', 100, 100);
    send(article, 'touchmove', 100, 400);
    send(article, 'touchend', 0, null);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('does nothing when off (a list without feeds to refresh, the reader open)', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    render(<List onRefresh={onRefresh} enabled={false} />);
    const row = screen.getByText('row');
    send(row, 'touchstart', 100, 100);
    send(row, 'touchmove', 100, 400);
    send(row, 'touchend', 0, null);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.pullRefresh).toBeUndefined();
  });
});
