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
    refresh: vi.fn(),
    step: vi.fn(),
  };
}
const press = (map: ReturnType<typeof listKeymap>, key: string) =>
  map[key]?.(new KeyboardEvent('keydown', { key }));
const full = { readerOpen: false, canMarkAll: true, canRefresh: true };

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
    press(map, 'M');
    press(map, 'u');
    press(map, 'R');
    expect(a.toggleRead).toHaveBeenCalledOnce();
    expect(a.cycleView).toHaveBeenCalledOnce();
    expect(a.markAllRead).toHaveBeenCalledOnce();
    expect(a.toggleOnlyUnread).toHaveBeenCalledOnce();
    expect(a.refresh).toHaveBeenCalledOnce();
  });

  it('leaves the reader its own keys while it is open, and j/k step articles', () => {
    const a = actions();
    const map = listKeymap(a, { ...full, readerOpen: true });
    for (const k of ['ArrowLeft', 'ArrowRight', 'Escape', 'm', 's', 'f', 'v', 'Enter', 'o'])
      expect(map[k], k).toBeUndefined();
    press(map, 'j');
    press(map, 'k');
    expect(a.step).toHaveBeenNthCalledWith(1, 1);
    expect(a.step).toHaveBeenNthCalledWith(2, -1);
    expect(a.move).not.toHaveBeenCalled();
  });

  it('does not claim M or R for lists without a real scope', () => {
    const map = listKeymap(actions(), { readerOpen: false, canMarkAll: false, canRefresh: false });
    expect(map.M).toBeUndefined();
    expect(map.R).toBeUndefined();
    expect(map.u).toBeDefined();
  });

  it('never binds the keys other screens own', () => {
    const map = listKeymap(actions(), full);
    for (const k of ['/', 'ctrl+k', 'a', '?', 'n', 'N', 'g']) expect(map[k], k).toBeUndefined();
  });
});
