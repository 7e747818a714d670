import { beforeEach, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../worker/types';
import {
  batchOutcome,
  dismissReport,
  isReported,
  reportJobs,
  resetReport,
  useReportBatch,
} from './refreshReport';
import { renderHook, act } from '@testing-library/react';
import { testJob } from '../testing/job';

const job = (id: string, over: Partial<JobProgress> = {}): JobProgress => testJob({ id, ...over });
const failure = (feedId: number) => ({
  feedId,
  url: `https://f${feedId}.example/`,
  title: `F${feedId}`,
  reason: 'HTTP 500',
  code: 'http_status',
});

beforeEach(() => resetReport());

describe('refresh report', () => {
  it('sums a finished batch and is null while a job runs or once dismissed', () => {
    const { result } = renderHook(() => useReportBatch());
    act(() => reportJobs(['a'], { a: job('a') }));
    expect(isReported('a')).toBe(true);
    expect(batchOutcome(result.current, { a: job('a', { done: 2 }) })).toBeNull();
    const done = job('a', {
      state: 'done',
      done: 4,
      failed: 1,
      failures: [failure(3)],
      summary: { added: 0, skipped: 2, failed: 1, newItems: 7 },
    });
    expect(batchOutcome(result.current, { a: done })).toEqual({
      checked: 4,
      newItems: 7,
      skipped: 2,
      failures: [failure(3)],
      cancelled: false,
    });
    // Not heard of yet: no summary rather than a wrong one.
    expect(batchOutcome(result.current, {})).toBeNull();
    act(() => dismissReport());
    expect(batchOutcome(result.current, { a: done })).toBeNull();
  });

  it('joins jobs started while the batch runs; a later start replaces a finished batch', () => {
    const { result } = renderHook(() => useReportBatch());
    act(() => reportJobs(['a'], { a: job('a') }));
    act(() => reportJobs(['b'], { a: job('a'), b: job('b') }));
    expect(result.current.ids).toEqual(['a', 'b']);
    const finished = {
      a: job('a', { state: 'done', done: 4 }),
      b: job('b', { state: 'cancelled', done: 1 }),
    };
    expect(batchOutcome(result.current, finished)).toMatchObject({ checked: 5, cancelled: true });
    act(() => reportJobs(['c'], finished));
    expect(result.current.ids).toEqual(['c']);
    expect(isReported('a')).toBe(false);
  });
});
