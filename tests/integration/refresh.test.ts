/**
 * Refresh jobs through the real companion server: conditional GET, updates, broken feeds,
 * Retry-After, redirects, 410, cancellation, scopes and the "due" refresh.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NativeAdds } from '../../worker/db/nativeAdds';
import type { Engine } from '../../worker/engine';
import { FLAG_READ } from '../../shared/flags';
import { isRefreshInterval } from '../../shared/refreshInterval';
import { recordEvents, rssOf, useNet, waitJob } from './subscribeHarness';

let clock = 1_800_000_000;
const { net, engine } = useNet(5_000, { now: () => clock });
afterEach(() => {
  clock = 1_800_000_000;
});

/** Saves feeds directly (no first fetch), as if imported long ago. */
async function addFeeds(e: Engine, paths: string[], groupId = -1): Promise<number[]> {
  const ids: number[] = [];
  for (const p of paths) ids.push(await e.feeds.save({ url: net.at(p), title: p, groupId }));
  return ids;
}

describe('refresh.start', () => {
  it('fetches every feed, then gets 304s on the second run and ingests nothing', async () => {
    const e = await engine();
    const ids = await addFeeds(e, ['/feeds/rss.xml', '/feeds/atom.xml', '/feeds/feed.json']);
    const events = recordEvents(e);
    const first = await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect(first).toMatchObject({ kind: 'refresh', state: 'done', total: 3, done: 3, failed: 0 });
    expect(first.summary).toEqual({ added: 0, skipped: 0, failed: 0, newItems: 3 + 2 + 2 });
    expect(await e.items.count()).toBe(7);
    expect(events.all.filter((ev) => ev.type === 'items-added')).toHaveLength(3);
    const etags = await Promise.all(ids.map(async (id) => (await e.feeds.get(id))!.etag));
    expect(etags.every((t) => t.startsWith('"'))).toBe(true);

    net.feeds.reset();
    events.all.length = 0;
    clock += 60;
    const second = await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect(second.summary).toEqual({ added: 0, skipped: 0, failed: 0, newItems: 0 });
    expect(net.feeds.requests).toHaveLength(3);
    for (const r of net.feeds.requests) expect(r.headers['if-none-match']).toMatch(/^"/);
    expect(events.all.filter((ev) => ev.type.startsWith('items-'))).toEqual([]);
    for (const id of ids)
      expect(await e.feeds.get(id)).toMatchObject({ httpStatus: 304, lastFetched: clock });
  });

  it('updates only the items that changed and keeps read state', async () => {
    const e = await engine();
    net.feeds.setMutable(
      'changing',
      rssOf('Changing', [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
      ]),
    );
    const [feedId] = await addFeeds(e, ['/mutable/changing']);
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId }));
    const page = await e.items.page({ scope: 'feed', id: feedId! });
    const byTitle = new Map(page.rows.map((r) => [r.title, r.id]));
    await e.state.markRead([byTitle.get('A')!, byTitle.get('B')!], true);

    net.feeds.setMutable(
      'changing',
      rssOf('Changing', [
        { id: 'c', title: 'C' },
        { id: 'a', title: 'A', body: 'edited' },
        { id: 'b', title: 'B' },
      ]),
    );
    const events = recordEvents(e);
    clock += 60;
    const job = await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId }));
    expect(job.summary?.newItems).toBe(1);
    const changed = events.all.filter((ev) => ev.type === 'items-changed');
    expect(changed).toEqual([{ type: 'items-changed', ids: [byTitle.get('A')] }]);
    const a = await e.items.get(byTitle.get('A')!);
    expect(a).toMatchObject({ description: 'edited' });
    expect(a!.flags & FLAG_READ).toBe(FLAG_READ);
    expect((await e.items.get(byTitle.get('B')!))!.flags & FLAG_READ).toBe(FLAG_READ);
    expect((await e.counts()).unread).toBe(1);
  });

  it('records a broken feed’s error while the others update, losing no stored items', async () => {
    const e = await engine();
    net.feeds.setMutable('flaky', rssOf('Flaky', [{ id: 'x', title: 'X' }]));
    const [flaky, good, ...broken] = await addFeeds(e, [
      '/mutable/flaky',
      '/feeds/rss.xml',
      '/status/500',
      '/html',
      '/gzip-bomb',
    ]);
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: flaky }));
    expect(await e.items.countByFeed(flaky!)).toBe(1);
    // The flaky feed now answers garbage: its stored item must survive.
    net.feeds.setMutable('flaky', 'Database error, please try later', 'application/rss+xml');
    clock += 60;
    const job = await waitJob(e, await e.refresh.start({ scope: 'all' }), 30_000);
    expect(job).toMatchObject({ state: 'done', total: 5, done: 5, failed: 4 });
    expect(job.summary).toMatchObject({ failed: 4, newItems: 3 });
    expect(new Set(job.failures.map((f) => f.feedId))).toEqual(new Set([flaky, ...broken]));
    for (const f of job.failures) expect(f.reason).not.toBe('');
    expect(await e.items.countByFeed(good!)).toBe(3);
    expect(await e.items.countByFeed(flaky!)).toBe(1);

    const [s500, html, bomb] = await Promise.all(broken.map((id) => e.feeds.get(id)));
    expect(s500).toMatchObject({
      errorCode: 'http_status',
      httpStatus: 500,
      lastFetched: clock,
      failures: 1,
      error: 'The server answered HTTP 500 Internal Server Error',
    });
    expect(html!.errorCode).toMatch(/^(not_a_feed|parse_error)$/);
    expect(html).toMatchObject({ httpStatus: 200, lastFetched: clock });
    expect(bomb).toMatchObject({ errorCode: 'too_large', lastFetched: clock, httpStatus: 0 });
    expect((await e.feeds.get(flaky!))!.errorCode).toMatch(/^(not_a_feed|parse_error)$/);
    expect((await e.feeds.get(good!))!.errorCode).toBe('');
  });

  it('a full disk is not the feed’s fault: no backoff, nothing recorded, and "all" fetches it again', async () => {
    const e = await engine();
    const [feedId] = await addFeeds(e, ['/feeds/rss.xml']);
    const before = await e.feeds.get(feedId!);
    // Ingest adds each new article on the transaction's native store (worker/db/nativeAdds.ts).
    const add = vi.spyOn(NativeAdds.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const failed = await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect(failed.failures).toEqual([
      expect.objectContaining({
        feedId,
        code: 'quota_exceeded',
        reason: expect.stringMatching(/^Error adding data/) as string,
      }),
    ]);
    // The feed keeps the status it had: no failure counted, no backoff, no validators or body
    // hash for items that were never stored.
    expect(await e.feeds.get(feedId!)).toEqual(before);
    expect(await e.items.countByFeed(feedId!)).toBe(0);
    expect(net.feeds.hits('/feeds/rss.xml')).toBe(1);

    // Space is free again: a plain (not forced) "all" fetches and stores it at once.
    add.mockRestore();
    const again = await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect(again).toMatchObject({ total: 1, failed: 0, summary: { skipped: 0, newItems: 3 } });
    expect(await e.items.countByFeed(feedId!)).toBe(3);
    expect(net.feeds.hits('/feeds/rss.xml')).toBe(2);
  });

  it('honours Retry-After: the feed is not due (nor refreshed by "all") until it passes', async () => {
    const e = await engine();
    net.feeds.setRoute('/busy', (_req, res) => {
      res.writeHead(429, { 'Retry-After': '86400' }).end('slow down');
    });
    const [busy] = await addFeeds(e, ['/busy']);
    await waitJob(e, await e.refresh.start({ scope: 'all' }));
    const feed = await e.feeds.get(busy!);
    expect(feed).toMatchObject({ httpStatus: 429, nextFetchAfter: clock + 86_400, failures: 1 });

    clock += 3_600 * 2; // past the plain backoff, not past Retry-After
    expect(await e.refresh.due()).toBeNull();
    const manual = await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect(manual).toMatchObject({ total: 0, summary: { skipped: 1 } });
    expect(net.feeds.hits('/busy')).toBe(1);

    // A forced refresh of that one feed ignores the wait.
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: busy, force: true }));
    expect(net.feeds.hits('/busy')).toBe(2);
    clock += 86_400 * 2;
    const due = await e.refresh.due();
    expect(due).not.toBeNull();
    await waitJob(e, due!);
    expect(net.feeds.hits('/busy')).toBe(3);
  });

  it('moves a feed on a permanent redirect, not on a temporary one', async () => {
    const e = await engine();
    const to = encodeURIComponent('/feeds/atom.xml');
    const [moved, temp] = await addFeeds(e, [`/redirect/301?to=${to}`, `/redirect/302?to=${to}`]);
    await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect((await e.feeds.get(moved!))!.url).toBe(net.at('/feeds/atom.xml'));
    expect((await e.feeds.get(temp!))!.url).toBe(net.at(`/redirect/302?to=${to}`));
  });

  it('marks a 410 feed dead; "all" skips it afterwards unless forced', async () => {
    const e = await engine();
    const [gone] = await addFeeds(e, ['/status/410']);
    await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect(await e.feeds.get(gone!)).toMatchObject({ dead: true, httpStatus: 410 });
    clock += 10 * 86_400;
    expect(await e.refresh.due()).toBeNull();
    const skipped = await waitJob(e, await e.refresh.start({ scope: 'all' }));
    expect(skipped.summary?.skipped).toBe(1);
    expect(net.feeds.hits('/status/410')).toBe(1);
    await waitJob(e, await e.refresh.start({ scope: 'all', force: true }));
    expect(net.feeds.hits('/status/410')).toBe(2);
  });

  it('cancels a running job: in-flight fetches abort and nothing half-written remains', async () => {
    const e = await engine();
    const ids = await addFeeds(
      e,
      Array.from({ length: 8 }, (_, i) => `/slow?ms=3000&n=${i}`),
    );
    const before = await Promise.all(ids.map((id) => e.feeds.get(id)));
    const id = await e.refresh.start({ scope: 'all' });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await e.jobs.cancel(id);
    expect(Date.now() - started).toBeLessThan(1_500);
    const job = (await e.jobs.get(id))!;
    expect(job.state).toBe('cancelled');
    expect(job.finishedAt).toBe(clock);
    expect(job.failures).toEqual([]);
    expect(await e.items.count()).toBe(0);
    // The feeds keep exactly the status they had: no 'aborted' error, no backoff.
    expect(await Promise.all(ids.map((i) => e.feeds.get(i)))).toEqual(before);
    // Only six were ever started.
    expect(net.feeds.hits('/slow')).toBe(6);
  });

  it('a feed unsubscribed while it is fetched is neither recreated nor reported', async () => {
    const e = await engine();
    const [slow, fast] = await addFeeds(e, ['/slow?ms=400', '/feeds/rss.xml']);
    const id = await e.refresh.start({ scope: 'all' });
    await new Promise((r) => setTimeout(r, 100));
    await e.feeds.deleteMany([slow!]);
    const job = await waitJob(e, id);
    expect(job).toMatchObject({ state: 'done', failed: 0, failures: [] });
    expect((await e.feeds.list()).map((f) => f.id)).toEqual([fast]);
    expect(await e.items.count()).toBe(3);
  });

  it('runs one job per scope: a second start returns the running job', async () => {
    const e = await engine();
    const [slow] = await addFeeds(e, ['/slow?ms=300']);
    const a = await e.refresh.start({ scope: 'all' });
    expect(await e.refresh.start({ scope: 'all' })).toBe(a);
    expect(await e.refresh.due()).toBe(a);
    // A feed already in flight in another job is skipped, not fetched twice.
    const single = await waitJob(e, await e.refresh.start({ scope: 'feed', id: slow }));
    expect(single).toMatchObject({ total: 0, summary: { skipped: 1 } });
    await waitJob(e, a);
    expect(net.feeds.hits('/slow')).toBe(1);
    const list = await e.jobs.list();
    expect(list.map((j) => j.id)).toContain(a);
  });

  it('refreshes a group scope only, and validates scopes', async () => {
    const e = await engine();
    const g = await e.groups.save({ title: 'G' });
    await addFeeds(e, ['/feeds/rss.xml'], g);
    await addFeeds(e, ['/feeds/atom.xml']);
    const job = await waitJob(e, await e.refresh.start({ scope: 'group', id: g }));
    expect(job.total).toBe(1);
    expect(net.feeds.hits('/feeds/rss.xml')).toBe(1);
    expect(net.feeds.hits('/feeds/atom.xml')).toBe(0);
    await expect(e.refresh.start({ scope: 'group', id: 999 })).rejects.toMatchObject({ code: 'not_found' });
    await expect(e.refresh.start({ scope: 'feed' })).rejects.toMatchObject({ code: 'bad_input' });
    await expect(e.refresh.start({ scope: 'nope' } as never)).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('refreshes a list of feeds (retrying failures), counting new articles while it runs', async () => {
    const e = await engine();
    const [rss, atom, json] = await addFeeds(e, ['/feeds/rss.xml', '/feeds/atom.xml', '/feeds/feed.json']);
    const events = recordEvents(e);
    const job = await waitJob(e, await e.refresh.start({ scope: 'feeds', ids: [rss!, json!, 9999] }));
    // The unknown id is left out; the atom feed was not asked for.
    expect(job).toMatchObject({ state: 'done', total: 2, done: 2, failed: 0, newItems: 3 + 2 });
    expect(job.summary?.newItems).toBe(5);
    expect(net.feeds.hits('/feeds/atom.xml')).toBe(0);
    expect(await e.feeds.get(atom!)).toMatchObject({ lastFetched: 0 });
    // Progress events carried the running count before the end.
    const running = events.all.flatMap((ev) =>
      ev.type === 'job' && ev.job.state === 'running' ? [ev.job.newItems ?? 0] : [],
    );
    expect(Math.max(...running)).toBeLessThanOrEqual(5);
    await expect(e.refresh.start({ scope: 'feeds' })).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('throttles progress events and ends with the final state', async () => {
    const e = await engine();
    await addFeeds(
      e,
      Array.from({ length: 12 }, (_, i) => `/feeds/rss.xml?n=${i}`),
    );
    const events = recordEvents(e);
    const id = await e.refresh.start({ scope: 'all' });
    const job = await waitJob(e, id);
    const mine = events.jobs.filter((j) => j.id === id);
    expect(mine.at(-1)).toEqual(job);
    expect(mine.filter((j) => j.state !== 'running')).toHaveLength(1);
    // At most one event per 100 ms, plus the start and the end.
    const elapsedMs = Math.max(1, (mine.length - 2) * 100);
    expect(mine.length).toBeLessThanOrEqual(2 + Math.ceil(elapsedMs / 100));
    expect(mine.length).toBeLessThan(12);
  });
});

describe('refresh.due and configure', () => {
  it('starts a job only for feeds whose interval has passed', async () => {
    const e = await engine();
    const [a, b] = await addFeeds(e, ['/feeds/rss.xml', '/feeds/atom.xml']);
    const first = await e.refresh.due();
    expect(first).not.toBeNull();
    await waitJob(e, first!);
    expect(await e.refresh.due()).toBeNull();
    await e.feeds.update(b!, { lastFetched: clock - 3_600 });
    const second = await e.refresh.due();
    expect(await waitJob(e, second!)).toMatchObject({ total: 1 });
    expect((await e.feeds.get(b!))!.lastFetched).toBe(clock);
    expect((await e.feeds.get(a!))!.lastFetched).toBe(clock);

    clock += 600;
    expect(await e.refresh.due()).toBeNull();
    await e.refresh.configure({ intervalSeconds: 300 });
    const third = await e.refresh.due();
    expect(await waitJob(e, third!)).toMatchObject({ total: 2 });
    await expect(e.refresh.configure({ intervalSeconds: 5 })).rejects.toMatchObject({ code: 'bad_input' });
    await expect(e.refresh.configure({ intervalSeconds: Number.NaN })).rejects.toMatchObject({
      code: 'bad_input',
    });
    // One rule with the settings check (shared/refreshInterval.ts): what one refuses, so does the other.
    for (const seconds of [0, 59, 86_401]) {
      expect(isRefreshInterval(seconds)).toBe(false);
      await expect(e.refresh.configure({ intervalSeconds: seconds })).rejects.toMatchObject({
        code: 'bad_input',
      });
    }
    for (const seconds of [60, 86_400]) {
      expect(isRefreshInterval(seconds)).toBe(true);
      await e.refresh.configure({ intervalSeconds: seconds });
    }
  });
});
