import { describe, expect, it } from 'vitest';
import { testJob } from '../testing/job';
import { subscribeCounts } from './subscribeCounts';

const failure = (feedId: number | null) => ({
  feedId,
  url: `https://f${feedId ?? 'x'}.example/`,
  title: '',
  reason: 'HTTP 500',
  code: 'http_status',
});

describe('subscribeCounts', () => {
  it('counts every feed still subscribed as added, the unfetched among them, and what was never stored', () => {
    const job = testJob({
      kind: 'opml-import',
      state: 'done',
      failures: [failure(5), failure(null)],
      summary: { added: 4, skipped: 1, failed: 2, newItems: 12, feedIds: [1, 2, 3, 4, 5], groupIds: [] },
    });
    expect(subscribeCounts(job)).toEqual({ added: 5, unfetched: 1, skipped: 1, notAdded: 1, newItems: 12 });
  });

  it('reads a record from before feedIds: its stored failures were subscribed too', () => {
    const job = testJob({
      state: 'done',
      failures: [failure(5), failure(null)],
      summary: { added: 4, skipped: 0, failed: 2, newItems: 0 },
    });
    expect(subscribeCounts(job)).toMatchObject({ added: 5, unfetched: 1, notAdded: 1 });
  });
});
