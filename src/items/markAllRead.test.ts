import { describe, expect, it, vi } from 'vitest';
import { planFilterRead, planScopeRead } from './markAllRead';

const markRead = vi.fn((ids: number[], set: boolean) => Promise.resolve({ flag: 'read', set, ids }));
const countUnread = vi.fn((_scope: unknown) => Promise.resolve(12));
const markAllRead = vi.fn((_scope: unknown) => Promise.resolve({ flag: 'read', set: true, ids: [1, 2] }));
const page = vi.fn();
const unreadIds = vi.fn((_filter: unknown, _olderThan?: number) => Promise.resolve([4, 5, 6]));
vi.mock('../queries/engine', () => ({
  withEngine: <T>(fn: (e: unknown) => Promise<T>) =>
    fn({ state: { markRead, countUnread, markAllRead }, items: { page }, query: { unreadIds } }),
}));

describe('planFilterRead', () => {
  it("counts the filter's unread results the engine names (older than the cut-off), and marks those", async () => {
    const now = 1_000_000;
    const filter = { keywords: [{ keyword: 'rust', weight: 1 }] };
    const plan = await planFilterRead(filter, 'day', now);
    expect(unreadIds).toHaveBeenCalledWith(filter, now - 86_400);
    expect(plan.count).toBe(3);
    expect(markRead).not.toHaveBeenCalled();
    expect((await plan.run()).ids).toEqual([4, 5, 6]);
    // One engine call however many: one change to undo, one job, one record to resume.
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith([4, 5, 6], true);
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
