import { describe, expect, it } from 'vitest';
import type { FullTextRecord } from '../db/schema';
import { internalsOf } from '../testing/createTestEngine';
import { freshEngines } from '../testing/freshEngines';

const fresh = freshEngines({ now: () => 1000 });

const record = (itemId: number, status: 'ok' | 'failed'): FullTextRecord => ({
  itemId,
  feedId: 1,
  status,
  html: status === 'ok' ? '<p>Whole article text.</p>' : '',
  text: status === 'ok' ? 'Whole article text.' : '',
  url: 'https://example.org/a',
  reason: status === 'ok' ? '' : 'blocked',
  httpStatus: status === 'ok' ? 0 : 403,
  fetchedAt: 1,
});

describe('fullText.clear (Settings → Download → Storage)', () => {
  it('forgets every cached article and failure, and the stats say so', async () => {
    const e = await fresh();
    const gid = await e.groups.save({ title: 'G' });
    const fid = await e.feeds.save({ url: 'https://example.org/feed', title: 'F', groupId: gid });
    const { added } = await e.items.ingest(
      fid,
      [0, 1, 2].map((i) => ({
        title: `T${i}`,
        description: '<p>Feed text.</p>',
        guid: `g${i}`,
        author: '',
        pubDate: 100 + i,
        link: `https://example.org/${i}`,
        enclosure: null,
      })),
    );
    await internalsOf(e)
      .db.dexie.table('fullTexts')
      .bulkPut([record(added[0]!, 'ok'), record(added[1]!, 'ok'), record(added[2]!, 'failed')]);
    const before = await e.fullText.stats();
    expect(before).toMatchObject({ articles: 2, failures: 1 });
    expect(before.bytes).toBeGreaterThan(0);
    const events: unknown[] = [];
    internalsOf(e).context.events.on((ev) => events.push(ev));
    expect(await e.fullText.clear()).toBe(3);
    expect(await e.fullText.stats()).toEqual({ articles: 0, failures: 0, bytes: 0 });
    expect(await e.fullText.get(added[0]!)).toBeNull();
    expect(events).toContainEqual({ type: 'fulltext-changed', ids: [added[0], added[1]] });
    // The articles themselves stay.
    expect(await e.items.count()).toBe(3);
    expect(await e.fullText.clear()).toBe(0);
  });
});
