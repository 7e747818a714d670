import { testFeed } from '../testing/feed';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Feed } from '../engine/contract';
import { renderUi } from '../reader/testing/render';
import type { JobProgress } from '../../worker/types';
import { testJob } from '../testing/job';

const cancelJob = vi.fn((_id: string) => Promise.resolve());
vi.mock('./api', () => ({ cancelJob: (id: string) => cancelJob(id) }));

const { FeedProblemBanner } = await import('./FeedProblemBanner');
const { JobProgressView, JobSummaryView } = await import('./JobProgressView');
const { JobBar } = await import('./JobBar');
const { recordJob, resetJobs } = await import('./jobStore');

const feed = (over: Partial<Feed>): Feed =>
  testFeed({ lastFetched: 1_700_000_000, httpStatus: 200, ...over });

function withFeeds(feeds: Feed[], ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['feeds'], feeds);
  return renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('FeedProblemBanner', () => {
  it('renders nothing for a healthy or unknown feed', () => {
    withFeeds([feed({})], <FeedProblemBanner feedId={7} />);
    expect(screen.queryByTestId('feed-problem')).toBeNull();
    withFeeds([feed({ error: 'x' })], <FeedProblemBanner feedId={8} />);
    expect(screen.queryByTestId('feed-problem')).toBeNull();
  });

  it('explains a failing feed with the reason, status, time and a safe link', () => {
    withFeeds([feed({ error: 'Server error', httpStatus: 503 })], <FeedProblemBanner feedId={7} />);
    const banner = screen.getByTestId('feed-problem');
    expect(banner.textContent).toContain('This feed has a problem');
    expect(screen.getByTestId('feed-problem-reason').textContent).toBe('Server error (HTTP 503)');
    expect(banner.textContent).toContain('Last tried');
    expect(banner.textContent).toContain('never been fetched successfully');
    const link = screen.getByTestId('feed-problem-url');
    expect(link.getAttribute('href')).toBe('https://seven.example/feed.xml');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // Issue #12: a failing feed's banner offers the fixes, not only the dead one's.
    for (const action of ['retry', 'edit', 'unsubscribe'])
      expect(screen.getByTestId(`feed-problem-${action}`)).toBeTruthy();
  });

  it('says a dead feed is gone and offers to unsubscribe', () => {
    withFeeds([feed({ dead: true, error: 'Gone', httpStatus: 410 })], <FeedProblemBanner feedId={7} />);
    expect(screen.getByTestId('feed-problem').textContent).toContain('This feed is gone');
    expect(screen.getByTestId('feed-problem-unsubscribe')).toBeTruthy();
  });
});

const job = (over: Partial<JobProgress>): JobProgress =>
  testJob({
    kind: 'opml-import',
    done: 2,
    failed: 1,
    failures: [
      { feedId: null, url: 'https://x.example/f', title: 'X', reason: 'HTTP 404', code: 'http_status' },
    ],
    ...over,
  });

