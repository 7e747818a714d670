/**
 * Scroll marking and its undo: marks still batched when z is pressed are sent and recorded first,
 * so the undo takes back every mark the reader saw, not only the batches before.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow, UndoToken } from '../engine/contract';
import { FLAG_READ } from '../../shared/flags';
import { clearUndo, pendingUndo, recordUndo, undoLast } from '../undo/undoStore';
import type { ItemsData } from './useItemsData';
import { useListActions } from './useListActions';
import { itemsData } from './testing/listFixture';

vi.mock('../engine/client', () => ({
  engineReady: () => Promise.resolve({}),
  getEngine: () => ({}),
}));

afterEach(() => {
  cleanup();
  clearUndo();
});

const rows = Array.from(
  { length: 30 },
  (_, i) => ({ id: i + 1, feedId: 1, title: `Row ${i + 1}`, flags: 0 }) as ItemRow,
);
const rowAt = (i: number) => rows[i];

const dataWith = (setFlag: ItemsData['setFlag']): ItemsData => itemsData(rows, rows.length, { setFlag });

describe('scroll marking', () => {
  it('an undo while a batch still waits for its pause takes that batch back with the rest', async () => {
    const setFlag = vi.fn((targets: readonly ItemRow[], bit: number, on: boolean) =>
      Promise.resolve<UndoToken>({
        flag: bit === FLAG_READ ? 'read' : 'saved',
        set: on,
        ids: targets.map((r) => r.id),
      }),
    );
    const { result } = renderHook(() => useListActions(dataWith(setFlag), true, 'list'));
    // Rows 1–10 seen, then scrolled past: one batch, sent after the pause.
    act(() => result.current.onRange(0, 9, rowAt));
    act(() => result.current.onRange(10, 19, rowAt));
    await vi.waitFor(() => expect(pendingUndo()?.count).toBe(10), { timeout: 2000 });
    // Rows 11–20 scrolled past too: batched, waiting for the pause, when z comes.
    act(() => result.current.onRange(20, 29, rowAt));
    expect(setFlag).toHaveBeenCalledTimes(1);
    const engine = vi.fn((token: UndoToken) => Promise.resolve(token.ids.length));
    let restored: number | null = null;
    await act(async () => {
      restored = await undoLast(engine);
    });
    expect(restored).toBe(20);
    expect(engine).toHaveBeenCalledOnce();
    expect([...engine.mock.calls[0]![0].ids].sort((a, b) => a - b)).toEqual(
      rows.slice(0, 20).map((r) => r.id),
    );
    expect(pendingUndo()).toBeNull();
  });
});

describe('mark above', () => {
  it('is under way from the click: z before the engine answers takes it back, not the change before', async () => {
    recordUndo({ flag: 'saved', set: true, ids: [30] }, (n) => `${n} saved`);
    let answer!: (token: UndoToken) => void;
    const setFlag = vi.fn(() => new Promise<UndoToken>((r) => (answer = r)));
    const { result } = renderHook(() => useListActions(dataWith(setFlag), false, 'list'));
    act(() => result.current.markAbove(3));
    const engine = vi.fn((token: UndoToken) => Promise.resolve(token.ids.length));
    let restored: Promise<number | null> = Promise.resolve(null);
    act(() => {
      restored = undoLast(engine);
    });
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(engine).not.toHaveBeenCalled();
    answer({ flag: 'read', set: true, ids: [1, 2, 3] });
    await act(async () => {
      expect(await restored).toBe(3);
    });
    expect(engine).toHaveBeenCalledExactlyOnceWith({ flag: 'read', set: true, ids: [1, 2, 3] });
    // One change is kept: the mark above replaced the one before, and is now taken back.
    expect(pendingUndo()).toBeNull();
  });
});
