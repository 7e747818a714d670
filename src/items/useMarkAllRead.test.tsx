/**
 * The mark-all-read flow without the list around it: count, ask naming the count (or say there
 * is nothing to mark), mark, tell the list, record the change for Undo; a failure is a notice.
 * (The menu's keys, through the list: markAllMenu.test.tsx.)
 */
import { notifications } from '@mantine/notifications';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UndoToken } from '../engine/contract';
import { clearUndo, pendingUndo, recordUndo, undoLast } from '../undo/undoStore';
import { useMarkAllRead } from './useMarkAllRead';

const engine = {
  state: {
    countUnread: vi.fn(() => Promise.resolve(3)),
    markAllRead: vi.fn(() => Promise.resolve<UndoToken>({ flag: 'read', set: true, ids: [1, 2, 3] })),
    markRead: vi.fn((ids: number[], set: boolean) => Promise.resolve<UndoToken>({ flag: 'read', set, ids })),
  },
  query: { unreadIds: vi.fn((_filter: unknown, _olderThan?: number) => Promise.resolve([7, 9])) },
};
vi.mock('../queries/engine', () => ({
  withEngine: <T,>(fn: (e: typeof engine) => Promise<T>) => fn(engine),
}));
const confirm = vi.fn((_options: { message: unknown }) => Promise.resolve(true));
vi.mock('../components/ConfirmDialog', () => ({
  confirm: (options: { message: unknown }) => confirm(options),
}));

let shown: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  shown = vi.spyOn(notifications, 'show').mockReturnValue('');
});
afterEach(() => {
  clearUndo();
  vi.clearAllMocks();
});

describe('mark all read', () => {
  it('asks naming the count, marks the scope, tells the list, then records the change for Undo', async () => {
    const onMarked = vi.fn(() => expect(pendingUndo()).toBeNull());
    const { result } = renderHook(() => useMarkAllRead({ scope: { scope: 'feed', id: 4 } }, onMarked));
    expect(result.current.canMarkAll).toBe(true);
    act(() => result.current.setMenuOpen(true));
    await act(() => result.current.markAll('all'));
    expect(result.current.menuOpen).toBe(false);
    expect(confirm.mock.calls[0]![0].message).toBe('This marks the 3 unread articles in this list as read.');
    expect(engine.state.markAllRead).toHaveBeenCalledWith({ scope: 'feed', id: 4, olderThan: undefined });
    expect(onMarked).toHaveBeenCalledOnce();
    expect(pendingUndo()).toMatchObject({ count: 3, token: { flag: 'read', set: true, ids: [1, 2, 3] } });
    expect(pendingUndo()!.label(3)).toBe('3 articles marked as read.');
  });

  it('marks nothing when the person says no', async () => {
    confirm.mockResolvedValueOnce(false);
    const onMarked = vi.fn();
    const { result } = renderHook(() => useMarkAllRead({ scope: { scope: 'all' } }, onMarked));
    await act(() => result.current.markAll('week'));
    expect(engine.state.markAllRead).not.toHaveBeenCalled();
    expect(onMarked).not.toHaveBeenCalled();
    expect(pendingUndo()).toBeNull();
  });

  it("a filter's list asks the engine for its unread results and marks exactly those", async () => {
    const filter = { query: 'title LIKE "rust"' };
    const { result } = renderHook(() => useMarkAllRead({ filter }, () => {}));
    await act(() => result.current.markAll('all'));
    expect(engine.query.unreadIds).toHaveBeenCalledWith(filter, undefined);
    expect(confirm.mock.calls[0]![0].message).toBe('This marks the 2 unread articles in this list as read.');
    expect(engine.state.markRead).toHaveBeenCalledWith([7, 9], true);
    expect(pendingUndo()?.token?.ids).toEqual([7, 9]);
  });

  it('is not offered without a scope or a filter', async () => {
    const { result } = renderHook(() => useMarkAllRead({}, () => {}));
    expect(result.current.canMarkAll).toBe(false);
    await act(() => result.current.markAll('all'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a failure to mark is a red notice, and nothing is recorded', async () => {
    engine.state.markAllRead.mockRejectedValueOnce(new Error('disk full'));
    const { result } = renderHook(() => useMarkAllRead({ scope: { scope: 'all' } }, () => {}));
    await act(() => result.current.markAll('all'));
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Could not mark as read' }),
    );
    expect(pendingUndo()).toBeNull();
  });
});

describe('undo right after the yes', () => {
  it('waits for the engine to answer and takes back the marking, not the change before', async () => {
    recordUndo({ flag: 'saved', set: true, ids: [9] }, (n) => `${n} saved`);
    let answer!: (token: UndoToken) => void;
    engine.state.markAllRead.mockImplementationOnce(() => new Promise<UndoToken>((r) => (answer = r)));
    const { result } = renderHook(() => useMarkAllRead({ scope: { scope: 'all' } }, () => {}));
    let marking: Promise<void> = Promise.resolve();
    act(() => {
      marking = result.current.markAll('all');
    });
    await vi.waitFor(() => expect(engine.state.markAllRead).toHaveBeenCalled());
    // z now, before the engine has answered.
    const undo = vi.fn((token: UndoToken) => Promise.resolve(token.ids.length));
    const restored = undoLast(undo);
    await new Promise((r) => setTimeout(r, 5));
    expect(undo).not.toHaveBeenCalled();
    answer({ flag: 'read', set: true, ids: [1, 2, 3] });
    await act(async () => {
      expect(await restored).toBe(3);
      await marking;
    });
    expect(undo).toHaveBeenCalledExactlyOnceWith({ flag: 'read', set: true, ids: [1, 2, 3] });
  });
});
