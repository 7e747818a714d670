/**
 * Retention runs in the engine after a refresh: no page, no UI component, only the policy the
 * engine was told (and kept in its meta store).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../worker/engine';
import { internalsOf } from '../../worker/testing/createTestEngine';
import type { IncomingItem } from '../../worker/types';
import { rssOf, useNet, waitJob } from './subscribeHarness';

const NOW = 1_800_000_000;
const DAY = 86400;
const { net, engine } = useNet(5_000, { now: () => NOW });

const old = (k: number): IncomingItem => ({
  guid: `old-${k}`,
  title: `Old ${k}`,
  author: '',
  description: '<p>x</p>',
  // 100 to 179 days old.
  pubDate: NOW - (100 + k) * DAY,
  link: '',
  enclosure: null,
});

/** A feed served by the fixture server, with 80 old articles stored already, all read. */
async function feedWithOldReadArticles(e: Engine) {
  net.feeds.setMutable('kept', rssOf('Kept', [{ id: 'new', title: 'New' }]));
  const feedId = await e.feeds.save({ url: net.at('/mutable/kept'), title: 'Kept' });
  const { added } = await e.items.ingest(
    feedId,
    Array.from({ length: 80 }, (_, k) => old(k)),
    NOW,
  );
  await e.state.markRead(added, true);
  return { feedId, ids: added };
}

describe('retention after a refresh', () => {
  it('prunes old read articles per the configured policy when a refresh ends', async () => {
    const e = await engine();
    const { feedId, ids } = await feedWithOldReadArticles(e);
    await e.state.markSaved([ids[79]!], true);
    await e.retention.configure({ days: 30 });
    expect(await e.items.count()).toBe(80);

    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId }));
    // The feed's newest 50 stay, the unread article the refresh brought (dated 2024, so older
    // than all of them) and the saved one: 29 of the 30 oldest go.
    await vi.waitFor(() => expect(e.items.count()).resolves.toBe(52), { timeout: 5_000 });
    expect(await e.items.get(ids[79]!)).toBeDefined();
    expect(await e.items.get(ids[70]!)).toBeUndefined();
  });

  it('keeps everything with no policy, or with days = 0', async () => {
    const e = await engine();
    const { feedId } = await feedWithOldReadArticles(e);
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId }));
    await e.retention.configure({ days: 0 });
    await waitJob(e, await e.refresh.start({ scope: 'feed', id: feedId, force: true }));
    // Give a (wrong) retention run the time to happen before counting.
    await e.retention.preview(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(await e.items.count()).toBe(81);
  });

  it('keeps the policy across a worker restart', async () => {
    const first = await engine();
    const { feedId } = await feedWithOldReadArticles(first);
    await first.retention.configure({ days: 30 });
    const name = internalsOf(first).db.dexie.name;
    await first.flushSnapshot();
    first.close();

    const again = await engine({ dbName: name });
    expect(await again.retention.policy()).toEqual({ days: 30 });
    await waitJob(again, await again.refresh.start({ scope: 'feed', id: feedId }));
    await vi.waitFor(() => expect(again.items.count()).resolves.toBe(51), { timeout: 5_000 });
  });
});
