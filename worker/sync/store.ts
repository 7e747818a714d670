/**
 * The sync domain's own stores, added in schema version 3 (worker/db/schema.ts): `accounts`
 * (one record, key 'main': what the protocol needs after login, never the password),
 * `syncItems` (local item id ↔ server id and the state the server last reported) and
 * `syncQueue` (local changes waiting for the server, in the order they were made). Reached
 * through `Database.run`/`dexie.table` so errors keep the engine's texts.
 */
import type { Database } from '../db/database';
import type { LabelOp, StateOp, SyncProtocol } from './protocol';

export const ACCOUNT_KEY = 'main';
/**
 * The account last logged out of while keeping its feeds: its item map and queue stay, so
 * logging in again to the same server and user re-attaches the same feeds and articles and
 * sends what was still queued. Logging in anywhere else forgets it.
 */
export const FORMER_KEY = 'former';

/** What is kept of a login. `token`: the Fever api_key or the Google Reader Auth token. */
export interface AccountRecord {
  id: typeof ACCOUNT_KEY | typeof FORMER_KEY;
  protocol: SyncProtocol;
  /** The API address as typed (normalised: no trailing spaces). */
  url: string;
  username: string;
  token: string;
  /** Value written to `Feed.account` of every feed this account brought. */
  tag: string;
  createdAt: number;
  /** Unix seconds of the last complete sync, 0 before the first. */
  lastSync: number;
  lastError: string;
  lastErrorCode: string;
  /** Also import read articles of this many recent days (Google Reader API); 0/absent: none. */
  readDays?: number;
  /** False once the server refused an article label (Miniflux has none): tags stay local. */
  labels?: boolean;
  /**
   * The server's default folder (FreshRSS: category 1, named in the user's language; its Fever
   * API's group 1), known by that name at a sync or learned from where the server put a feed
   * taken out of its folder; it is "no group" here both ways (worker/sync/defaultFolder.ts).
   * Absent until known.
   */
  defaultFolder?: string;
  /**
   * What the server said it is, where its address does not say (Google Reader API: FreshRSS
   * answers its own `check/compatibility`; Fever: it refuses `refresh` with its own 501,
   * worker/sync/defaultFolder.ts). Absent: not asked yet.
   */
  server?: 'freshrss' | 'other';
  /**
   * Local groups this account's syncs made for the server's folders (ids); one a pass leaves
   * empty is removed (worker/sync/syncGroups.ts). Absent: none made since this was kept.
   */
  madeGroups?: number[];
  /**
   * Unix seconds until which the server asked not to be synced (a `Retry-After` on the last
   * failure); 0/absent: no wait. Automatic syncs skip it, a manual one says how long is left.
   */
  retryAt?: number;
  /**
   * FreshRSS's Fever API: how far its items were walked (worker/sync/feverWalk.ts). `top`: the
   * highest item id seen; `backfill`: server feeds whose older articles are still to be walked
   * (empty: done), from below `floor` ('' = from the newest). Absent: not walked yet.
   */
  feverWalk?: { top: string; backfill: string[]; floor: string };
  /**
   * Label streams found answering something else (lower-cased label → digest of what the check
   * read, passes that reused it), so an unchanged one is not read again (worker/sync/labelCheck.ts).
   */
  labelVerdicts?: Record<string, { digest: string; reused: number }>;
}

/** One synced item: `server` holds FLAG_READ | FLAG_SAVED as the server last reported them. */
export interface SyncItemRecord {
  itemId: number;
  remoteId: string;
  feedId: number;
  server: number;
  /** Article labels (tags) the server last reported or acknowledged for the item. */
  labels?: string[];
}

/** One local change. `at`: milliseconds, so two clicks within a second keep their order. */
export interface QueueEntry {
  seq?: number;
  at: number;
  op: StateOp | LabelOp;
  remoteIds: string[];
  /** Label ops: the label's name (for a rename, the old one). */
  label?: string;
  /** 'rename-label': the new name. */
  dest?: string;
}

