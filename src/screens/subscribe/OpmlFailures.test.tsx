import { testFeed } from '../../testing/feed';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Feed } from '../../engine/contract';
import { renderUi } from '../../reader/testing/render';
import type { JobFailure } from '../../../worker/types';

let answer: (feeds: Feed[]) => void = () => {};
const list = vi.fn(() => new Promise<Feed[]>((resolve) => (answer = resolve)));
vi.mock('../../engine/client', () => ({
  engineReady: () => Promise.resolve({}),
  getEngine: () => ({ feeds: { list } }),
  onEngineEvent: () => () => {},
}));

const { OpmlFailures } = await import('./OpmlFailures');

/** Answers the pending `feeds.list` call. */
const reply = (feeds: Feed[]) =>
  act(async () => {
    answer(feeds);
    await Promise.resolve();
  });

const feed = (over: Partial<Feed>): Feed =>
  testFeed({ title: 'Gone', url: 'https://gone.example/feed.xml', ...over });
const failing = feed({
  lastFetched: 1_700_000_000,
  error: 'The server answered HTTP 404',
  errorCode: 'http_error',
  httpStatus: 404,
  failures: 1,
});
const failure: JobFailure = {
  feedId: 7,
  url: 'https://gone.example/feed.xml',
  title: 'Gone',
  reason: 'The server answered HTTP 404',
  code: 'http_error',
};

describe('OpmlFailures', () => {
  it('waits for the feed list refetched at the end of the job instead of showing it stale', async () => {
    // The list as it was before the import's fetch failed (the feed just saved), invalidated by
    // the job's end: without the wait the row said "Works now" and nothing was failing.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(['feeds'], [feed({})]);
    void client.invalidateQueries({ queryKey: ['feeds'], refetchType: 'none' });
    renderUi(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OpmlFailures failures={[failure]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('opml-failures')).toBeNull();
    await reply([failing]);
    const panel = await screen.findByTestId('opml-failures');
    expect(panel.getAttribute('data-failing')).toBe('1');
    expect(screen.getByTestId('opml-failure-7').getAttribute('data-state')).toBe('failing');
    expect(screen.getByTestId('opml-failure-reason').textContent).toMatch(/HTTP 404/);

    // A later refetch (a Retry's status) keeps the rows on screen meanwhile.
    act(() => void client.invalidateQueries({ queryKey: ['feeds'] }));
    await vi.waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('opml-failure-7').getAttribute('data-state')).toBe('failing');
    await reply([feed({ lastFetched: 1_700_000_100, lastSuccess: 1_700_000_100 })]);
    await vi.waitFor(() =>
      expect(screen.getByTestId('opml-failure-7').getAttribute('data-state')).toBe('fixed'),
    );
  });
});
