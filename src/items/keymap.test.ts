import { describe, expect, it, vi } from 'vitest';
import { listKeymap, type ListActions } from './keymap';

function actions(): ListActions {
  return {
    move: vi.fn(),
    open: vi.fn(),
    toggleRead: vi.fn(),
    toggleSaved: vi.fn(),
    cycleView: vi.fn(),
    markAllRead: vi.fn(),
    toggleOnlyUnread: vi.fn(),
    openOriginal: vi.fn(),
    tags: vi.fn(),
    sendTo: vi.fn(),
    menu: vi.fn(),
    step: vi.fn(),
    close: vi.fn(),
    coming: vi.fn(() => false),
  };
}
const press = (map: ReturnType<typeof listKeymap>, key: string) =>
  map[key]?.(new KeyboardEvent('keydown', { key }));
const full = { readerOpen: false, canMarkAll: true };

describe('listKeymap', () => {
  it('maps the list keys to their actions', () => {
    const a = actions();
    const map = listKeymap(a, full);
    for (const k of ['j', 'ArrowDown']) press(map, k);
    for (const k of ['k', 'ArrowUp']) press(map, k);
    expect(a.move).toHaveBeenNthCalledWith(1, 1);
    expect(a.move).toHaveBeenNthCalledWith(2, 1);
    expect(a.move).toHaveBeenNthCalledWith(3, -1);
    expect(a.move).toHaveBeenNthCalledWith(4, -1);
    press(map, 'Enter');
    press(map, 'o');
    expect(a.open).toHaveBeenCalledTimes(2);
    press(map, 's');
    press(map, 'f');
    expect(a.toggleSaved).toHaveBeenCalledTimes(2);
    press(map, 'm');
    press(map, 'v');
    press(map, 'V');
    press(map, 'A');
    press(map, 'u');
    press(map, 'l');
    press(map, 'b');
    expect(a.tags).toHaveBeenCalledOnce();
    expect(a.sendTo).toHaveBeenCalledOnce();
    expect(a.toggleRead).toHaveBeenCalledOnce();
    expect(a.openOriginal).toHaveBeenCalledOnce();
    expect(a.cycleView).toHaveBeenCalledOnce();
    expect(a.markAllRead).toHaveBeenCalledOnce();
    expect(a.toggleOnlyUnread).toHaveBeenCalledOnce();
    // The selected row's menu, from wherever the focus is (its buttons are for the pointer only).
    press(map, 'shift+F10');
    press(map, 'ContextMenu');
    expect(a.menu).toHaveBeenCalledTimes(2);
    expect(map.M).toBeUndefined();
    expect(map.R).toBeUndefined();
  });

  it('leaves the reader its own keys while it is open; j/k and →/← step articles', () => {
    const a = actions();
    const map = listKeymap(a, { ...full, readerOpen: true });
    for (const k of ['Escape', 'm', 's', 'f', 'v', 'Enter', 'o', 'b']) expect(map[k], k).toBeUndefined();
    press(map, 'j');
    press(map, 'k');
    press(map, 'ArrowRight');
    press(map, 'ArrowLeft');
    expect(vi.mocked(a.step).mock.calls).toEqual([[1], [-1], [1], [-1]]);
    expect(a.move).not.toHaveBeenCalled();
  });

  it('while an article asked for has not rendered its reader: the reader steps and Esc closes', () => {
    const a = actions();
    const map = listKeymap(a, { ...full, readerComing: true });
    press(map, 'j');
    press(map, 'Escape');
    expect(vi.mocked(a.step).mock.calls).toEqual([[1]]);
    expect(a.close).toHaveBeenCalledOnce();
    for (const k of ['m', 's', 'Enter']) expect(map[k], k).toBeUndefined();
    // Once the reader is there, Esc is its own again.
    expect(listKeymap(a, { ...full, readerOpen: true }).Escape).toBeUndefined();
  });

  it('a key pressed after Enter before any render goes to the article asked for, read when pressed', () => {
    const a = actions();
    // The map built before Enter: the list's.
    const map = listKeymap(a, full);
    // Nothing asked for: Esc is not the list's (the event goes on), j moves the selection.
    expect(map.Escape?.(new KeyboardEvent('keydown', { key: 'Escape' }))).toBe(false);
    press(map, 'j');
    expect(vi.mocked(a.move).mock.calls).toEqual([[1]]);
    // Enter asked for an article; the same map, no render since: j steps from it, Esc closes it.
    vi.mocked(a.coming).mockReturnValue(true);
    press(map, 'j');
    press(map, 'k');
    press(map, 'Escape');
    expect(vi.mocked(a.step).mock.calls).toEqual([[1], [-1]]);
    expect(vi.mocked(a.move).mock.calls).toEqual([[1]]);
    expect(a.close).toHaveBeenCalledOnce();
  });

  it('does not claim Shift+A for lists without a real scope', () => {
    const map = listKeymap(actions(), { readerOpen: false, canMarkAll: false });
    expect(map.A).toBeUndefined();
    expect(map.u).toBeDefined();
  });

  it('never binds the keys other screens own', () => {
    const map = listKeymap(actions(), full);
    for (const k of ['/', 'mod+k', 'a', '?', 'n', 'N', 'g', 'z', 'R']) expect(map[k], k).toBeUndefined();
  });
});
