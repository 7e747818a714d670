import { describe, expect, it, vi } from 'vitest';
import { render, fireEvent } from '@testing-library/react';
import './testing/render';
import { matchesShortcut, useShortcuts, type ShortcutMap } from './shortcuts';

const key = (k: string, init: KeyboardEventInit = {}) => new KeyboardEvent('keydown', { key: k, ...init });

describe('matchesShortcut', () => {
  it('matches plain keys exactly and case-sensitively', () => {
    expect(matchesShortcut(key('m'), 'm')).toBe(true);
    expect(matchesShortcut(key('M', { shiftKey: true }), 'm')).toBe(false);
    expect(matchesShortcut(key('M', { shiftKey: true }), 'M')).toBe(true);
    expect(matchesShortcut(key('?', { shiftKey: true }), '?')).toBe(true);
  });
  it('refuses modifier combos unless specified', () => {
    expect(matchesShortcut(key('m', { ctrlKey: true }), 'm')).toBe(false);
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'ctrl+k')).toBe(true);
    expect(matchesShortcut(key('k', { metaKey: true }), 'mod+k')).toBe(true);
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'mod+k')).toBe(true);
    expect(matchesShortcut(key('k', { ctrlKey: true, altKey: true }), 'ctrl+k')).toBe(false);
    expect(matchesShortcut(key('ArrowDown', { shiftKey: true }), 'ArrowDown')).toBe(false);
    expect(matchesShortcut(key('ArrowDown', { shiftKey: true }), 'shift+ArrowDown')).toBe(true);
  });
});

function Harness({ map, enabled }: { map: ShortcutMap; enabled?: boolean }) {
  useShortcuts(map, { enabled });
  return (
    <div>
      <input data-testid="input" />
      <textarea data-testid="area" />
      <div data-testid="editable" contentEditable suppressContentEditableWarning>
        <span data-testid="inside">x</span>
      </div>
      <button data-testid="button">b</button>
    </div>
  );
}

describe('useShortcuts', () => {
  it('calls the handler and prevents the default action', () => {
    const m = vi.fn();
    const { getByTestId } = render(<Harness map={{ m }} />);
    const event = key('m', { bubbles: true, cancelable: true });
    getByTestId('button').dispatchEvent(event);
    expect(m).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });
  it('ignores events from inputs, textareas and contenteditable', () => {
    const m = vi.fn();
    const { getByTestId } = render(<Harness map={{ m }} />);
    for (const id of ['input', 'area', 'inside']) fireEvent.keyDown(getByTestId(id), { key: 'm' });
    expect(m).not.toHaveBeenCalled();
  });
  it('does nothing when disabled, and ignores events already handled', () => {
    const m = vi.fn();
    const { rerender, getByTestId } = render(<Harness map={{ m }} enabled={false} />);
    fireEvent.keyDown(window, { key: 'm' });
    expect(m).not.toHaveBeenCalled();
    rerender(<Harness map={{ m }} enabled />);
    const handled = key('m', { bubbles: true, cancelable: true });
    handled.preventDefault();
    getByTestId('button').dispatchEvent(handled);
    expect(m).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'm' });
    expect(m).toHaveBeenCalledTimes(1);
  });
  it('uses the latest handlers without re-subscribing', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Harness map={{ x: first }} />);
    rerender(<Harness map={{ x: second }} />);
    fireEvent.keyDown(window, { key: 'x' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
