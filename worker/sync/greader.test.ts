import { describe, expect, it } from 'vitest';
import { createGReaderClient } from './greader';
import { syncError, type SyncAnswer, type SyncCall } from './transport';

const LONG = 'tag:google.com,2005:reader/item/';
const json = (body: unknown): SyncAnswer => ({
  status: 200,
  contentType: 'application/json',
  location: '',
  retryAfter: '',
  text: JSON.stringify(body),
});

/**
 * A fake Google Reader API behind a fake companion server: `list` is what the subscription list
 * answers, `tags` what the label list does; items 1..n each weigh `size(id)` bytes and an answer over `cap` is refused as the
 * companion server refuses it (`too_large`).
 */
function fake(opts: {
  list?: unknown;
  tags?: unknown;
  n?: number;
  size?: (id: number) => number;
  cap?: number;
}) {
  const batches: number[] = [];
  const transport = (call: SyncCall): Promise<SyncAnswer> => {
    const path = new URL(call.url).pathname;
    if (path.endsWith('/subscription/list')) return Promise.resolve(json(opts.list));
    if (path.endsWith('/tag/list')) return Promise.resolve(json('tags' in opts ? opts.tags : { tags: [] }));
    if (path.endsWith('/stream/items/contents')) {
      const ids = new URLSearchParams(call.body).getAll('i').map((i) => parseInt(i.slice(LONG.length), 16));
      batches.push(ids.length);
      const weight = ids.reduce((sum, id) => sum + (opts.size?.(id) ?? 1), 0);
      if (weight > (opts.cap ?? Infinity))
        return Promise.reject(
          syncError('sync_too_large', 'The response is larger than 10 MB once decompressed.'),
        );
      const items = ids.map((id) => ({
        id: LONG + id.toString(16).padStart(16, '0'),
        origin: { streamId: 'feed/1' },
      }));
      return Promise.resolve(json({ items }));
    }
    if (path.endsWith('/stream/items/ids')) {
      const itemRefs = Array.from({ length: opts.n ?? 0 }, (_, i) => ({ id: String((opts.n ?? 0) - i) }));
      return Promise.resolve(json({ itemRefs }));
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  };
  return { batches, client: createGReaderClient(transport, 'https://rss.example/api/greader.php', 'a/1') };
}

describe('Google Reader client', () => {
  it('fails on a subscription list without its list, and takes an empty list as it is', async () => {
    for (const broken of [{}, { subscriptions: 'none' }, { error: 'database is locked' }, null]) {
      const { client } = fake({ list: broken });
      await expect(client.structure()).rejects.toMatchObject({
        code: 'sync_bad_answer',
        message: expect.stringContaining("The server's subscription list could not be read") as string,
      });
    }
    const { client } = fake({ list: { subscriptions: [] } });
    expect((await client.structure()).feeds).toEqual([]);
  });

  it('fails on a label list without its list, and takes an empty list as it is', async () => {
    for (const broken of [{}, { tags: 'none' }, { error: 'database is locked' }, null]) {
      const { client } = fake({ list: { subscriptions: [] }, tags: broken });
      await expect(client.structure()).rejects.toMatchObject({
        code: 'sync_bad_answer',
        message: expect.stringContaining("The server's label list could not be read") as string,
      });
    }
    const { client } = fake({ list: { subscriptions: [] }, tags: { tags: [] } });
    expect((await client.structure()).tags).toEqual([]);
  });

  it('splits a contents batch that comes back too large and brings every article', async () => {
    // 300 articles of 45 units, 10,000 a batch at most: 250 at once is too much.
    const { client, batches } = fake({ n: 300, size: () => 45, cap: 10_000 });
    const ids = Array.from({ length: 300 }, (_, i) => String(i + 1));
    const items = await client.items(ids);
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(batches).toEqual([250, 125, 125, 50]);
    expect(client.tooLarge).toEqual([]);
  });

  it('leaves out an article too large on its own, says which, and brings the rest', async () => {
    const { client } = fake({ n: 10, size: (id) => (id === 7 ? 20_000 : 1), cap: 10_000 });
    const items = await client.items(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    expect(items.map((i) => i.id)).toEqual(['1', '2', '3', '4', '5', '6', '8', '9', '10']);
    expect(client.tooLarge).toEqual(['7']);
  });

  it('"Load older" splits as well', async () => {
    const { client, batches } = fake({ n: 60, size: () => 300, cap: 10_000 });
    const page = await client.older('feed/1', '', () => false);
    expect(page.items).toHaveLength(50);
    expect(batches).toEqual([50, 25, 25]);
  });
});
