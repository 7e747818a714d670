import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Feed } from '../engine/contract';
import type { JobProgress } from '../../worker/types';
import { clearUndo, pendingUndo, undoLast } from '../undo/undoStore';
import { recordJob, resetJobs } from './jobStore';
import { testJob } from '../testing/job';

const calls = vi.hoisted(() => ({
  feeds: [] as Feed[],
  answer: true,
  unsubscribed: [] as number[][],
  deletedGroups: [] as number[],
}));

vi.mock('./api', () => ({
  listFeeds: () => Promise.resolve(calls.feeds),
  deleteGroup: (id: number) => {
    calls.deletedGroups.push(id);
    return Promise.resolve();
  },
  getJob: () => Promise.resolve(null),
}));
vi.mock('./feedActions', () => ({
  unsubscribeFeeds: (feeds: Feed[]) => {
    if (!calls.answer) return Promise.resolve(false);
    const ids = feeds.map((f) => f.id);
    calls.unsubscribed.push(ids);
    return Promise.resolve(true);
  },
}));

const { offerUndoWhenFinished, removeAddedByJob } = await import('./jobUndo');

const feed = (id: number, groupId = -1): Feed => ({ id, title: `Feed ${id}`, groupId }) as Feed;

const job = (over: Partial<JobProgress>): JobProgress =>
  testJob({ id: 'j1', kind: 'opml-import', total: 3, ...over });
const finished = (feedIds: number[], groupIds: number[] = [], over: Partial<JobProgress> = {}) =>
  job({
    state: 'done',
    done: 3,
    finishedAt: 2,
    summary: { added: feedIds.length, skipped: 0, failed: 0, newItems: 9, feedIds, groupIds },
    ...over,
  });
const engineUndo = () => Promise.resolve(0);

beforeEach(() => {
  calls.feeds = [feed(1, 10), feed(2, 10), feed(3, 11), feed(7)];
  calls.answer = true;
  calls.unsubscribed.length = 0;
  calls.deletedGroups.length = 0;
  resetJobs();
  clearUndo();
});

describe('offerUndoWhenFinished', () => {
  it('offers Undo when the job it watches ends having subscribed, and Undo removes what it added', async () => {
    recordJob(job({}));
    offerUndoWhenFinished('j1');
    expect(pendingUndo()).toBeNull();
    // Another job ending is not this one.
    recordJob(finished([7], [], { id: 'other' }));
    expect(pendingUndo()).toBeNull();
    recordJob(finished([1, 2, 3], [10, 11]));
    expect(pendingUndo()?.label(3)).toBe('Imported 3 feeds.');
    // One feed moved into group 11 since the import keeps that group.
    calls.feeds = [feed(1, 10), feed(2, 10), feed(3, 11), feed(7, 11)];
    expect(await undoLast(engineUndo)).toBe(3);
    expect(calls.unsubscribed).toEqual([[1, 2, 3]]);
    expect(calls.deletedGroups).toEqual([10]);
  });

  it('says how many of the feeds it subscribed could not be fetched (they stay subscribed)', async () => {
    recordJob(
      finished([1, 2, 3], [], {
        summary: { added: 2, skipped: 1, failed: 2, newItems: 4, feedIds: [1, 2, 3], groupIds: [] },
      }),
    );
    offerUndoWhenFinished('j1');
    expect(pendingUndo()?.label(3)).toBe('Imported 3 feeds; 1 could not be fetched yet.');
    // Undo removes all three, the unfetched one too.
    expect(await undoLast(engineUndo)).toBe(3);
    expect(calls.unsubscribed).toEqual([[1, 2, 3]]);
    resetJobs();
    recordJob(
      finished([1, 2], [], {
        kind: 'subscribe-many',
        summary: { added: 0, skipped: 0, failed: 2, newItems: 0, feedIds: [1, 2], groupIds: [] },
      }),
    );
    offerUndoWhenFinished('j1');
    expect(pendingUndo()?.label(2)).toBe('Subscribed to 2 feeds; 2 could not be fetched yet.');
  });

  it('offers it at once for a job that ended before it was asked, named as subscribing for a bundle', () => {
    recordJob(finished([1], [], { kind: 'subscribe-many' }));
    offerUndoWhenFinished('j1');
    expect(pendingUndo()?.label(1)).toBe('Subscribed to 1 feed.');
  });

  it('offers nothing for a job that subscribed to nothing', () => {
    recordJob(finished([]));
    offerUndoWhenFinished('j1');
    expect(pendingUndo()).toBeNull();
  });
});

describe('removeAddedByJob', () => {
  it('removes only the feeds still here, and nothing when the person says no', async () => {
    const summary = finished([2, 5], [10]).summary;
    calls.answer = false;
    expect(await removeAddedByJob(summary)).toBeNull();
    expect(calls.deletedGroups).toEqual([]);
    calls.answer = true;
    expect(await removeAddedByJob(summary)).toBe(1);
    expect(calls.unsubscribed).toEqual([[2]]);
    // Group 10 still holds feed 1, which the job did not add.
    expect(calls.deletedGroups).toEqual([]);
    calls.feeds = [];
    expect(await removeAddedByJob(summary)).toBeNull();
  });
});
