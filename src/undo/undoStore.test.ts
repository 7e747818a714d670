import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BURST_MS,
  changeUnderWay,
  clearUndo,
  holdChanges,
  makeChange,
  onUndone,
  pendingUndo,
  recordUndo,
  recordUndoAction,
  undoLast,
} from './undoStore';
import type { UndoToken } from '../engine/contract';

const label = (n: number) => `${n} read`;
afterEach(() => clearUndo());

describe('undo store', () => {
  it('keeps the last change only and ignores empty ones', () => {
    recordUndo({ flag: 'read', set: true, ids: [1, 2] }, label);
    recordUndo({ flag: 'read', set: true, ids: [] }, label);
    expect(pendingUndo()?.token?.ids).toEqual([1, 2]);
    recordUndo({ flag: 'saved', set: false, ids: [3] }, label);
    expect(pendingUndo()?.token).toEqual({ flag: 'saved', set: false, ids: [3] });
    // A deleted tag is a change even when no article carried it (the tag itself is gone).
    const unused: UndoToken = { flag: 'tag-deleted', tag: { id: 4, name: 'x', color: 'gray' }, ids: [] };
    recordUndo(unused, label);
    expect(pendingUndo()).toMatchObject({ token: unused, count: 0 });
  });

  it('merges the batches of one scroll burst into one change, not those of another list or later', () => {
    recordUndo({ flag: 'read', set: true, ids: [1, 2] }, label, { burst: 'a', now: 1000 });
    const first = pendingUndo()!.id;
    recordUndo({ flag: 'read', set: true, ids: [2, 3] }, label, { burst: 'a', now: 1000 + BURST_MS });
    expect(pendingUndo()).toMatchObject({ id: first, token: { ids: [1, 2, 3] } });
    recordUndo({ flag: 'read', set: true, ids: [4] }, label, { burst: 'b', now: 1000 + BURST_MS });
    expect(pendingUndo()).toMatchObject({ token: { ids: [4] } });
    expect(pendingUndo()!.id).not.toBe(first);
    const second = pendingUndo()!.id;
    recordUndo({ flag: 'read', set: true, ids: [5] }, label, { burst: 'b', now: 2000 + 3 * BURST_MS });
    expect(pendingUndo()).toMatchObject({ token: { ids: [5] } });
    expect(pendingUndo()!.id).not.toBe(second);
  });

  it('never merges two unsubscribes, and keeps the label of what Undo did', () => {
    const done = (n: number) => `${n} feeds back`;
    const token: UndoToken = { flag: 'unsubscribed', trash: 1, ids: [4], articles: 9 };
    recordUndo(token, label, { burst: 'a', now: 1000, done });
    const first = pendingUndo()!.id;
    recordUndo({ ...token, trash: 2, ids: [5] }, label, { burst: 'a', now: 1001, done });
    expect(pendingUndo()).toMatchObject({ token: { trash: 2, ids: [5] } });
    expect(pendingUndo()!.id).not.toBe(first);
    expect(pendingUndo()!.done?.(1)).toBe('1 feeds back');
    recordUndo({ flag: 'read', set: true, ids: [1] }, label);
    expect(pendingUndo()!.done).toBeUndefined();
  });

  it('undoLast hands the token to the engine once, then tells the lists', async () => {
    const undone = vi.fn();
    const off = onUndone(undone);
    recordUndo({ flag: 'read', set: true, ids: [7, 8] }, label);
    const engine = vi.fn(() => Promise.resolve(2));
    expect(await undoLast(engine)).toBe(2);
    expect(engine).toHaveBeenCalledWith({ flag: 'read', set: true, ids: [7, 8] });
    expect(undone).toHaveBeenCalledOnce();
    expect(await undoLast(engine)).toBeNull();
    expect(engine).toHaveBeenCalledOnce();
    off();
  });

  it('a change the page takes back runs its own undo, never the engine token path, and never merges', async () => {
    const run = vi.fn(() => Promise.resolve(3));
    const engine = vi.fn(() => Promise.resolve(0));
    recordUndoAction(0, label, run);
    expect(pendingUndo()).toBeNull();
    recordUndoAction(3, label, run, { done: (n) => `${n} moved back` });
    expect(pendingUndo()).toMatchObject({ token: null, count: 3 });
    recordUndo({ flag: 'read', set: true, ids: [1] }, label, { burst: 'a' });
    recordUndoAction(2, label, run);
    expect(pendingUndo()).toMatchObject({ token: null, count: 2 });
    const undone = vi.fn();
    const off = onUndone(undone);
    expect(await undoLast(engine)).toBe(3);
    expect(run).toHaveBeenCalledOnce();
    expect(engine).not.toHaveBeenCalled();
    expect(undone).toHaveBeenCalledWith(null);
    expect(pendingUndo()).toBeNull();
    off();
  });

  it('a page undo that declines (the person said no) keeps the change and tells no list', async () => {
    recordUndoAction(4, label, () => Promise.resolve(null));
    const entry = pendingUndo();
    const undone = vi.fn();
    const off = onUndone(undone);
    expect(await undoLast(() => Promise.resolve(0))).toBeNull();
    expect(pendingUndo()).toBe(entry);
    expect(undone).not.toHaveBeenCalled();
    off();
  });

  it('a failed undo keeps the change so it can be tried again', async () => {
    recordUndo({ flag: 'read', set: true, ids: [9] }, label);
    await expect(undoLast(() => Promise.reject(new Error('locked')))).rejects.toThrow('locked');
    expect(pendingUndo()?.token?.ids).toEqual([9]);
  });

  it('sends what a source still holds and waits for what is on its way, then takes back all of it', async () => {
    recordUndo({ flag: 'read', set: true, ids: [1, 2] }, label, { burst: 'scroll' });
    // Ids 3 and 4 are batched (not sent yet); sending them takes a moment to be recorded.
    let held = [3, 4];
    const release = holdChanges(() => {
      const ids = held;
      held = [];
      if (ids.length === 0) return;
      changeUnderWay(
        new Promise((r) => setTimeout(r, 5)).then(() =>
          recordUndo({ flag: 'read', set: true, ids }, label, { burst: 'scroll' }),
        ),
      );
    });
    const engine = vi.fn((token: UndoToken) => Promise.resolve(token.ids.length));
    try {
      expect(await undoLast(engine)).toBe(4);
      expect(engine).toHaveBeenCalledWith({ flag: 'read', set: true, ids: [1, 2, 3, 4] });
      expect(pendingUndo()).toBeNull();
    } finally {
      release();
    }
  });

  it('a change of another kind still on its way is the last change: undo takes that one back', async () => {
    recordUndo({ flag: 'saved', set: true, ids: [5] }, label);
    changeUnderWay(Promise.resolve().then(() => recordUndo({ flag: 'read', set: true, ids: [6] }, label)));
    // A change that failed is its maker's to report; undo goes on without it.
    changeUnderWay(Promise.reject(new Error('offline')).catch(() => null));
    const engine = vi.fn((token: UndoToken) => Promise.resolve(token.ids.length));
    expect(await undoLast(engine)).toBe(1);
    expect(engine).toHaveBeenCalledWith({ flag: 'read', set: true, ids: [6] });
  });

  it('a change is under way from the moment it is made: an undo before the answer waits and takes it back', async () => {
    recordUndo({ flag: 'saved', set: true, ids: [5] }, label);
    let answer!: (token: UndoToken) => void;
    const made = makeChange(async (at) => {
      const token = await new Promise<UndoToken>((r) => (answer = r));
      recordUndo(token, label, { made: at });
    });
    const engine = vi.fn((token: UndoToken) => Promise.resolve(token.ids.length));
    const undone = undoLast(engine);
    await new Promise((r) => setTimeout(r, 5));
    // Still waiting for the engine's answer: nothing taken back yet, least of all the change before.
    expect(engine).not.toHaveBeenCalled();
    answer({ flag: 'read', set: true, ids: [6, 7] });
    expect(await undone).toBe(2);
    expect(engine).toHaveBeenCalledExactlyOnceWith({ flag: 'read', set: true, ids: [6, 7] });
    await made;
  });

  it('changes are ordered by when they were made, not by when the engine answered', async () => {
    let answerFirst!: () => void;
    const first = makeChange(async (made) => {
      await new Promise<void>((r) => (answerFirst = r));
      recordUndo({ flag: 'saved', set: true, ids: [1] }, label, { made });
    });
    const second = makeChange((made) => {
      recordUndoAction(2, label, () => Promise.resolve(2), { made });
      return Promise.resolve();
    });
    await second;
    // The first change's answer comes last: the second, made later, stays the one to undo.
    answerFirst();
    await first;
    expect(pendingUndo()).toMatchObject({ token: null, count: 2 });
    // A change recorded without a moment is taken as made now, after both.
    recordUndo({ flag: 'read', set: true, ids: [3] }, label);
    expect(pendingUndo()?.token?.ids).toEqual([3]);
  });

  it('a source that has gone is not asked again', async () => {
    const flush = vi.fn();
    holdChanges(flush)();
    recordUndo({ flag: 'read', set: true, ids: [1] }, label);
    await undoLast(() => Promise.resolve(1));
    expect(flush).not.toHaveBeenCalled();
  });
});
