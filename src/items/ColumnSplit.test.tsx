import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { ColumnSplit } from './ColumnSplit';

const KEY = 'rivulet.columnListWidth';

// The panes' parent reports its width through a ResizeObserver; this one is driven by the test.
let room = 0;
let observed: (() => void) | null = null;
class FakeResizeObserver {
  constructor(private readonly cb: () => void) {}
  observe(el: Element) {
    Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => room });
    observed = () => this.cb();
    this.cb();
  }
  disconnect() {
    observed = null;
  }
}

const viewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM.setViewport({
    width,
  });

/** The window and the panes' parent grow or shrink to `width` (no sidebar). */
function resize(width: number) {
  room = width;
  viewport(width);
  act(() => observed?.());
}

const listWidth = () => screen.getByTestId('items-list-pane').style.width;

function renderSplit() {
  return renderUi(
    <div>
      <ColumnSplit column hasReader={false} reader={null}>
        <p>rows</p>
      </ColumnSplit>
    </div>,
  );
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  viewport(1024);
});

describe('the column view list width', () => {
  it('gives way to the reader in a narrow window and comes back when the window grows', () => {
    window.localStorage.setItem(KEY, '520');
    resize(700);
    renderSplit();
    // 700 px: the reader keeps its 440, the list gets 260.
    expect(listWidth()).toBe('260px');
    resize(1200);
    expect(listWidth()).toBe('520px');
    // The choice itself was never overwritten by the narrow window.
    expect(window.localStorage.getItem(KEY)).toBe('520');
  });

  it('starts at the default width when nothing was chosen, whatever the first window was', () => {
    resize(390);
    renderSplit();
    expect(listWidth()).toBe('260px');
    resize(1440);
    expect(listWidth()).toBe('380px');
  });

  it('arrow keys on the divider move it and keep the new width', () => {
    resize(1440);
    renderSplit();
    fireEvent.keyDown(screen.getByTestId('column-splitter'), { key: 'ArrowRight' });
    expect(listWidth()).toBe('404px');
    expect(window.localStorage.getItem(KEY)).toBe('404');
  });
});
