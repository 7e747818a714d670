import { describe, expect, it, vi } from 'vitest';
import type { ItemRow, Page } from '../engine/contract';
import { planListRead, planScopeRead } from './markAllRead';

const markRead = vi.fn((ids: number[], set: boolean) => Promise.resolve({ flag: 'read', set, ids }));
const countUnread = vi.fn((_scope: unknown) => Promise.resolve(12));
const markAllRead = vi.fn((_scope: unknown) => Promise.resolve({ flag: 'read', set: true, ids: [1, 2] }));
const page = vi.fn();
vi.mock('../queries/engine', () => ({
  withEngine: <T>(fn: (e: unknown) => Promise<T>) =>
    fn({ state: { markRead, countUnread, markAllRead }, items: { page } }),
}));

const row = (id: number, pubDate: number, read = false) => ({ id, pubDate, flags: read ? 1 : 0 }) as ItemRow;

describe('planListRead', () => {
  it('counts the unread rows older than the cut-off over every page, and marks exactly those', async () => {
    const now = 1_000_000;
    const pages: Record<string, Page<ItemRow>> = {
      first: {
        rows: [row(1, now - 10), row(2, now - 200_000), row(3, now - 300_000, true)],
        next: 'second',
        total: 5,
      },
      second: { rows: [row(4, now - 400_000), row(5, now - 500)], next: null, total: 5 },
    };
    const plan = await planListRead((cursor) => Promise.resolve(pages[cursor ?? 'first']!), 'day', now);
    expect(plan.count).toBe(2);
    expect(markRead).not.toHaveBeenCalled();
    expect((await plan.run()).ids).toEqual([2, 4]);
    expect(markRead).toHaveBeenCalledWith([2, 4], true);
  });

  it('marks many rows in one engine call (one change to undo, one job, one record to resume)', async () => {
    markRead.mockClear();
    const rows = Array.from({ length: 12_000 }, (_, i) => row(i + 1, 10));
    const plan = await planListRead(() => Promise.resolve({ rows, next: null, total: rows.length }), 'all');
    expect((await plan.run()).ids).toHaveLength(12_000);
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('finds nothing when every row is read or too new', async () => {
    const plan = await planListRead(
      () => Promise.resolve({ rows: [row(1, 10, true)], next: null, total: 1 }),
      'all',
    );
    expect(plan.count).toBe(0);
  });
});

describe('planScopeRead', () => {
  it('counts and marks Saved, Today and a tag in the engine, one call each, walking no page', async () => {
    const now = 1_000_000;
    for (const scope of [{ scope: 'saved' }, { scope: 'today' }, { scope: 'tag', id: 3 }] as const) {
      countUnread.mockClear();
      markAllRead.mockClear();
      const plan = await planScopeRead(scope, 'week', now);
      expect(plan.count).toBe(12);
      expect(countUnread).toHaveBeenCalledWith({ ...scope, olderThan: now - 7 * 86_400 });
      expect((await plan.run()).ids).toEqual([1, 2]);
      expect(markAllRead).toHaveBeenCalledWith({ ...scope, olderThan: now - 7 * 86_400 });
    }
    expect(page).not.toHaveBeenCalled();
  });
});
