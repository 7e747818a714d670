import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UndoToken } from '../engine/contract';
import { clearUndo, pendingUndo, recordUndo, recordUndoAction, takeUpKept } from './undoStore';

const shown = vi.hoisted(() => [] as { id?: string; message?: unknown; title?: unknown; color?: unknown }[]);
const hidden = vi.hoisted(() => [] as string[]);
const undo = vi.hoisted(() => ({ fn: (_token: unknown): Promise<number> => Promise.resolve(0) }));

vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (n: (typeof shown)[number]) => void shown.push(n),
    hide: (id: string) => void hidden.push(id),
    update: () => {},
  },
}));
vi.mock('../queries/engine', () => ({
  withEngine: <T,>(fn: (e: { state: { undo: typeof undo.fn } }) => T) =>
    fn({ state: { undo: (t) => undo.fn(t) } }),
}));

const { runUndo } = await import('./UndoHost');

const token: UndoToken = { flag: 'unsubscribed', trash: 3, ids: [4, 5], articles: 12 };
const label = (n: number) => `${n} unsubscribed`;

beforeEach(() => {
  shown.length = 0;
  recordUndo(token, label, { done: (n) => `${n} feeds back` });
});
afterEach(() => clearUndo());

describe('runUndo', () => {
  it("says what the change's own label says Undo did", async () => {
    undo.fn = () => Promise.resolve(2);
    await runUndo();
    expect(shown.at(-1)?.message).toBe('2 feeds back');
    expect(pendingUndo()).toBeNull();
  });

  it('gives each result its own notice, closing the one before (a second undo within seconds is not silent)', async () => {
    undo.fn = () => Promise.resolve(1);
    await runUndo();
    recordUndo(token, label, { done: (n) => `${n} again` });
    await runUndo();
    const [first, second] = shown.slice(-2);
    expect(second?.message).toBe('1 again');
    expect(second?.id).not.toBe(first?.id);
    expect(hidden).toContain(first?.id);
  });

  it('says nothing of its own when the undo was declined or made a change with its own notice', async () => {
    recordUndoAction(2, label, () => Promise.resolve(null));
    const declined = pendingUndo();
    await runUndo();
    expect(shown).toEqual([]);
    expect(pendingUndo()).toBe(declined);
    // Undoing an import unsubscribes, and that unsubscribe is the change to undo next.
    recordUndoAction(2, label, () => {
      recordUndo(token, label);
      return Promise.resolve(2);
    });
    await runUndo();
    expect(shown).toEqual([]);
    expect(pendingUndo()?.token).toEqual(token);
  });

  it('forgets a change the engine can no longer take back, and says why', async () => {
    undo.fn = () => Promise.reject(Object.assign(new Error('Too late for that.'), { code: 'undo_expired' }));
    await runUndo();
    expect(shown.at(-1)).toMatchObject({
      color: 'red',
      title: 'Could not undo the change',
      message: 'Too late for that.',
    });
    expect(pendingUndo()).toBeNull();
  });

  it('keeps a change whose undo failed otherwise, to try again', async () => {
    undo.fn = () => Promise.reject(Object.assign(new Error('Disk trouble.'), { code: 'db_write' }));
    await runUndo();
    expect(shown.at(-1)).toMatchObject({ color: 'red', message: 'Disk trouble.' });
    expect(pendingUndo()?.token).toEqual(token);
  });

  it('after a reload, undoes what is still there and says the rest is gone', async () => {
    recordUndo({ flag: 'read', set: true, ids: [1, 2, 3] }, (n) => `${n} marked as read`);
    takeUpKept();
    undo.fn = (t) => Promise.resolve((t as UndoToken).ids.length - 2);
    await runUndo();
    expect(shown.at(-1)?.message).toBe(
      'Undone: 1 article is unread again. The other 2 are gone or were already changed back.',
    );
    expect(pendingUndo()).toBeNull();
    // All of it back: the usual text.
    recordUndo({ flag: 'read', set: true, ids: [1, 2] }, (n) => `${n} marked as read`);
    takeUpKept();
    undo.fn = () => Promise.resolve(2);
    await runUndo();
    expect(shown.at(-1)?.message).toBe('Undone: 2 articles are unread again.');
  });
});
