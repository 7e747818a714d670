import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent, ItemRow, Page } from './contract';
import { testJob } from '../testing/job';

// The engine as the bridge sees it: `items.byIds` (row patches) and `sync.status`.
const engine = {
  items: { byIds: vi.fn<(ids: number[]) => Promise<ItemRow[]>>() },
  sync: { status: vi.fn(() => Promise.resolve({ connected: true, queued: 0 })) },
};
vi.mock('../queries/engine', () => ({
  withEngine: <T>(fn: (e: typeof engine) => Promise<T>) => fn(engine),
}));

const { connectEngineEvents, routeEngineEvent } = await import('./bridge');
const { queryKeys, AUTO_REFETCH_PAGES } = await import('../queries/keys');
const { syncStatusQuery } = await import('../sync/api');
const { jobsSnapshot, resetJobs } = await import('../subscriptions/jobStore');

const row = (id: number, flags = 0) => ({ id, flags }) as ItemRow;
const job = (kind: 'refresh' | 'sync', state: 'running' | 'done') =>
  testJob({ id: `${kind}-1`, kind, state, total: 1 });

/** A list screen's view on screen: an observed infinite query that has loaded `pages` pages. */
async function showList(client: QueryClient, key: readonly unknown[], pages: number) {
  const fetchPage = vi.fn((cursor: string | null) => {
    const n = Number(cursor ?? 0);
    return Promise.resolve<Page<ItemRow>>({
      rows: [row(n * 2 + 1), row(n * 2 + 2)],
      next: String(n + 1),
      total: 1000,
    });
  });
  const observer = new InfiniteQueryObserver(client, {
    queryKey: key,
    queryFn: ({ pageParam }: { pageParam: string | null }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<ItemRow>) => last.next,
    staleTime: Infinity,
  });
  const off = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  for (let i = 1; i < pages; i++) await observer.fetchNextPage();
  fetchPage.mockClear();
  return { observer, fetchPage, off };
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  resetJobs();
  engine.items.byIds.mockReset();
  engine.sync.status.mockClear();
});
afterEach(() => client.clear());

