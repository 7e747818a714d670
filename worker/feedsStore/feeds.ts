import { bumpItemsCounter } from '../db/meta';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { EngineEvent, Feed, FeedStatus } from '../types';

/** The status of a feed never fetched. */
export const NEVER_FETCHED: Readonly<FeedStatus> = {
  lastFetched: 0,
  lastSuccess: 0,
  error: '',
  errorCode: '',
  httpStatus: 0,
  etag: '',
  lastModified: '',
  failures: 0,
  nextFetchAfter: 0,
  dead: false,
  bodyHash: '',
};

/** A feed with every field at its "never fetched" value. */
export function defaultFeed(url: string): Omit<Feed, 'id'> {
  return { title: '', groupId: -1, siteUrl: '', url, readCount: 0, ...NEVER_FETCHED };
}

/** The `feeds` domain of the engine API. */
export interface FeedsApi {
  /** Every feed, by id. One getAll. Fails: `Error fetching all data: …`. */
  list(): Promise<Feed[]>;
  /** One feed or undefined. Fails: `Error fetching data: …`. */
  get(id: number): Promise<Feed | undefined>;
  /** Feeds whose url is exactly `url` (url index). Fails: `Error fetching data: …`. */
  findByUrl(url: string): Promise<Feed[]>;
  /**
   * Creates (no id) or updates (id) a feed; on update the given fields are merged over the
   * stored ones, so `save({ id, url, etag })` changes only the etag. Returns the id and emits
   * `feeds-changed`. Fails: EngineError('bad_input' | 'not_found'), `Error adding/updating data`.
   */
  save(feed: Partial<Feed> & { url: string }): Promise<number>;
  /**
   * Merges `patch` into a stored feed (status after a fetch, a new url after a permanent
   * redirect, a rename); emits `feeds-changed`. One get + one put.
   * Fails: EngineError('not_found'), `Error updating data: …`.
   */
  update(id: number, patch: Partial<Omit<Feed, 'id'>>): Promise<void>;
  /**
   * Deletes a feed and all its items in one transaction; emits `items-removed` and
   * `feeds-changed`. Fails: `Error deleting data: …`.
   */
  delete(id: number): Promise<void>;
  /** Number of feeds. Fails: `Error counting records: …`. */
  count(): Promise<number>;
}

/** Builds the feeds domain over an engine context. */
export function createFeedsApi(ctx: EngineContext): FeedsApi {
  const store = ctx.stores.feeds;
  return {
    async list() {
      const feeds = await store.listAll();
      ctx.feedCache.clear();
      for (const f of feeds) ctx.feedCache.set(f.id, f);
      return feeds;
    },
    get: (id) => store.get(id),
    findByUrl: (url) => ctx.db.run('fetch', () => ctx.db.table('feeds').where('url').equals(url).toArray()),
    async save(feed) {
      if (typeof feed.url !== 'string' || !feed.url.trim())
        throw new EngineError('bad_input', 'A feed needs a url');
      let record: Omit<Feed, 'id'> & { id?: number };
      if (feed.id) {
        const existing = await store.get(feed.id);
        if (!existing) throw new EngineError('not_found', `Feed ${feed.id} does not exist`);
        record = { ...existing, ...feed };
      } else {
        const { id: _drop, ...rest } = feed;
        record = { ...defaultFeed(feed.url), ...rest };
      }
      const id = await store.save(record);
      ctx.feedCache.set(id, { ...record, id });
      ctx.events.emit({ type: 'feeds-changed', feedIds: [id] }, ctx.applied.counter);
      return id;
    },
    async update(id, patch) {
      const existing = await store.get(id);
      if (!existing) throw new EngineError('not_found', `Feed ${id} does not exist`);
      const record: Feed = { ...existing, ...patch, id };
      await store.save(record);
      ctx.feedCache.set(id, record);
      ctx.events.emit({ type: 'feeds-changed', feedIds: [id] }, ctx.applied.counter);
    },
    async delete(id) {
      const { removed, counter } = await ctx.db.tx('delete', 'rw', ['feeds', 'items', 'meta'], async () => {
        const items = ctx.db.table('items');
        const ids = (await items.where('feedId').equals(id).primaryKeys()).map(Number);
        await items.bulkDelete(ids);
        await ctx.db.table('feeds').delete(id);
        return { removed: ids, counter: ids.length ? await bumpItemsCounter(ctx.db) : ctx.applied.counter };
      });
      ctx.index.remove(removed);
      ctx.feedCache.delete(id);
      const events: EngineEvent[] = [{ type: 'feeds-changed', feedIds: [id] }];
      if (removed.length) events.unshift({ type: 'items-removed', feedIds: [id] });
      afterItemsWrite(ctx, counter, events);
    },
    count: () => store.count(),
  };
}