const accounts = (db: Database) => db.dexie.table<AccountRecord, string>('accounts');
const syncItems = (db: Database) => db.dexie.table<SyncItemRecord, number>('syncItems');
const queue = (db: Database) => db.dexie.table<QueueEntry, number>('syncQueue');

/** The connected account, or null. One get. */
export function readAccount(db: Database): Promise<AccountRecord | null> {
  return db.run('fetch', async () => (await accounts(db).get(ACCOUNT_KEY)) ?? null);
}

/** Stores (replaces) the account. One put. */
export function writeAccount(db: Database, account: AccountRecord): Promise<void> {
  return db.run('update', async () => void (await accounts(db).put(account)));
}

/** Merges fields into the account if it still exists (a logout meanwhile wins). */
export function patchAccount(db: Database, patch: Partial<AccountRecord>): Promise<void> {
  return db.run('update', async () => void (await accounts(db).update(ACCOUNT_KEY, patch)));
}

/** Removes the account, the item map and the queue in one transaction. */
export function deleteAccount(db: Database): Promise<void> {
  return db.run('delete', () =>
    db.dexie.transaction('rw', ['accounts', 'syncItems', 'syncQueue'], async () => {
      await accounts(db).clear();
      await syncItems(db).clear();
      await queue(db).clear();
    }),
  );
}

/** The account logged out of with its feeds kept, or null. One get. */
export function readFormer(db: Database): Promise<AccountRecord | null> {
  return db.run('fetch', async () => (await accounts(db).get(FORMER_KEY)) ?? null);
}

/**
 * Logs out keeping the item map and the queue: the account becomes the "former" one (no token),
 * in one transaction.
 */
export function detachAccount(db: Database, account: AccountRecord): Promise<void> {
  return db.run('update', () =>
    db.dexie.transaction('rw', ['accounts'], async () => {
      await accounts(db).clear();
      await accounts(db).put({ ...account, id: FORMER_KEY, token: '', lastError: '', lastErrorCode: '' });
    }),
  );
}

/** Logs in again to the former account: it becomes the connected one, map and queue as they are. */
export function reattachAccount(db: Database, account: AccountRecord): Promise<void> {
  return db.run('update', () =>
    db.dexie.transaction('rw', ['accounts'], async () => {
      await accounts(db).delete(FORMER_KEY);
      await accounts(db).put(account);
    }),
  );
}

/** Every synced item record. Reads the whole store: O(synced items), done once per sync. */
export function readSyncItems(db: Database): Promise<SyncItemRecord[]> {
  return db.run('fetchAll', () => syncItems(db).toArray());
}

/** Adds or replaces item records. One bulkPut. */
export function writeSyncItems(db: Database, records: SyncItemRecord[]): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  return db.run('update', async () => void (await syncItems(db).bulkPut(records)));
}

/** Forgets item records (their items were deleted). */
export function deleteSyncItems(db: Database, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return Promise.resolve();
  return db.run('delete', () => syncItems(db).bulkDelete(itemIds));
}

/** Appends local changes to the queue (one transaction; order = seq). */
export function enqueue(db: Database, entries: QueueEntry[]): Promise<void> {
  if (entries.length === 0) return Promise.resolve();
  return db.run('add', async () => void (await queue(db).bulkAdd(entries)));
}

/** The whole queue in order. */
export function readQueue(db: Database): Promise<QueueEntry[]> {
  return db.run('fetchAll', () => queue(db).orderBy(':id').toArray());
}

/** Number of changes waiting. */
export function queueLength(db: Database): Promise<number> {
  return db.run('count', () => queue(db).count());
}

/**
 * After the server acknowledged a batch: removes its queue entries and records the state the
 * server now has for those items, in one transaction (so a crash never leaves one without the other).
 */
export function acknowledge(db: Database, seqs: number[], records: SyncItemRecord[]): Promise<void> {
  return db.run('delete', () =>
    db.dexie.transaction('rw', ['syncQueue', 'syncItems'], async () => {
      await queue(db).bulkDelete(seqs);
      if (records.length) await syncItems(db).bulkPut(records);
    }),
  );
}
