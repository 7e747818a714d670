/**
 * Database schema, every version in one place (tldraw style): add a new `db.version(n)` block
 * below the last one with its `upgrade()`; never edit a shipped version.
 *
 * Version 1 — indexes and why (each index costs time on every write, so only what a query uses):
 * - groups `++id`: a handful of rows, always read whole.
 * - feeds `++id, groupId, url`: `groupId` moves feeds out of a deleted group; `url` finds a
 *   subscription by address (not unique: a redirect may briefly make two feeds share one).
 * - items `++id`: the primary key; `bulkGet` by id is how a list page fetches its rows.
 * - items `feedId`: count and delete a feed's items (dropped in version 7).
 * - items `[pubDate+id]`: time-range pages with keyset paging; the id part makes the cursor
 *   (pubDate, id) a total order, so equal dates never repeat or skip rows. It also serves every
 *   plain "by pubDate" query, so there is no separate `pubDate` index (dropped in version 8).
 * - items `[feedId+pubDate]`: one feed's items by date without a scan (dropped in version 6).
 * - items `&[feedId+dedupeKey]`: ingest finds an already stored item in one `anyOf` lookup;
 *   unique so two tabs ingesting the same feed can never store one article twice.
 * - items `flags`: read/saved state (FLAG_READ | FLAG_SAVED) for store-level filters and repair;
 *   day-to-day lists and counts use the in-memory index instead (dropped in version 6).
 * - meta `key`: a small key/value store (index snapshot, change counter, legacy-import flag).
 * Long text (title, description, author) is never indexed: the in-memory index answers text
 * filters.
 *
 * Version 2 — adds `summaries` (AI summaries, see worker/ai/):
 * - summaries `key`: `itemId:contentHash:promptHash:model` (see worker/ai/summaryKey.ts), so
 *   a changed article, model or prompt simply misses and a new summary is made.
 * - summaries `itemId`: drop an item's summaries when it goes. No data moves: the upgrade only
 *   creates the empty store.
 *
 * Version 3 — adds the sync stores (Login issue, see worker/sync/store.ts and docs/sync.md):
 * - accounts `id`: at most one record ('main'): protocol, URL, user name and the key or token
 *   the protocol needs after login (never the password).
 * - syncItems `itemId`: a synced item's server id and the read/saved state the server last
 *   reported; `&remoteId` finds the local item of a server id (unique: one account at a time).
 * - syncQueue `++seq`: local changes waiting for the server, in the order they were made.
 * No data moves: the upgrade only creates empty stores.
 *
 * Version 4 — adds `fullTexts` (whole articles fetched from the article page, see
 * worker/fulltext/):
 * - fullTexts `itemId`: one record per item, the extracted article or why extraction failed
 *   (so a failure is not retried on every refresh).
 * - fullTexts `status`: the text index reads the extracted texts (`ok`) at start without
 *   loading the failures. No data moves: the upgrade only creates the empty store.
 *
 * Version 5 — adds `highlights` (worker/highlights/): passages with colour, note and anchor.
 * - highlights `++id`: Undo puts a removed highlight back under its own id.
 * - highlights `itemId`: the reader loads one article's highlights.
 * No data moves: the upgrade only creates the empty store.
 *
 * Version 6 — drops two items indexes nothing reads any more:
 * - `[feedId+pubDate]`: its one reader, background extraction's newest articles of a feed, asks
 *   the in-memory index (`rowsOfFeed`) instead.
 * - `flags`: no store-level filter or repair ever read it; every read/saved question goes to the
 *   in-memory index.
 * Every index entry is a write on every ingest and, for `flags`, on every read mark. In Chromium
 * the browser process's IndexedDB backend is what seeding 1M articles waits for (the engine worker
 * is idle over half the time): two entries fewer of the six per article is less of that work.
 * No data moves: the upgrade deletes the two indexes.
 *
 * Version 7 — drops the items `feedId` index. Every question it answered (a feed's articles, to
 * count, read whole, mark or delete them) is asked of `&[feedId+dedupeKey]`, whose keys start with
 * the feed id: Dexie answers `where('feedId')` from a compound index's first part (its "virtual
 * index"), in the same key range and order of feeds. Why: it was the one items index no query
 * needed, and every stored article paid for it in the browser's IndexedDB backend, where a
 * refresh's writes compete with the page for the cores. In Chromium (a scratch profile of 300k
 * articles of ~1.3 KB with this store's indexes, 10,000 new articles in transactions of 250 across
 * 1,000 feeds, measured in turn 9 times each way): the browser process's CPU for them went from
 * ~4.4 to ~3.75 s and the writes' wall time from ~2.3 to ~2.05 s; LevelDB's compactions rewrote
 * ~63 MB instead of ~76. At 1M articles the same probe (6 runs each way) showed no difference
 * beyond its spread (6.1–8.4 s against 7.5–10.0), so what grows with the database there is not
 * this index. Deleting the index at the upgrade took ~1 s at 410k articles.
 * No data moves: the upgrade deletes the index.
 *
 * Version 8 — drops the items `[pubDate+id]` index, the last one the store kept for lists. Lists,
 * filters and paging have been the in-memory index's since it came; this index's one reader was
 * the all list's first pages at a cold start below 300k articles, walked from IndexedDB while the
 * snapshot loaded (~20 ms sooner than the snapshot's number columns answer at 100k; above 300k the
 * walk was slower than them and not made). Those pages now come from the number columns like every
 * other list's. Why: each index entry is paid by every stored article in the browser's IndexedDB
 * backend, which at 1M takes most of a core during a refresh, the core the page needs to scroll.
 * In Chromium (the version 7 probe above, 300k articles): the store alone ~2.1–3.2 s of the
 * browser's CPU per 10,000 new articles, with `[pubDate+id]` ~3.7–4.5 s, with the dedupe index
 * too ~5.4–5.7 s. No data moves: the upgrade deletes the index.
 *
 * Since index snapshot format 8, `&[feedId+dedupeKey]` is read only when the in-memory index was
 * behind the store (worker/items/ingest.ts): ingest finds stored articles by the index's key
 * hashes. The index stays, for its uniqueness: it is what refuses a second copy of an article.
 */
