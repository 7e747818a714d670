import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isKeywordFilter, nextUnreadFeed, runFilterPage } from './engineExtras';

const engine = {
  feeds: { nextUnread: vi.fn() },
  query: { run: vi.fn(), keywords: vi.fn() },
};

vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: typeof engine) => Promise<unknown>) => fn(engine),
}));

const page = { rows: [], next: null, total: 0 };

beforeEach(() => {
  vi.resetAllMocks();
});

describe('nextUnreadFeed', () => {
  it('asks the engine for the walk in the given direction and passes its answer on', async () => {
    engine.feeds.nextUnread.mockResolvedValueOnce(7).mockResolvedValueOnce(null);
    await expect(nextUnreadFeed(3, -1)).resolves.toBe(7);
    await expect(nextUnreadFeed(null, 1)).resolves.toBeNull();
    expect(engine.feeds.nextUnread.mock.calls).toEqual([
      [3, -1],
      [null, 1],
    ]);
  });

  it('rejects with the engine error instead of walking some other order', async () => {
    engine.feeds.nextUnread.mockRejectedValue(new Error('not_ready'));
    await expect(nextUnreadFeed(1, 1)).rejects.toThrow('not_ready');
  });
});

describe('runFilterPage', () => {
  it('runs a query filter through query.run with the page options', async () => {
    engine.query.run.mockResolvedValue(page);
    await expect(runFilterPage({ query: "title LIKE 'x'" }, 'c1', true)).resolves.toBe(page);
    expect(engine.query.run).toHaveBeenCalledWith("title LIKE 'x'", {
      cursor: 'c1',
      limit: 50,
      unreadOnly: true,
    });
    expect(engine.query.keywords).not.toHaveBeenCalled();
  });

  it('runs a keyword filter (blank query) through query.keywords', async () => {
    engine.query.keywords.mockResolvedValue(page);
    const keywords = [{ keyword: 'rust', weight: 2 }];
    await runFilterPage({ query: '  ', keywords }, null, false);
    expect(engine.query.keywords).toHaveBeenCalledWith(keywords, {
      cursor: null,
      limit: 50,
      unreadOnly: false,
    });
    expect(engine.query.run).not.toHaveBeenCalled();
  });

  it('prefers the query when a filter has both, and runs an empty query when it has neither', async () => {
    engine.query.run.mockResolvedValue(page);
    await runFilterPage({ query: 'isRead = false', keywords: [{ keyword: 'a', weight: 1 }] }, null, false);
    await runFilterPage({ keywords: [] }, null, false);
    expect(engine.query.run.mock.calls.map((c: unknown[]) => c[0])).toEqual(['isRead = false', '']);
    expect(engine.query.keywords).not.toHaveBeenCalled();
  });

  it('passes a syntax error through (the list shows it) rather than hiding it', async () => {
    engine.query.run.mockRejectedValue(Object.assign(new Error('Unexpected end'), { code: 'query_syntax' }));
    await expect(runFilterPage({ query: 'title =' }, null, false)).rejects.toMatchObject({
      code: 'query_syntax',
    });
  });
});

describe('isKeywordFilter', () => {
  it('needs a blank query and at least one keyword', () => {
    expect(isKeywordFilter({ keywords: [{ keyword: 'a', weight: 1 }] })).toBe(true);
    expect(isKeywordFilter({ query: ' ', keywords: [{ keyword: 'a', weight: 1 }] })).toBe(true);
    expect(isKeywordFilter({ query: 'a', keywords: [{ keyword: 'a', weight: 1 }] })).toBe(false);
    expect(isKeywordFilter({ keywords: [] })).toBe(false);
    expect(isKeywordFilter({})).toBe(false);
  });
});
