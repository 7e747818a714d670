/**
 * The schema versions as they shipped, frozen: a migration test writes a database with one of
 * these and opens it with the current schema (worker/db/schema.ts). Never edit a version here
 * once shipped; add the next one when schema.ts gains it. One copy for every migration test.
 */
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';

/** Each shipped version's `stores()` declaration, by version number (index 0 unused). */
const SHIPPED: readonly Record<string, string>[] = [
  {},
  {
    groups: '++id',
    feeds: '++id, groupId, url',
    items: '++id, feedId, [pubDate+id], [feedId+pubDate], &[feedId+dedupeKey], flags',
    meta: 'key',
  },
  { summaries: 'key, itemId' },
  { accounts: 'id', syncItems: 'itemId, &remoteId', syncQueue: '++seq' },
  { fullTexts: 'itemId, status' },
  { highlights: '++id, itemId' },
  { items: '++id, feedId, [pubDate+id], &[feedId+dedupeKey]' },
  { items: '++id, [pubDate+id], &[feedId+dedupeKey]' },
];

/** A fake-indexeddb Dexie named `name`, declared as shipped version `version` (not opened). */
export function shippedDatabase(name: string, version: number): Dexie {
  if (version < 1 || version >= SHIPPED.length) throw new Error(`no shipped schema version ${version}`);
  const db = new Dexie(name, { indexedDB, IDBKeyRange });
  for (let v = 1; v <= version; v++) db.version(v).stores(SHIPPED[v]!);
  return db;
}

/**
 * A shipped version `version` database named `name`, opened, holding two feeds ("One" and "Two",
 * ids 1 and 2, ungrouped) as every shipped version stores them. Close it before the engine opens it.
 */
export async function shippedWithFeeds(name: string, version: number): Promise<Dexie> {
  const db = shippedDatabase(name, version);
  await db.open();
  await db.table('feeds').bulkAdd([
    { title: 'One', groupId: -1, url: 'https://a.example/1.xml', siteUrl: '' },
    { title: 'Two', groupId: -1, url: 'https://a.example/2.xml', siteUrl: '' },
  ]);
  return db;
}

/** Article `n` of feed `feedId` as every shipped version stores it (guid and dedupe key `g<n>`). */
export function shippedItem(n: number, feedId: number, flags: number): Record<string, unknown> {
  return {
    feedId,
    guid: `g${n}`,
    title: `Article ${n}`,
    author: '',
    description: `<p>Body ${n}</p>`,
    pubDate: 1000 + n,
    link: `https://a.example/${n}`,
    enclosure: null,
    flags,
    dedupeKey: `g${n}`,
    contentHash: `h${n}`,
    firstSeen: 1000 + n,
    snippet: `Body ${n}`,
    thumbnail: '',
  };
}
