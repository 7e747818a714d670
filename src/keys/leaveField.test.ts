import { afterEach, describe, expect, it } from 'vitest';
import { leavesField } from './leaveField';

const esc = (target: Element, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Esc leaves a text field', () => {
  it('in a field on the page', () => {
    document.body.innerHTML =
      '<input id="q"><textarea id="t"></textarea><div contenteditable="true" id="c"></div>';
    for (const id of ['q', 't', 'c']) expect(leavesField(esc(document.getElementById(id)!))).toBe(true);
  });

  it('not in a dialog or menu, not with its suggestions open, not for other keys or handled presses', () => {
    document.body.innerHTML =
      '<div role="dialog"><input id="d"></div><input id="open" aria-expanded="true"><input id="q"><button id="b"></button>';
    expect(leavesField(esc(document.getElementById('d')!))).toBe(false);
    expect(leavesField(esc(document.getElementById('open')!))).toBe(false);
    expect(leavesField(esc(document.getElementById('b')!))).toBe(false);
    const q = document.getElementById('q')!;
    const handled = esc(q);
    handled.preventDefault();
    expect(leavesField(handled)).toBe(false);
    const other = new KeyboardEvent('keydown', { key: 'a' });
    Object.defineProperty(other, 'target', { value: q });
    expect(leavesField(other)).toBe(false);
  });
});
