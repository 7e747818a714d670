import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { ItemRow, Page } from '../types';
import { FLAG_READ } from '../../shared/flags';
import type { FilterSource } from './queryApi';

// `query.unreadIds`: a filter's unread results from the index, what its list shows unread (the
// list's pages walked), for "mark all read" of a filter at any size.

const open: Engine[] = [];
afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

async function engineWithArticles() {
  const engine = createTestEngine();
  open.push(engine);
  await engine.init();
  const feed = await engine.feeds.save({ url: 'https://unread.test' });
  const words = ['rust compiler', 'garden notes', 'rust belt', 'rust and iron', 'tea', 'rusty gate'];
  const { added } = await engine.items.ingest(
    feed,
    Array.from({ length: 60 }, (_, i) =>
      incoming({ guid: `g${i}`, title: `${words[i % words.length]!} ${i}`, pubDate: 1000 + i }),
    ),
  );
  await engine.state.markRead(
    added.filter((_, i) => i % 4 === 0),
    true,
  );
  return engine;
}

/** The unread rows of a filter's list, walking its pages as the list would (newest first). */
async function walked(engine: Engine, filter: FilterSource, olderThan = Infinity): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<ItemRow> =
      'query' in filter
        ? await engine.query.run(filter.query, { cursor, limit: 7 })
        : await engine.query.keywords(filter.keywords, { cursor, limit: 7 });
    for (const r of page.rows) if ((r.flags & FLAG_READ) === 0 && r.pubDate < olderThan) ids.push(r.id);
    cursor = page.next;
  } while (cursor);
  return ids;
}

describe('query.unreadIds', () => {
  it('names exactly the unread rows the list of a query shows, in its order, older than a cut-off too', async () => {
    const engine = await engineWithArticles();
    for (const query of ["title LIKE 'rust'", "title LIKE 'rust' ORDER BY pubDate ASC", 'isRead = true']) {
      const ids = await engine.query.unreadIds({ query });
      expect(ids, query).toEqual(await walked(engine, { query }));
      expect(await engine.query.unreadIds({ query }, 1030), query).toEqual(
        await walked(engine, { query }, 1030),
      );
    }
    expect((await engine.query.unreadIds({ query: "title LIKE 'rust'" })).length).toBeGreaterThan(10);
    expect(await engine.query.unreadIds({ query: 'isRead = true' })).toEqual([]);
  });

  it('names the unread rows of a keyword filter as its ranked list shows them', async () => {
    const engine = await engineWithArticles();
    const filter = {
      keywords: [
        { keyword: 'rust', weight: 2 },
        { keyword: 'garden', weight: 1 },
      ],
    };
    const ids = await engine.query.unreadIds(filter);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual(await walked(engine, filter));
  });

  it('a query that cannot run fails as its list does, with the syntax error', async () => {
    const engine = await engineWithArticles();
    await expect(engine.query.unreadIds({ query: 'title LIKE' })).rejects.toMatchObject({
      code: 'query_syntax',
    });
  });
});