import type Dexie from 'dexie';
import type { Highlight } from '../highlights/types';
import type { Feed, Group, Item } from '../types';

/** Current schema version, reported by `init()`. */
export const SCHEMA_VERSION = 8;

/** An item as stored: the shared `Item` plus list-row fields computed once at ingest. */
export interface StoredItem extends Item {
  /** Plain-text snippet (≤ 200 chars) of the description. */
  snippet: string;
  /** First image of the description or the enclosure image, '' when none. */
  thumbnail: string;
}

/** One key/value record of the `meta` store. */
export interface MetaRecord {
  key: string;
  value: unknown;
}

/** One cached AI summary (store `summaries`, schema v2). */
export interface SummaryRecord {
  /** `itemId:contentHash:promptHash:model`. */
  key: string;
  itemId: number;
  /** Markdown as the model wrote it (rendered sanitised, never as HTML). */
  text: string;
  model: string;
  /** Unix seconds. */
  createdAt: number;
  /** Translations only (key `translation:itemId:contentHash:lang`, worker/ai/translation.ts): the target language. */
  lang?: string;
  /** Translations only: one text per translatable paragraph of the article, in order. */
  paragraphs?: string[];
}

/** Why a whole article could not be had (see worker/fulltext/). */
export type FullTextFailure =
  'no_link' | 'private_address' | 'blocked' | 'http_error' | 'network' | 'not_html' | 'no_article';

/** One whole article, or why there is none (store `fullTexts`, schema v4). */
export interface FullTextRecord {
  itemId: number;
  feedId: number;
  status: 'ok' | 'failed';
  /** Extracted article HTML, not sanitised (the reader sanitises it like feed HTML); '' when failed. */
  html: string;
  /** Plain text of the article (search, related articles); '' when failed. */
  text: string;
  /** The page's address after redirects (base of its relative links). */
  url: string;
  /** Why it failed; '' when ok. */
  reason: FullTextFailure | '';
  /** The site's HTTP status of a failed fetch, 0 when there was none. */
  httpStatus: number;
  /** Unix seconds. */
  fetchedAt: number;
}

/** Store names, typed so helpers cannot name a store that does not exist. */
export type StoreName = 'groups' | 'feeds' | 'items' | 'meta' | 'summaries' | 'fullTexts' | 'highlights';

/** Record type of each store. */
export interface StoreRecords {
  groups: Group;
  feeds: Feed;
  items: StoredItem;
  meta: MetaRecord;
  summaries: SummaryRecord;
  fullTexts: FullTextRecord;
  highlights: Highlight;
}

/** Declares every schema version on a fresh Dexie instance (before it is opened). */
export function defineSchema(db: Dexie): void {
  db.version(1).stores({
    groups: '++id',
    feeds: '++id, groupId, url',
    items: '++id, feedId, [pubDate+id], [feedId+pubDate], &[feedId+dedupeKey], flags',
    meta: 'key',
  });
  db.version(2).stores({ summaries: 'key, itemId' });
  db.version(3).stores({ accounts: 'id', syncItems: 'itemId, &remoteId', syncQueue: '++seq' });
  db.version(4).stores({ fullTexts: 'itemId, status' });
  db.version(5).stores({ highlights: '++id, itemId' });
  db.version(6).stores({ items: '++id, feedId, [pubDate+id], &[feedId+dedupeKey]' });
  db.version(7).stores({ items: '++id, [pubDate+id], &[feedId+dedupeKey]' });
  db.version(8).stores({ items: '++id, &[feedId+dedupeKey]' });
}
