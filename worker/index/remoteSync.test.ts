import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { applyRemoteEvent } from './remoteSync';

const open: Engine[] = [];
afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

describe('applyRemoteEvent', () => {
  it('drops the articles another tab removed from a feed, hidden ones included', async () => {
    const engine = createTestEngine();
    open.push(engine);
    await engine.init();
    const feedId = await engine.feeds.save({ url: 'https://a.example/rss', title: 'A' });
    await engine.items.ingest(
      feedId,
      ['a', 'b', 'c'].map((g) => incoming({ guid: g, title: g })),
    );
    const { context: ctx, db } = internalsOf(engine);
    const [a, b, c] = ctx.index.idsOfFeed(feedId).sort((x, y) => x - y);
    await engine.state.markHidden([b!], true);
    // Another tab deletes b (hidden) and c from the shared store, then says so.
    await db.dexie.table('items').bulkDelete([b!, c!]);
    await applyRemoteEvent(ctx, { type: 'items-removed', feedIds: [feedId] }, ctx.applied.counter + 1);
    expect(ctx.index.idsOfFeed(feedId, { hidden: true })).toEqual([a]);
    expect([ctx.index.rowOf(b!), ctx.index.rowOf(c!)]).toEqual([-1, -1]);
    expect(ctx.index.feedSize(feedId)).toBe(1);
  });
});
