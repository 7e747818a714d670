import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { EngineEvent } from '../types';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

async function engineWithFeeds() {
  const e = createTestEngine();
  engines.push(e);
  await e.init();
  const g = await e.groups.save({ title: 'G' });
  const a = await e.feeds.save({
    url: 'https://a.test/feed',
    title: 'A',
    etag: '"1"',
    failures: 3,
    dead: true,
  });
  const b = await e.feeds.save({ url: 'https://b.test/feed', title: 'B', groupId: g });
  await e.items.ingest(a, [incoming({ guid: 'a1' }), incoming({ guid: 'a2' })]);
  await e.items.ingest(b, [incoming({ guid: 'b1' })]);
  const events: EngineEvent[] = [];
  e.onEvent((ev) => void events.push(ev));
  return { e, g, a, b, events };
}

describe('feed edits', () => {
  it('renames feeds and groups, refusing empty titles and unknown ids', async () => {
    const { e, g, a, events } = await engineWithFeeds();
    await e.feeds.rename(a, '  New A ');
    expect((await e.feeds.get(a))!.title).toBe('New A');
    await e.groups.rename(g, 'Renamed');
    expect((await e.groups.get(g))!.title).toBe('Renamed');
    expect(events).toEqual([{ type: 'feeds-changed', feedIds: [a] }, { type: 'groups-changed' }]);
    await expect(e.feeds.rename(a, '  ')).rejects.toMatchObject({ code: 'bad_input' });
    await expect(e.feeds.rename(999, 'x')).rejects.toMatchObject({ code: 'not_found' });
    await expect(e.groups.rename(999, 'x')).rejects.toMatchObject({ code: 'not_found' });
    expect(await e.groups.count()).toBe(1);
  });

  it('sets a new URL, resetting fetch state, and refuses bad or taken addresses', async () => {
    const { e, a } = await engineWithFeeds();
    await e.feeds.setUrl(a, 'https://a.test/new-feed');
    expect(await e.feeds.get(a)).toMatchObject({
      url: 'https://a.test/new-feed',
      etag: '',
      failures: 0,
      dead: false,
      title: 'A',
    });
    expect(await e.items.countByFeed(a)).toBe(2);
    await expect(e.feeds.setUrl(a, 'not a url')).rejects.toMatchObject({ code: 'bad_url' });
    await expect(e.feeds.setUrl(a, 'file:///etc/passwd')).rejects.toMatchObject({ code: 'bad_scheme' });
    await expect(e.feeds.setUrl(a, 'http://b.test/feed/')).rejects.toMatchObject({ code: 'duplicate' });
    // Its own address (another spelling) is fine.
    await e.feeds.setUrl(a, 'http://a.test/new-feed');
    expect((await e.feeds.get(a))!.url).toBe('http://a.test/new-feed');
  });

  it('moves feeds in one change and validates the group', async () => {
    const { e, g, a, b, events } = await engineWithFeeds();
    await e.feeds.move([a, b, 777], g);
    expect((await e.feeds.list()).map((f) => f.groupId)).toEqual([g, g]);
    expect(events).toEqual([{ type: 'feeds-changed', feedIds: [a, b] }]);
    await e.feeds.move([a], -1);
    expect((await e.feeds.get(a))!.groupId).toBe(-1);
    await expect(e.feeds.move([a], 555)).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('deletes many feeds with their items and cached icons', async () => {
    const { e, a, b, events } = await engineWithFeeds();
    await internalsOf(e).stores.meta.set(`icon:${a}`, {
      dataUrl: null,
      site: 'x',
      fetchedAt: 0,
      retryAfter: 0,
    });
    await e.feeds.deleteMany([a, b, a]);
    expect(await e.feeds.count()).toBe(0);
    expect(await e.items.count()).toBe(0);
    expect((await e.counts()).unread).toBe(0);
    expect(await internalsOf(e).stores.meta.get(`icon:${a}`)).toBeUndefined();
    expect(events).toEqual([
      { type: 'items-removed', feedIds: [a, b] },
      { type: 'feeds-changed', feedIds: [a, b] },
    ]);
    await e.feeds.deleteMany([]);
    expect(events).toHaveLength(2);
  });
});
