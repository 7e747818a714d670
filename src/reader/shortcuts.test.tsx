import { describe, expect, it, vi } from 'vitest';
import { render, fireEvent } from '@testing-library/react';
import { useEffect, useState } from 'react';
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

function Harness({ map, enabled, overlay }: { map: ShortcutMap; enabled?: boolean; overlay?: boolean }) {
  useShortcuts(map, { enabled, overlay });
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
  it('leaves the keys to an open dialog or menu, even when the press closes it first', () => {
    const page = vi.fn();
    const dialog = vi.fn();
    const { getAllByTestId } = render(
      <>
        <Harness map={{ j: page, Escape: page }} />
        <Harness map={{ Escape: dialog }} overlay />
      </>,
    );
    const button = getAllByTestId('button')[0]!;
    for (const cls of ['mantine-Modal-content', 'mantine-Popover-dropdown']) {
      const overlay = document.createElement('div');
      overlay.className = cls;
      document.body.append(overlay);
      button.dispatchEvent(key('j', { bubbles: true, cancelable: true }));
      // The overlay's own listener runs first and closes it; the page still does not see the Esc.
      const closeFirst = () => {
        overlay.style.opacity = '0';
      };
      button.addEventListener('keydown', closeFirst);
      button.dispatchEvent(key('Escape', { bubbles: true, cancelable: true }));
      button.removeEventListener('keydown', closeFirst);
      expect(page).not.toHaveBeenCalled();
      // Fading out, it no longer holds the keys.
      button.dispatchEvent(key('j', { bubbles: true, cancelable: true }));
      expect(page).toHaveBeenCalledTimes(1);
      page.mockClear();
      overlay.remove();
    }
    expect(dialog).toHaveBeenCalledTimes(2);
    // A closed menu left in the page, hidden or faded out, takes no keys; an open one does.
    for (const hide of ['display: none', 'opacity: 0']) {
      const closedMenu = document.createElement('div');
      closedMenu.setAttribute('role', 'menu');
      closedMenu.setAttribute('style', hide);
      document.body.append(closedMenu);
      button.dispatchEvent(key('j', { bubbles: true, cancelable: true }));
      closedMenu.remove();
    }
    expect(page).toHaveBeenCalledTimes(2);
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    document.body.append(menu);
    button.dispatchEvent(key('j', { bubbles: true, cancelable: true }));
    menu.remove();
    expect(page).toHaveBeenCalledTimes(2);
    // With nothing open the page's keys work again.
    button.dispatchEvent(key('j', { bubbles: true, cancelable: true }));
    expect(page).toHaveBeenCalledTimes(3);
  });
  it('a dialog whose root says it is closing gives the keys back before its fade starts', () => {
    const page = vi.fn();
    const { getByTestId } = render(<Harness map={{ j: page }} />);
    // Closed in the last render, still fully drawn: the fade starts a frame or two later.
    const root = document.createElement('div');
    const dialog = document.createElement('div');
    dialog.className = 'mantine-Modal-content';
    dialog.style.opacity = '1';
    root.append(dialog);
    document.body.append(root);
    getByTestId('button').dispatchEvent(key('j', { bubbles: true, cancelable: true }));
    expect(page).not.toHaveBeenCalled();
    root.setAttribute('data-closing', 'true');
    getByTestId('button').dispatchEvent(key('j', { bubbles: true, cancelable: true }));
    root.remove();
    expect(page).toHaveBeenCalledOnce();
  });
  it('a dialog fading in holds the keys from its first frame', () => {
    const page = vi.fn();
    const { getByTestId } = render(<Harness map={{ j: page }} />);
    // At the first frame of the fade the computed opacity is still 0 while the dialog's own
    // style already says open; a j pressed then belongs to the dialog, not to the list under it.
    const dialog = document.createElement('div');
    dialog.className = 'mantine-Modal-content';
    dialog.style.opacity = '1';
    document.body.append(dialog);
    const computed = window.getComputedStyle.bind(window);
    const firstFrame = vi.spyOn(window, 'getComputedStyle').mockImplementation((el, pseudo) => {
      const style = computed(el, pseudo);
      if (el !== dialog) return style;
      return new Proxy(style, {
        get: (target, prop) => (prop === 'opacity' ? '0' : (Reflect.get(target, prop) as unknown)),
      });
    });
    // Left in the page at opacity 0 with nothing running: hidden, the key is the page's.
    getByTestId('button').dispatchEvent(key('j', { bubbles: true, cancelable: true }));
    expect(page).toHaveBeenCalledOnce();
    // Fading in: the dialog's.
    dialog.getAnimations = () => [new Animation()];
    getByTestId('button').dispatchEvent(key('j', { bubbles: true, cancelable: true }));
    firstFrame.mockRestore();
    dialog.remove();
    expect(page).toHaveBeenCalledOnce();
  });
  it('calls the handler and prevents the default action', () => {
    const m = vi.fn();
    const { getByTestId } = render(<Harness map={{ m }} />);
    const event = key('m', { bubbles: true, cancelable: true });
    getByTestId('button').dispatchEvent(event);
    expect(m).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });
  it('leaves Enter and Space to a control reached with the keyboard, not to one clicked', () => {
    const open = vi.fn();
    const m = vi.fn();
    const { getByTestId } = render(<Harness map={{ Enter: open, ' ': open, m }} />);
    const button = getByTestId('button');
    button.focus();
    for (const name of ['Enter', ' ']) {
      const event = key(name, { bubbles: true, cancelable: true });
      button.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(open).not.toHaveBeenCalled();
    // Other keys are still the app's.
    button.dispatchEvent(key('m', { bubbles: true, cancelable: true }));
    expect(m).toHaveBeenCalledOnce();
    // Focused by a click (not :focus-visible): Enter opens as if nothing were focused.
    const matches = button.matches.bind(button);
    const spy = vi.spyOn(button, 'matches').mockImplementation((q) => q !== ':focus-visible' && matches(q));
    button.dispatchEvent(key('Enter', { bubbles: true, cancelable: true }));
    spy.mockRestore();
    expect(open).toHaveBeenCalledOnce();
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

  it("a key pressed right after a render, before that render's passive effects, reaches that render's map", () => {
    // The router commits a navigation in a transition and runs its passive effects later, when
    // the page is busy: Esc pressed in between reached the map of the render before (a close
    // that thought no article was open). A child's passive effect runs before its parent's, so
    // a key it sends comes in that window.
    const seen: number[] = [];
    function Sender() {
      useEffect(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
      }, []);
      return null;
    }
    function Parent() {
      const [n, setN] = useState(0);
      useShortcuts({ x: () => void seen.push(n) });
      return n > 0 ? <Sender /> : <button onClick={() => setN(1)}>go</button>;
    }
    const { getByText } = render(<Parent />);
    fireEvent.click(getByText('go'));
    expect(seen).toEqual([1]);
  });
});
