import { describe, expect, it } from 'vitest';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { applyOp, planPull, planPushes, unqueuedChanges, type TrackedState } from './diff';

describe('planPushes', () => {
  it('keeps order, merges runs of one op, and drops superseded changes', () => {
    const batches = planPushes([
      { seq: 1, at: 1, op: 'read', remoteIds: ['a', 'b'] },
      { seq: 2, at: 2, op: 'read', remoteIds: ['c'] },
      { seq: 3, at: 3, op: 'saved', remoteIds: ['a'] },
      { seq: 4, at: 4, op: 'unread', remoteIds: ['a'] },
    ]);
    expect(batches).toEqual([
      { op: 'read', remoteIds: ['b', 'c'], seqs: [1, 2] },
      { op: 'saved', remoteIds: ['a'], seqs: [3] },
      { op: 'unread', remoteIds: ['a'], seqs: [4] },
    ]);
  });

  it('settles a fully superseded entry with its neighbour so it leaves the queue', () => {
    const batches = planPushes([
      { seq: 1, at: 1, op: 'saved', remoteIds: ['x'] },
      { seq: 2, at: 2, op: 'unsaved', remoteIds: ['x'] },
    ]);
    expect(batches.flatMap((b) => b.seqs).sort()).toEqual([1, 2]);
    expect(batches.filter((b) => b.remoteIds.length)).toEqual([
      { op: 'unsaved', remoteIds: ['x'], seqs: [2] },
    ]);
    expect(planPushes([])).toEqual([]);
  });
});

describe('applyOp', () => {
  it('sets and clears the right bit only', () => {
    expect(applyOp(FLAG_SAVED, 'read')).toBe(FLAG_SAVED | FLAG_READ);
    expect(applyOp(FLAG_SAVED | FLAG_READ, 'unread')).toBe(FLAG_SAVED);
    expect(applyOp(FLAG_READ, 'saved')).toBe(FLAG_READ | FLAG_SAVED);
    expect(applyOp(FLAG_READ, 'unsaved')).toBe(FLAG_READ);
  });
});

const t = (itemId: number, server: number, local: number | null): TrackedState => ({
  itemId,
  remoteId: `r${itemId}`,
  server,
  local,
});

describe('planPull', () => {
  it('applies what changed on the server and lists ids to import', () => {
    const plan = planPull(
      [t(1, 0, 0), t(2, FLAG_READ, FLAG_READ), t(3, 0, 0), t(4, 0, 0)],
      new Set(['r1', 'r2', 'r3', 'new1']), // r2 became unread, r4 became read
      new Set(['r3', 'new2']), // r3 became saved
      new Set(),
    );
    expect(plan.markRead).toEqual([4]);
    expect(plan.markUnread).toEqual([2]);
    expect(plan.save).toEqual([3]);
    expect(plan.unsave).toEqual([]);
    expect([...plan.serverFlags]).toEqual([
      [2, 0],
      [3, FLAG_SAVED],
      [4, FLAG_READ],
    ]);
    expect(plan.missing.sort()).toEqual(['new1', 'new2']);
  });

  it('lets a waiting local change win over the server, and leaves local-only moves alone', () => {
    // item 1: server says read now, but a local "unread" waits in the queue.
    // item 2: local read, server unchanged (unread): the local change is not undone.
    const plan = planPull([t(1, 0, 0), t(2, 0, FLAG_READ)], new Set(['r2']), new Set(), new Set(['r1']));
    expect(plan.markRead).toEqual([]);
    expect(plan.markUnread).toEqual([]);
    expect(plan.serverFlags.get(1)).toBe(FLAG_READ);
  });

  it('skips items deleted locally', () => {
    const plan = planPull([t(1, 0, null)], new Set(), new Set(), new Set());
    expect(plan.markRead).toEqual([]);
    expect(plan.missing).toEqual([]);
  });
});

describe('unqueuedChanges', () => {
  it('finds local changes the queue lost, per bit, except pending ones', () => {
    expect(
      unqueuedChanges(
        [t(1, 0, FLAG_READ), t(2, FLAG_READ | FLAG_SAVED, FLAG_READ), t(3, 0, 0), t(4, 0, FLAG_READ)],
        new Set(['r4']),
      ),
    ).toEqual([
      { op: 'read', remoteId: 'r1' },
      { op: 'unsaved', remoteId: 'r2' },
    ]);
  });
});
