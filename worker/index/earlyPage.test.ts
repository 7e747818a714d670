import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { seedEngine } from '../testing/seed';
import type { ItemsQuery } from '../types';
import { canPageEarly, earlyPage } from './earlyPage';
import { readSummary } from './snapshot';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

async function seeded(): Promise<Engine> {
  const e = createTestEngine();
  engines.push(e);
  await e.init();
  await seedEngine(e, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 30, seed: 3 });
  // Equal dates: the order falls back to id desc, which the cursor must respect.
  const feedId = (await e.feeds.list())[0]!.id;
  await e.items.ingest(
    feedId,
    [1, 2, 3, 4, 5].map((n) => incoming({ guid: `tie-${n}`, pubDate: 1_749_000_000 })),
  );
  await e.flushSnapshot();
  return e;
}

describe('early pages (before the index loads)', () => {
  it('equal the index pages, page after page, with the same cursors and totals', async () => {
    const e = await seeded();
    const summary = await readSummary(internalsOf(e).db);
    expect(summary).not.toBeNull();
    for (const unreadOnly of [false, true]) {
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: ItemsQuery = { scope: 'all', unreadOnly, limit: 7, cursor };
        const early = await earlyPage(internalsOf(e).db, summary!, q);
        expect(early).toEqual(await e.items.page(q));
        cursor = early!.next;
        pages++;
      } while (cursor);
      const total = unreadOnly ? summary!.unread : summary!.items;
      expect(pages).toBe(Math.ceil(total / 7));
    }
  });

  it('answers null once the database moved past the summary', async () => {
    const e = await seeded();
    const summary = (await readSummary(internalsOf(e).db))!;
    const feedId = (await e.feeds.list())[0]!.id;
    await e.items.ingest(feedId, [incoming({ guid: 'later', pubDate: 1_760_000_000 })]);
    expect(await earlyPage(internalsOf(e).db, summary, { scope: 'all' })).toBeNull();
  });

  it('rejects a malformed cursor like the index path does', async () => {
    const e = await seeded();
    const summary = (await readSummary(internalsOf(e).db))!;
    await expect(
      earlyPage(internalsOf(e).db, summary, { scope: 'all', cursor: 'nope' }),
    ).rejects.toMatchObject({
      code: 'bad_cursor',
    });
  });

  it('only takes the all list without a date bound', () => {
    expect(canPageEarly({ scope: 'all' })).toBe(true);
    expect(canPageEarly({ scope: 'all', unreadOnly: true, cursor: '1:2' })).toBe(true);
    expect(canPageEarly({ scope: 'all', since: 5 })).toBe(false);
    expect(canPageEarly({ scope: 'feed', id: 1 })).toBe(false);
    expect(canPageEarly({ scope: 'saved' })).toBe(false);
    expect(canPageEarly({ scope: 'today' })).toBe(false);
  });
});
