/**
 * A bulk mark that outlasts its page. A mark the person asks for (read, saved, hidden, an undo of
 * one) commits every TX_IDS ids (flags.ts), so "mark all read" over 300,000 unread articles at a
 * million is a dozen transactions and about two minutes; a tab closed or reloaded meanwhile (a
 * phone puts it away) left the articles after the last commit unmarked, with nothing to say so.
 *
 * Now each transaction of such a mark that leaves ids for a later one also writes what is left
 * (`flagPending:<when>`: the bit, set or clear, the ids) in the same transaction, and the one that
 * reaches the end deletes it, so the record always names exactly the ids not yet written. A start
 * finishes every record it finds, oldest first (`resumeMarks`), once its index is loaded. A mark
 * that fits one transaction (most of them) writes no record. The record also names the ids the
 * mark changed so far (`done`), so the page that finishes it can offer to undo the whole mark
 * (markJob.ts keeps that token for it).
 *
 * While a mark runs, its page holds a Web Lock named after its record, and a start resumes only
 * the records whose lock it can take: a second tab opened meanwhile leaves the first tab's mark to
 * it. Where there are no Web Locks (Node tests) every record is resumed.
 *
 * The records name item ids of this database, so backups leave them out (backup/format.ts) and a
 * replace restore clears them with the rest of `meta`.
 */
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';

const PREFIX = `${META_KEYS.flagPending}:`;
const LOCK_PREFIX = 'rivulet-mark:';

/** A mark not yet written to the end: set (`on`) or clear `bit` on `ids`. */
export interface PendingMark {
  key: string;
  bit: number;
  on: boolean;
  ids: number[];
  /**
   * The ids the mark changed in its transactions before (what Undo of the whole mark takes
   * back, with what the resume changes); empty in a record written before these were kept.
   */
  done: number[];
}

let serial = 0;

/** A new record key; keys sort in the order they were made (time, then a per-worker serial). */
export function newMarkKey(now = Date.now()): string {
  serial = (serial + 1) % 1_000_000;
  return `${PREFIX}${String(now).padStart(15, '0')}-${String(serial).padStart(6, '0')}`;
}

/**
 * Inside a transaction over `meta`: records that `ids` are still to be written and that `done`
 * were changed already, or (no `ids`) that the mark is over.
 */
export function writePending(
  db: Database,
  key: string,
  bit: number,
  on: boolean,
  ids: readonly number[],
  done: readonly number[],
): Promise<unknown> {
  const meta = db.table('meta');
  return ids.length === 0
    ? meta.delete(key)
    : meta.put({ key, value: { bit, on, ids: Float64Array.from(ids), done: Float64Array.from(done) } });
}

/** Inside a transaction over `meta`: deletes the record (gone already is no matter). */
export function dropPending(db: Database, key: string): Promise<unknown> {
  return db.table('meta').delete(key);
}

const BITS = new Set([FLAG_READ, FLAG_SAVED, FLAG_HIDDEN]);

/** Every record, oldest first; a malformed one comes back with no ids (so resuming only deletes it). */
export async function readPendingMarks(db: Database): Promise<PendingMark[]> {
  const records = await db.table('meta').where(':id').between(PREFIX, `${PREFIX}\uffff`).toArray();
  return records.map(({ key, value }) => {
    const v = (value ?? {}) as { bit?: unknown; on?: unknown; ids?: unknown; done?: unknown };
    const ok =
      typeof v.bit === 'number' &&
      BITS.has(v.bit) &&
      typeof v.on === 'boolean' &&
      (Array.isArray(v.ids) || v.ids instanceof Float64Array);
    const idsOf = (list: unknown): number[] =>
      Array.isArray(list) || list instanceof Float64Array
        ? Array.from(list as ArrayLike<number>).filter((id) => Number.isInteger(id) && id > 0)
        : [];
    const ids = ok ? idsOf(v.ids) : [];
    return {
      key: String(key),
      bit: ok ? (v.bit as number) : FLAG_READ,
      on: ok ? (v.on as boolean) : true,
      ids,
      done: ok ? idsOf(v.done) : [],
    };
  });
}

type Locks = { request: LockManager['request'] } | undefined;
const locksOf = (): Locks => (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks;

/**
 * Holds the record's lock until `work` settles (a running mark), and resolves what it resolves.
 * Without Web Locks, runs `work` alone.
 */
export function holdingMark<T>(key: string, work: () => Promise<T>, locks: Locks = locksOf()): Promise<T> {
  if (!locks) return work();
  return locks.request(LOCK_PREFIX + key, work);
}

/**
 * Runs `work` holding the record's lock when no other page holds it (a mark still running in
 * another tab), and answers whether it ran. Without Web Locks it always runs.
 */
export async function ifFree(
  key: string,
  work: () => Promise<unknown>,
  locks: Locks = locksOf(),
): Promise<boolean> {
  if (!locks) {
    await work();
    return true;
  }
  return locks.request(LOCK_PREFIX + key, { ifAvailable: true }, async (lock): Promise<boolean> => {
    if (!lock) return false;
    await work();
    return true;
  });
}
