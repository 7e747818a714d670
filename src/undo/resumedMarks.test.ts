import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UndoToken } from '../engine/contract';
import { testJob } from '../testing/job';
import type { JobProgress } from '../../worker/types';
import { offerResumedUndo } from './resumedMarks';
import { clearUndo, makeChange, pendingUndo, recordUndo } from './undoStore';

afterEach(() => clearUndo());

const token: UndoToken = { flag: 'read', set: true, ids: [1, 2, 3] };
const resumed = (over: Partial<JobProgress> = {}): JobProgress =>
  testJob({
    id: 'job-9',
    kind: 'mark',
    state: 'done',
    mark: { flag: 'read', set: true, resumed: true },
    ...over,
  });

describe('a mark the page before left, finished by this one', () => {
  it('is offered for undo when its job ends, worded as resumed and finished', async () => {
    const take = vi.fn(() => Promise.resolve(token));
    await offerResumedUndo(resumed(), take);
    expect(take).toHaveBeenCalledWith('job-9');
    const entry = pendingUndo()!;
    expect(entry.token).toEqual(token);
    expect(entry.label(entry.count)).toBe('Resumed and finished: 3 articles marked as read.');
    // Stopped part way: what it marked is offered too.
    clearUndo();
    await offerResumedUndo(
      resumed({ state: 'cancelled', mark: { flag: 'saved', set: false, resumed: true } }),
      () => Promise.resolve({ flag: 'saved', set: false, ids: [4] }),
    );
    expect(pendingUndo()!.label(1)).toBe('Resumed and finished: 1 article unsaved.');
  });

  it('never takes the place of a change made in this page', async () => {
    await makeChange((made) => {
      recordUndo({ flag: 'saved', set: true, ids: [7] }, (n) => `${n} saved`, { made });
      return Promise.resolve();
    });
    await offerResumedUndo(resumed(), () => Promise.resolve(token));
    expect(pendingUndo()!.token).toEqual({ flag: 'saved', set: true, ids: [7] });
  });

  it('asks nothing for a running, fresh or other job, and records nothing without a token', async () => {
    const take = vi.fn(() => Promise.resolve(token));
    await offerResumedUndo(resumed({ state: 'running' }), take);
    await offerResumedUndo(resumed({ mark: { flag: 'read', set: true, resumed: false } }), take);
    await offerResumedUndo(testJob({ state: 'done' }), take);
    expect(take).not.toHaveBeenCalled();
    // Another tab's engine ran it (this one has no token), or asking failed.
    await offerResumedUndo(resumed(), () => Promise.resolve(null));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await offerResumedUndo(resumed(), () => Promise.reject(new Error('gone')));
    expect(pendingUndo()).toBeNull();
  });
});