describe('routeEngineEvent', () => {
  it('refetches a list screen on screen when items arrive', async () => {
    const list = await showList(client, queryKeys.itemViews.scope('all', null, false), 1);
    routeEngineEvent(client, { type: 'items-added', feedIds: [1], count: 1 });
    await vi.waitFor(() => expect(list.fetchPage).toHaveBeenCalled());
    list.off();
  });

  it('marks a long list stale without refetching its pages (its screen offers Reload)', async () => {
    const list = await showList(
      client,
      queryKeys.itemViews.scope('all', null, false),
      AUTO_REFETCH_PAGES + 1,
    );
    routeEngineEvent(client, { type: 'items-removed', feedIds: [1] });
    await vi.waitFor(() => expect(list.observer.getCurrentResult().isStale).toBe(true));
    expect(list.observer.getCurrentResult().isFetching).toBe(false);
    expect(list.fetchPage).not.toHaveBeenCalled();
    list.off();
  });

  it('patches the flags of loaded rows on read and saved changes, with one byIds call', async () => {
    const a = await showList(client, queryKeys.itemViews.scope('all', null, false), 1);
    const b = await showList(client, queryKeys.itemViews.search('x'), 1);
    engine.items.byIds.mockResolvedValue([row(2, 1)]);
    routeEngineEvent(client, { type: 'read-changed', ids: [2, 99], feedIds: [1] });
    await vi.waitFor(() => expect(a.observer.getCurrentResult().data?.pages[0]?.rows[1]?.flags).toBe(1));
    expect(b.observer.getCurrentResult().data?.pages[0]?.rows[1]?.flags).toBe(1);
    expect(a.observer.getCurrentResult().data?.pages[0]?.rows[0]?.flags).toBe(0);
    expect(engine.items.byIds).toHaveBeenCalledTimes(1);
    expect(engine.items.byIds).toHaveBeenCalledWith([2]);
    expect(a.fetchPage).not.toHaveBeenCalled();
    a.off();
    b.off();
  });

  it('patches the tags of loaded rows on a tag change, in a long list too (its chips follow)', async () => {
    const long = await showList(
      client,
      queryKeys.itemViews.scope('all', null, false),
      AUTO_REFETCH_PAGES + 1,
    );
    const rowsOf = () => long.observer.getCurrentResult().data?.pages[0]?.rows ?? [];
    engine.items.byIds.mockResolvedValue([{ ...row(1), tags: [7] }, row(2)]);
    routeEngineEvent(client, { type: 'tags-changed', ids: [1, 2] });
    await vi.waitFor(() => expect(rowsOf()[0]?.tags).toEqual([7]));
    expect(engine.items.byIds).toHaveBeenCalledWith([1, 2]);
    expect(rowsOf()[1]?.tags).toBeUndefined();
    // Taken off again: the row loses its tags.
    engine.items.byIds.mockResolvedValue([row(1)]);
    routeEngineEvent(client, { type: 'tags-changed', ids: [1] });
    await vi.waitFor(() => expect(rowsOf()[0]?.tags).toBeUndefined());
    expect(long.fetchPage).not.toHaveBeenCalled();
    long.off();
  });

  it('re-reads the sync status (login screen, account panel) when a sync ends and when the queue grows', async () => {
    const observer = new QueryObserver(client, syncStatusQuery());
    const off = observer.subscribe(() => {});
    await vi.waitFor(() => expect(engine.sync.status).toHaveBeenCalledTimes(1));
    routeEngineEvent(client, { type: 'job', job: job('sync', 'running') });
    routeEngineEvent(client, { type: 'job', job: job('refresh', 'done') });
    await Promise.resolve();
    expect(engine.sync.status).toHaveBeenCalledTimes(1);
    routeEngineEvent(client, { type: 'job', job: job('sync', 'done') });
    await vi.waitFor(() => expect(engine.sync.status).toHaveBeenCalledTimes(2));
    routeEngineEvent(client, { type: 'saved-changed', ids: [1] });
    await vi.waitFor(() => expect(engine.sync.status).toHaveBeenCalledTimes(3));
    off();
  });

  it('records job progress in the job store', () => {
    routeEngineEvent(client, { type: 'job', job: job('refresh', 'running') });
    expect(jobsSnapshot()['refresh-1']?.state).toBe('running');
  });

  it('reloads the page when storage is lost, and sends jobs to the job store only', () => {
    const sinks = { recordJob: vi.fn(), reloadAfterLoss: vi.fn(), notify: vi.fn() };
    routeEngineEvent(client, { type: 'storage-lost', reason: 'deleted' }, sinks);
    expect(sinks.reloadAfterLoss).toHaveBeenCalledWith('deleted');
    routeEngineEvent(client, { type: 'groups-changed' }, sinks);
    expect(sinks.recordJob).not.toHaveBeenCalled();
    expect(sinks.reloadAfterLoss).toHaveBeenCalledTimes(1);
    expect(sinks.notify).not.toHaveBeenCalled();
  });

  it("sends a rule's notify event to the notifier", () => {
    const sinks = { recordJob: vi.fn(), reloadAfterLoss: vi.fn(), notify: vi.fn() };
    const items = [{ id: 7, title: 'Hello', feedId: 3, feedTitle: 'Blog' }];
    routeEngineEvent(client, { type: 'notify', items }, sinks);
    expect(sinks.notify).toHaveBeenCalledWith(items);
    expect(sinks.recordJob).not.toHaveBeenCalled();
  });
});

describe('connectEngineEvents', () => {
  it('subscribes once and stops when disconnected', () => {
    let listener: ((e: EngineEvent) => void) | null = null;
    const subscribe = vi.fn((l: (e: EngineEvent) => void) => {
      listener = l;
      return () => {
        listener = null;
      };
    });
    const stop = connectEngineEvents(client, subscribe);
    expect(subscribe).toHaveBeenCalledTimes(1);
    client.setQueryData(queryKeys.groups, []);
    listener!({ type: 'groups-changed' });
    expect(client.getQueryState(queryKeys.groups)?.isInvalidated).toBe(true);
    stop();
    expect(listener).toBeNull();
  });
});
