import type { Database } from './database';

/** Meta keys in use, in one place so two modules never collide. */
export const META_KEYS = {
  /** Bumped in every transaction that changes items; validates the index snapshot. */
  itemsCounter: 'itemsCounter',
  indexSnapshot: 'indexSnapshot',
  /**
   * The text columns of the index snapshot (a second record, read after the numbers). Past
   * 65,536 rows it holds the first of them and the rest are in part records under
   * `indexSnapshotText.1`, `.2` … (worker/index/textParts.ts `textPartKey`).
   */
  indexSnapshotText: 'indexSnapshotText',
  /**
   * The text rows appended after those of `indexSnapshotText` (a refresh), so a write need not
   * rewrite the whole text record (worker/index/snapshot.ts `writeSnapshot`).
   */
  indexSnapshotTextTail: 'indexSnapshotTextTail',
  /**
   * The tokens of the stored text record and its tail, `{ text, tail }` (small, so a write can
   * tell whether to keep those records).
   */
  indexSnapshotTextToken: 'indexSnapshotTextToken',
  /**
   * The stored text index's record: its layout and the items counter it reflects (the other
   * `textIndex:` records are worker/search/persist.ts's own).
   */
  textIndexValid: 'textIndex:valid',
  /** Counts at the snapshot's counter, small enough to read before the snapshot (cold start). */
  indexSummary: 'indexSummary',
  legacyImported: 'legacyImported',
  /**
   * A restore's settings, written in the restore's own transaction so they land with the data;
   * the page applies them and then deletes the record (worker/backup/backup.ts).
   */
  restoredSettings: 'restoredSettings',
  restoreStarted: 'restoreStarted',
  /**
   * The send-to targets with their tokens and passwords (worker/sendTo). The name says
   * "account" so backups leave it out and a restore keeps it (backup/format.ts SECRET).
   */
  sendToAccounts: 'sendToAccounts',
  /** The retention policy the engine applies after each refresh (worker/retention/retention.ts). */
  retentionPolicy: 'retentionPolicy',
  /** The rules, in order (worker/rules/rules.ts); part of backups. */
  rules: 'rules',
  /** The rules' run log with its undo records; in backups (a merge renumbers its item ids). */
  ruleLog: 'ruleLog',
  /**
   * The prefix of the records of new articles the rules have not run on yet (`rulePending:<id>`,
   * one per ingest): written by the ingest that stores them, deleted by the run's log write, run
   * again at the next start (worker/rules/pending.ts).
   */
  rulePending: 'rulePending',
  /**
   * The prefix of the records of bulk marks not yet written to the end (`flagPending:<when>`: the
   * bit, set or clear, the ids left), kept in the transactions that write the mark and finished
   * at the next start (worker/state/pendingMark.ts).
   */
  flagPending: 'flagPending',
  /**
   * The AI settings of rule actions (endpoint with its key, summary prompt, language; see
   * worker/rules/ruleAi.ts). "account" in the name keeps it out of backups.
   */
  ruleAiAccount: 'ruleAiAccount',
} as const;

/** Key/value access to the `meta` store. */
export interface MetaStore {
  /** The value under `key`, or undefined. Fails: `Error fetching data`. */
  get(key: string): Promise<unknown>;
  /** Stores `value` (must be structured-clonable) under `key`. Fails: `Error updating data`. */
  set(key: string, value: unknown): Promise<void>;
  /** Removes `key`. Fails: `Error deleting data`. */
  delete(key: string): Promise<void>;
}

/** Builds the meta store over an opened database. */
export function createMetaStore(db: Database): MetaStore {
  const table = () => db.table('meta');
  return {
    get: (key) => db.run('fetch', async () => (await table().get(key))?.value),
    set: (key, value) => db.run('update', async () => void (await table().put({ key, value }))),
    delete: (key) => db.run('delete', () => table().delete(key)),
  };
}

/**
 * Bumps the items change counter; call INSIDE the transaction that changes items (its store list
 * must include 'meta'), so the counter and the items commit together. Returns the new value,
 * which is above `atLeast` (used when the stored counter was just cleared).
 */
export async function bumpItemsCounter(db: Database, atLeast = 0): Promise<number> {
  const bump = await prepareCounterBump(db, atLeast);
  await bump.write();
  return bump.next;
}

/** A counter bump whose read is done: `next` is the new value, `write()` stores it. */
export interface CounterBump {
  next: number;
  write(): Promise<unknown>;
}

/**
 * `bumpItemsCounter` in two halves, for transactions that send their reads together and then
 * their writes together (one round trip each): start this beside the other reads, call
 * `write()` beside the other writes. Same rules: INSIDE the transaction that changes items.
 */
export async function prepareCounterBump(db: Database, atLeast = 0): Promise<CounterBump> {
  const table = db.table('meta');
  const current = (await table.get(META_KEYS.itemsCounter))?.value;
  const next = Math.max(typeof current === 'number' ? current : 0, atLeast) + 1;
  return { next, write: () => table.put({ key: META_KEYS.itemsCounter, value: next }) };
}
