import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UndoToken } from '../engine/contract';
import { KEEP_KEY, KEEP_MAX_IDS, keepChange, keptChange, type KeptChange } from './undoKeep';
import {
  clearUndo,
  makeChange,
  pendingUndo,
  recordUndo,
  recordUndoAction,
  takeUpKept,
  undoLast,
} from './undoStore';

const label = (n: number) => `${n} marked as read`;
const read = (ids: number[]): UndoToken => ({ flag: 'read', set: true, ids });
const change = (token: UndoToken): KeptChange => ({ token, count: token.ids.length, label: 'x', at: 1 });

afterEach(() => clearUndo());

describe('keeping the last change across a reload', () => {
  it('keeps an engine change and takes it up after a reload, so undo takes it back', async () => {
    recordUndo(read([1, 2, 3]), label, { now: 5 });
    expect(keptChange()).toEqual({ token: read([1, 2, 3]), count: 3, label: '3 marked as read', at: 5 });
    // The reload: the page's memory is gone, the tab's sessionStorage is not.
    takeUpKept();
    expect(pendingUndo()).toMatchObject({ token: read([1, 2, 3]), count: 3, made: 0 });
    expect(pendingUndo()!.label(3)).toBe('3 marked as read');
    const undo = vi.fn((_token: UndoToken) => Promise.resolve(3));
    expect(await undoLast(undo)).toBe(3);
    expect(undo).toHaveBeenCalledWith(read([1, 2, 3]));
    // Undone: nothing is kept, a second reload has nothing to undo.
    expect(sessionStorage.getItem(KEEP_KEY)).toBeNull();
    takeUpKept();
    expect(pendingUndo()).toBeNull();
  });

  it('keeps a scroll burst as it grows, and a change made after the reload comes before it', async () => {
    recordUndo(read([1]), label, { burst: 'b', now: 1000 });
    recordUndo(read([2]), label, { burst: 'b', now: 1500 });
    expect(keptChange()?.token.ids).toEqual([1, 2]);
    takeUpKept();
    await makeChange((made) => {
      recordUndo({ flag: 'saved', set: true, ids: [9] }, label, { made });
      return Promise.resolve();
    });
    expect(pendingUndo()?.token).toEqual({ flag: 'saved', set: true, ids: [9] });
    expect(keptChange()?.token).toEqual({ flag: 'saved', set: true, ids: [9] });
  });

  it('keeps nothing while a change is under way: a reload then never undoes the change before it', async () => {
    recordUndo(read([1, 2]), label, { now: 5 });
    let finish!: () => void;
    const mark = makeChange(async (made) => {
      await new Promise<void>((resolve) => (finish = resolve));
      recordUndo(read([3, 4, 5]), label, { made });
    });
    // The page reloads now (a minute into marking 300,000 articles read): z has nothing to take back.
    expect(keptChange()).toBeNull();
    finish();
    await mark;
    expect(keptChange()?.token).toEqual(read([3, 4, 5]));
    // A change that records nothing (it changed nothing) keeps the one before again.
    await makeChange(() => Promise.resolve());
    expect(keptChange()?.token).toEqual(read([3, 4, 5]));
    // Nor does a failed one lose it.
    await makeChange(() => Promise.reject(new Error('disk'))).catch(() => undefined);
    expect(keptChange()?.token).toEqual(read([3, 4, 5]));
  });

  it('keeps no change it cannot take back after a reload, and then forgets the one before', () => {
    const cases: [string, () => void][] = [
      ['a change the page takes back itself', () => recordUndoAction(1, label, () => Promise.resolve(1))],
      [
        'an unsubscribe (its copy is in the closed page)',
        () => recordUndo({ flag: 'unsubscribed', trash: 1, ids: [4], articles: 3 }, label),
      ],
      ['old articles deleted', () => recordUndo({ flag: 'deleted', trash: 2, ids: [5] }, label)],
      [
        'more articles than are kept',
        () => recordUndo(read(Array.from({ length: KEEP_MAX_IDS + 1 }, (_, i) => i + 1)), label),
      ],
    ];
    for (const [what, make] of cases) {
      recordUndo(read([1]), label);
      expect(keptChange(), what).not.toBeNull();
      make();
      expect(keptChange(), what).toBeNull();
      takeUpKept();
      expect(pendingUndo(), what).toBeNull();
    }
    // At the bound exactly, it is kept.
    recordUndo(read(Array.from({ length: KEEP_MAX_IDS }, (_, i) => i + 1)), label);
    expect(keptChange()?.count).toBe(KEEP_MAX_IDS);
  });

  it('keeps the deletion of a tag no article carried, so z after a reload brings the tag back', async () => {
    recordUndo(read([1]), label);
    const unused: UndoToken = { flag: 'tag-deleted', tag: { id: 2, name: 'Idle', color: 'red' }, ids: [] };
    recordUndo(unused, () => 'Deleted tag “Idle”', { now: 7 });
    expect(keptChange()).toEqual({ token: unused, count: 0, label: 'Deleted tag “Idle”', at: 7 });
    takeUpKept();
    const undo = vi.fn((_token: UndoToken) => Promise.resolve(0));
    expect(await undoLast(undo)).toBe(0);
    expect(undo).toHaveBeenCalledWith(unused);
  });

  it('forgets the kept change when the change is cleared', () => {
    recordUndo(read([1]), label);
    clearUndo();
    expect(keptChange()).toBeNull();
  });

  it('reads nothing from a malformed or foreign record', () => {
    for (const raw of [
      '{',
      'null',
      '{"token":{"flag":"read","set":true,"ids":["1"]},"count":1,"label":"x","at":1}',
      JSON.stringify({ ...change(read([1])), label: 3 }),
      JSON.stringify(change({ flag: 'unsubscribed', trash: 1, ids: [1], articles: 1 })),
    ]) {
      sessionStorage.setItem(KEEP_KEY, raw);
      expect(keptChange(), raw).toBeNull();
    }
    sessionStorage.setItem(KEEP_KEY, JSON.stringify(change({ flag: 'tag', tagId: 2, set: true, ids: [1] })));
    expect(keptChange()?.token).toEqual({ flag: 'tag', tagId: 2, set: true, ids: [1] });
  });

  it('forgets the kept change when the storage refuses the write (full), and never throws', () => {
    const store = {
      items: new Map([[KEEP_KEY, JSON.stringify(change(read([1])))]]),
      getItem(k: string) {
        return this.items.get(k) ?? null;
      },
      setItem() {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem(k: string) {
        this.items.delete(k);
      },
    };
    expect(() => keepChange(change(read([2])), store)).not.toThrow();
    expect(keptChange(store)).toBeNull();
    expect(() => keepChange(change(read([2])), null)).not.toThrow();
  });
});
