import { afterEach, describe, expect, it } from 'vitest';
import { watchPointerKind } from './pointerKind';

const pointer = (type: string, pointerType: string) => {
  // jsdom has no PointerEvent constructor of its own in every version: a MouseEvent with the
  // field is what the listener reads.
  const e = new MouseEvent(type, { bubbles: true });
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  window.dispatchEvent(e);
};

describe('watchPointerKind', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    delete document.documentElement.dataset.pointer;
  });

  it('marks the root while a mouse is in use and clears it at a touch', () => {
    stop = watchPointerKind();
    const root = document.documentElement;
    expect(root.dataset.pointer).toBeUndefined();
    pointer('pointermove', 'mouse');
    expect(root.dataset.pointer).toBe('mouse');
    pointer('pointerdown', 'pen');
    expect(root.dataset.pointer).toBe('mouse');
    pointer('pointerdown', 'touch');
    expect(root.dataset.pointer).toBeUndefined();
    pointer('pointerdown', 'mouse');
    expect(root.dataset.pointer).toBe('mouse');
  });

  it('stops watching when asked', () => {
    stop();
    watchPointerKind()();
    pointer('pointermove', 'mouse');
    expect(document.documentElement.dataset.pointer).toBeUndefined();
  });
});