describe('JobProgressView', () => {
  it('shows counts and cancels the job', async () => {
    renderUi(<JobProgressView job={job({})} />);
    expect(screen.getByTestId('job-counts').textContent).toBe('2 / 4 · 1 failed');
    await act(async () => {
      fireEvent.click(screen.getByTestId('job-cancel'));
      await Promise.resolve();
    });
    expect(cancelJob).toHaveBeenCalledWith('job-1');
  });

  it('cancels every job of a combined bar', async () => {
    cancelJob.mockClear();
    renderUi(<JobProgressView job={job({ id: 'a+b' })} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('job-cancel'));
      await Promise.resolve();
    });
    expect(cancelJob.mock.calls.map((c) => c[0])).toEqual(['a', 'b']);
  });

  it('a long mark says what it sets and how far it got, and offers Stop', async () => {
    cancelJob.mockClear();
    const mark = testJob({
      id: 'job-7',
      kind: 'mark',
      total: 299_803,
      done: 75_000,
      mark: { flag: 'read', set: true, resumed: false },
    });
    renderUi(<JobProgressView job={mark} compact />);
    expect(screen.getByTestId('job-mark').textContent).toContain('Marking as read');
    expect(screen.getByTestId('job-counts').textContent).toBe('75,000 / 299,803');
    expect(screen.getByLabelText('Marking as read: 75,000 / 299,803')).toBeTruthy();
    const stop = screen.getByTestId('job-cancel');
    expect(stop.textContent).toBe('Stop');
    await act(async () => {
      fireEvent.click(stop);
      await Promise.resolve();
    });
    expect(cancelJob).toHaveBeenCalledWith('job-7');
  });

  it("an undo's mark has no Stop: it runs to its end", () => {
    const undoing = testJob({ kind: 'mark', mark: { flag: 'read', set: false, resumed: false, undo: true } });
    renderUi(<JobProgressView job={undoing} compact />);
    expect(screen.getByTestId('job-mark').textContent).toContain('Marking as unread');
    expect(screen.queryByTestId('job-cancel')).toBeNull();
  });

  it('has no Cancel once finished; the summary lists each failure', () => {
    const done = job({
      state: 'done',
      done: 4,
      summary: { added: 2, skipped: 1, failed: 1, newItems: 9, feedIds: [1, 2] },
    });
    renderUi(
      <>
        <JobProgressView job={done} />
        <JobSummaryView job={done} />
      </>,
    );
    expect(screen.queryByTestId('job-cancel')).toBeNull();
    expect(screen.getByTestId('summary-added').textContent).toBe('2');
    expect(screen.getByTestId('summary-new-items').textContent).toBe('9');
    expect(screen.getByTestId('summary-failures').textContent).toContain('X (https://x.example/f): HTTP 404');
  });

  it('counts a feed that could not be fetched among those added, as its Undo and Remove do', () => {
    // An import of 6: 5 subscribed (one of them not fetched, kept to retry), 1 already followed.
    const done = job({
      state: 'done',
      done: 6,
      failed: 1,
      failures: [
        { feedId: 5, url: 'https://e.example/', title: 'E', reason: 'HTTP 500', code: 'http_status' },
      ],
      summary: { added: 4, skipped: 1, failed: 1, newItems: 1, feedIds: [1, 2, 3, 4, 5], groupIds: [] },
    });
    renderUi(<JobSummaryView job={done} listStored={false} />);
    expect(screen.getByTestId('job-summary').textContent).toBe(
      '5 added, 1 of them could not be fetched yet · 1 already followed · 1 new article',
    );
    // The unfetched feed is listed by the OPML screen with its fixes, not here.
    expect(screen.queryByTestId('summary-failures')).toBeNull();
  });
});

describe('JobBar', () => {
  it('shows a long mark beside the refreshes, which fold into one bar past two', () => {
    resetJobs();
    for (const id of ['r1', 'r2', 'r3']) recordJob(testJob({ id, startedAt: 1 }));
    recordJob(
      testJob({
        id: 'm1',
        kind: 'mark',
        total: 50_000,
        done: 25_000,
        startedAt: 2,
        mark: { flag: 'saved', set: false, resumed: true },
      }),
    );
    recordJob(testJob({ id: 'o1', kind: 'opml-import' }));
    withFeeds([], <JobBar />);
    const bars = screen.getAllByTestId(/^job-(refresh|mark|opml-import)$/);
    expect(bars.map((b) => b.getAttribute('data-job-id'))).toEqual(['r1+r2+r3', 'm1']);
    expect(bars[1]!.textContent).toContain('Unsaving, resumed');
    // Finished, the mark's bar goes (its Undo notice says what it did).
    act(() =>
      recordJob(
        testJob({ id: 'm1', kind: 'mark', total: 50_000, done: 50_000, state: 'done', startedAt: 2 }),
      ),
    );
    expect(screen.queryByTestId('job-mark')).toBeNull();
    resetJobs();
  });
});
