import type { StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { displayTitle } from './derivedTitle';
import type { IncomingItem, Item, ItemRow, ItemsQuery, Page } from '../types';
import { ingestItems, type IngestResult } from './ingest';
import { pageItems } from './page';

/** The `items` domain of the engine API. */
export interface ItemsApi {
  /** One page of list rows (no bodies). See `pageItems` for cost and failures. */
  page(q: ItemsQuery): Promise<Page<ItemRow>>;
  /** The full item with its description (for the reader), or undefined. One get. Fails: `Error fetching data: …`. */
  get(id: number): Promise<Item | undefined>;
  /** List rows for these ids, in the given order, missing ids skipped. At most one read (items/rowCache.ts). Fails: `Error fetching data: …`. */
  byIds(ids: number[]): Promise<ItemRow[]>;
  /** Stores a feed's parsed items (dedupe, update on change). See `ingestItems`. */
  ingest(feedId: number, incoming: IncomingItem[], now?: number): Promise<IngestResult>;
  /** Number of items (from the index, no IndexedDB read). */
  count(): Promise<number>;
  /** Number of items of one feed (an IndexedDB index count). Fails: `Error counting records: …`. */
  countByFeed(feedId: number): Promise<number>;
}

// The stored record minus engine-internal fields, so the reader gets exactly an `Item`; an
// untitled one gets the same made-up title as its list row.
function toItem(stored: StoredItem): Item {
  const { snippet, thumbnail: _t, ...item } = stored;
  if (item.title) return item;
  const shown = displayTitle('', snippet ?? '', item.enclosure?.url);
  return shown.derived ? { ...item, title: shown.title, titleDerived: true } : item;
}

/** Builds the items domain over an engine context. */
export function createItemsApi(ctx: EngineContext): ItemsApi {
  const store = ctx.stores.items;
  return {
    page: (q) => pageItems(ctx, q),
    get: async (id) => {
      const stored = await store.get(id);
      return stored && toItem(stored);
    },
    byIds: (ids) => ctx.rows.byIds(ids),
    ingest: (feedId, incoming, now) => ingestItems(ctx, feedId, incoming, now),
    count: () => Promise.resolve(ctx.index.liveCount()),
    countByFeed: (feedId) => store.countByFeed(feedId),
  };
}
