import { afterEach, describe, expect, it } from 'vitest';
import type { SummaryRecord } from '../db/schema';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { IncomingItem } from '../types';
import { pruneOrphanSummaries } from './summaries';

const NOW = 1_750_000_000;
const DAY = 86400;
let engine: Engine;
afterEach(() => engine?.close());

const item = (k: number): IncomingItem => ({
  guid: `g${k}`,
  title: `t${k}`,
  author: '',
  description: '<p>x</p>',
  pubDate: NOW - k * DAY - k,
  link: '',
  enclosure: null,
});

const summary = (itemId: number, n = 0): SummaryRecord => ({
  key: `${itemId}:c:p:m${n}`,
  itemId,
  text: 'short',
  model: `m${n}`,
  createdAt: NOW,
});

async function feedWith(url: string, n: number) {
  const feedId = await engine.feeds.save({ url, title: url });
  const { added } = await engine.items.ingest(
    feedId,
    Array.from({ length: n }, (_, k) => item(k)),
    NOW,
  );
  await internalsOf(engine)
    .db.table('summaries')
    .bulkPut(added.flatMap((id) => [summary(id), summary(id, 1)]));
  return { feedId, ids: added };
}

const summarised = async () =>
  new Set((await internalsOf(engine).db.table('summaries').toArray()).map((s) => s.itemId));

describe('summaries follow their articles', () => {
  it('retention drops the summaries of the articles it deletes, and only those', async () => {
    engine = createTestEngine({ now: () => NOW });
    await engine.init();
    const { ids } = await feedWith('https://a.example/feed', 70);
    await engine.state.markRead(ids, true);
    const { removed } = await engine.retention.apply(60);
    expect(removed).toBe(10);
    const left = await summarised();
    expect(left.size).toBe(60);
    for (const id of ids.slice(60)) expect(left.has(id)).toBe(false);
    for (const id of ids.slice(0, 60)) expect(left.has(id)).toBe(true);
  });

  it('unsubscribing (delete and deleteMany) drops the feed’s summaries, other feeds keep theirs', async () => {
    engine = createTestEngine({ now: () => NOW });
    await engine.init();
    const a = await feedWith('https://a.example/feed', 3);
    const b = await feedWith('https://b.example/feed', 3);
    const c = await feedWith('https://c.example/feed', 3);
    await engine.feeds.delete(a.feedId);
    await engine.feeds.deleteMany([b.feedId]);
    expect([...(await summarised())].sort()).toEqual([...c.ids].sort());
    expect(await internalsOf(engine).db.table('summaries').count()).toBe(6);
  });

  it('the sweep deletes summaries left behind by earlier deletions and keeps live ones', async () => {
    engine = createTestEngine({ now: () => NOW });
    await engine.init();
    const { ids } = await feedWith('https://a.example/feed', 2);
    await internalsOf(engine)
      .db.table('summaries')
      .bulkPut([summary(9001), summary(9001, 1), summary(9002)]);
    expect(await pruneOrphanSummaries(internalsOf(engine).db)).toBe(3);
    expect([...(await summarised())].sort()).toEqual([...ids].sort());
    expect(await pruneOrphanSummaries(internalsOf(engine).db)).toBe(0);
    // retention.apply runs the sweep too, even when it deletes nothing.
    await internalsOf(engine).db.table('summaries').put(summary(9003));
    expect((await engine.retention.apply(30)).removed).toBe(0);
    expect(await internalsOf(engine).db.table('summaries').get(summary(9003).key)).toBeUndefined();
  });

  it('the sweep trusts the items store, not an empty in-memory index', async () => {
    engine = createTestEngine({ now: () => NOW });
    await engine.init();
    await feedWith('https://a.example/feed', 2);
    internalsOf(engine).context.index.remove(internalsOf(engine).context.index.idsWhereFlags(() => true));
    expect(await pruneOrphanSummaries(internalsOf(engine).db)).toBe(0);
    expect(await internalsOf(engine).db.table('summaries').count()).toBe(4);
  });
});
