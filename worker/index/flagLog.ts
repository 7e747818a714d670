/**
 * The log of flag and tag changes since the index snapshot (and the text index) were written.
 *
 * The snapshot is written ~2 s after a change, or when the tab is hidden; at 1M articles that
 * write takes long enough that a reload or a closed tab right after reading often leaves the
 * stored snapshot one change behind, and a snapshot behind the change counter used to mean a
 * rebuild from every record (~45 s at 1M). Each transaction that changes only flags
 * (state/flags.ts) or only tags (tags/tags.ts) now also writes one record here, keyed by the
 * counter it bumped to: the ids and their new flags (or tags). A start that finds the snapshot
 * at counter S and the store at C applies the records S+1 … C to the loaded columns, provided
 * every one of them is there; a change with no record (clear-all, a backup restored) leaves a
 * gap, and a gap means "something else changed": the index is rebuilt as before.
 *
 * The same transaction moves the counts summary (`META_KEYS.indexSummary`) by the change when
 * it was current (`SummaryTally`), so such a start also paints its first rows and counts before
 * the index is read, as after a written snapshot.
 *
 * An ingest writes one record too (`writtenLogRecord`): the ids of the articles it added or
 * changed. A start behind such records reads those articles (as stored now) into the loaded index
 * once its text is in (snapshot.ts `catchUp`; the summary is not moved, so the first rows wait
 * for that), and the text index reads them again (`textChangesSince`), instead of reading every
 * article (at 1M: ~45 s before the first rows, ~3 min before text filters) because a refresh
 * stored some just before the tab closed. A deletion of articles (retention, an unsubscribe)
 * writes the ids it removed (`removedLogRecord`): the catch-up drops those rows, and the text
 * index finds them gone by its usual comparison with the index; an undo of it writes an ingest's
 * record for the articles it put back.
 *
 * Records are removed once both the snapshot and the text index were written past them
 * (`trimFlagLog`, after each snapshot write). The keys start with `indexSnapshot`, so backups
 * leave them out (backup/format.ts DERIVED_META).
 */
import type { Database, StoreTable } from '../db/database';
import { bumpItemsCounter, META_KEYS } from '../db/meta';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { isSummary, type IndexSummary } from './snapshotFormat';

const PREFIX = 'indexSnapshotFlags:';

/** The meta key of the record for the change that bumped the counter to `counter`. */
export const flagLogKey = (counter: number): string => PREFIX + String(counter).padStart(16, '0');

/** The key range holding every log record (and no other record). */
export const FLAG_LOG_RANGE: [string, string] = [PREFIX, `${PREFIX}\uffff`];

/** One transaction's change: new flags (or new tags, `[]` for none) of these ids. */
export type FlagLogEntry =
  | { counter: number; ids: Float64Array; flags: Uint8Array }
  | { counter: number; ids: Float64Array; tags: number[][] };

// A log record: the change's counter, its ids, and their new flags or tags.
function logRecord(
  counter: number,
  changes: readonly { id: number }[],
  news: { flags: Uint8Array } | { tags: number[][] },
): { key: string; value: unknown } {
  return {
    key: flagLogKey(counter),
    value: { counter, ids: Float64Array.from(changes, (c) => c.id), ...news },
  };
}

/** The stored record of a flag change (put in the transaction that makes the change). */
export function flagLogRecord(
  counter: number,
  changes: readonly { id: number; flags: number }[],
): { key: string; value: unknown } {
  return logRecord(counter, changes, { flags: Uint8Array.from(changes, (c) => c.flags) });
}

/** The stored record of a tag change. */
export function tagLogRecord(
  counter: number,
  changes: readonly { id: number; tags?: readonly number[] }[],
): { key: string; value: unknown } {
  return logRecord(counter, changes, { tags: changes.map((c) => [...(c.tags ?? [])]) });
}

/**
 * The stored record of an ingest: the ids of the articles it added or changed (put in the
 * ingest's transaction). Taken by a start's catching up (`logWithWrites`, `textChangesSince`).
 */
export function writtenLogRecord(counter: number, ids: readonly number[]): { key: string; value: unknown } {
  return { key: flagLogKey(counter), value: { counter, ids: Float64Array.from(ids), written: true } };
}

/**
 * The stored record of a deletion of articles (retention, an unsubscribe): their ids (put in the
 * deleting transaction). A start behind it drops those rows instead of reading every article.
 */
export function removedLogRecord(counter: number, ids: readonly number[]): { key: string; value: unknown } {
  return { key: flagLogKey(counter), value: { counter, ids: Float64Array.from(ids), removed: true } };
}

/**
 * Inside the transaction that stores (`written`) or deletes (`removed`) the articles `ids`
 * (its stores must include 'meta'): bumps the items change counter past `atLeast` and puts the
 * change's log record, so a stored copy taken before it catches up instead of rebuilding.
 * Returns the new counter. (An ingest bumps in two halves and puts its record beside its other
 * writes: items/ingest.ts.)
 */
export async function bumpLogged(
  db: Database,
  change: 'written' | 'removed',
  ids: readonly number[],
  atLeast = 0,
): Promise<number> {
  const counter = await bumpItemsCounter(db, atLeast);
  await db
    .table('meta')
    .put(change === 'written' ? writtenLogRecord(counter, ids) : removedLogRecord(counter, ids));
  return counter;
}

// The ids of an ingest's or a deletion's record, or null when `value` is neither.
function storeChange(value: unknown): { counter: number; ids: Float64Array; removed: boolean } | null {
  const v = value as { counter?: unknown; ids?: unknown; written?: unknown; removed?: unknown } | null;
  if (typeof v?.counter !== 'number' || !(v.ids instanceof Float64Array)) return null;
  if (v.written === true) return { counter: v.counter, ids: v.ids, removed: false };
  if (v.removed === true) return { counter: v.counter, ids: v.ids, removed: true };
  return null;
}

function toEntry(value: unknown): FlagLogEntry | null {
  const v = value as { counter?: unknown; ids?: unknown; flags?: unknown; tags?: unknown } | null;
  if (typeof v?.counter !== 'number' || !(v.ids instanceof Float64Array)) return null;
  const n = v.ids.length;
  if (v.flags instanceof Uint8Array)
    return v.flags.length === n ? { counter: v.counter, ids: v.ids, flags: v.flags } : null;
  if (
    Array.isArray(v.tags) &&
    v.tags.length === n &&
    v.tags.every((t) => Array.isArray(t) && t.every((id) => typeof id === 'number'))
  )
    return { counter: v.counter, ids: v.ids, tags: v.tags };
  return null;
}

/**
 * Inside a read transaction: every stored log record, as read (call before knowing the
 * snapshot's counter; `logWithWrites` then picks). Cost: one range read; the log is usually empty.
 */
export async function readFlagLog(meta: StoreTable<'meta'>): Promise<unknown[]> {
  const records = await meta.where(':id').between(FLAG_LOG_RANGE[0], FLAG_LOG_RANGE[1]).toArray();
  return records.map((r) => r.value);
}

/**
 * Inside a read transaction, for a text index written at counter `from`, the store now at `to`:
 * the articles an ingest (or an undone deletion) added or changed since and still stored (to read
 * again), `[]` when only flags, tags and deletions changed, or null when something else did
 * (clear-all, a backup restored; a record missing or malformed): the text is then rebuilt. Added
 * articles are in the list too; the text's sync skips those, and drops the deleted ones (it finds
 * both by comparing the store with the index).
 */
export async function textChangesSince(
  meta: StoreTable<'meta'>,
  from: number,
  to: unknown,
): Promise<number[] | null> {
  if (from === to) return [];
  if (typeof to !== 'number') return null;
  return logWithWrites(await readFlagLog(meta), from, to)?.written ?? null;
}

/**
 * The changes from counter `from` to counter `to` when every one is in the log: the flag and tag
 * changes in order, the articles ingests (or an undo) among them added or changed and are still
 * stored (each once; their rows are read from the store as it is at `to`), the articles
 * deletions among them removed and no later write put back, and how many such writes there were.
 * Null otherwise; `from === to` is no change.
 */
export function logWithWrites(
  stored: readonly unknown[],
  from: number,
  to: number,
): { entries: FlagLogEntry[]; written: number[]; removed: number[]; writes: number } | null {
  if (from === to) return { entries: [], written: [], removed: [], writes: 0 };
  if (!(from < to) || !Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return null;
  const entries = new Map<number, FlagLogEntry>();
  const changes = new Map<number, { ids: Float64Array; removed: boolean }>();
  for (const value of stored) {
    const change = storeChange(value);
    if (change) {
      if (change.counter > from && change.counter <= to) changes.set(change.counter, change);
      continue;
    }
    const entry = toEntry(value);
    if (entry && entry.counter > from && entry.counter <= to) entries.set(entry.counter, entry);
  }
  if (entries.size + changes.size !== to - from) return null;
  // In counter order: a later write or deletion of the same article wins.
  const written = new Set<number>();
  const removed = new Set<number>();
  for (const [, { ids, removed: gone }] of [...changes].sort((a, b) => a[0] - b[0]))
    for (const id of ids) {
      (gone ? removed : written).add(id);
      (gone ? written : removed).delete(id);
    }
  return {
    entries: [...entries.values()].sort((a, b) => a.counter - b.counter),
    written: [...written],
    removed: [...removed],
    writes: changes.size,
  };
}

/** What `applyFlagLog` needs of the index (a `MetaIndex`). */
export interface FlagTarget {
  setFlags(changes: Iterable<{ id: number; flags: number }>): void;
  setTags(changes: Iterable<{ id: number; tags?: readonly number[] }>): void;
}

/** Applies the changes to a freshly loaded index, in order. */
export function applyFlagLog(index: FlagTarget, entries: readonly FlagLogEntry[]): void {
  for (const entry of entries) {
    const { ids } = entry;
    if ('flags' in entry) {
      const { flags } = entry;
      index.setFlags(Array.from(ids, (id, i) => ({ id, flags: flags[i]! })));
    } else {
      const { tags } = entry;
      index.setTags(Array.from(ids, (id, i) => ({ id, tags: tags[i]! })));
    }
  }
}

/**
 * A stored copy more than this many changes behind the newest one holds back no records: the
 * log would grow with every read mark while, say, a text index that never finishes its first
 * build at 1M articles (the tab is always closed before) keeps an old record. That copy is then
 * rebuilt at the next start, as it was before the log.
 */
export const LOG_KEEP = 1000;

/** The records holding a copy of the index at a counter (their value's `counter`). */
const HOLDERS = [META_KEYS.indexSnapshot, META_KEYS.textIndexValid];

/**
 * Removes the log records every stored copy of the index already holds: those up to the lowest
 * counter of the `HOLDERS` records (the index snapshot, the text index's record) that is within
 * `LOG_KEEP` of the highest. A holder not stored holds back nothing (what it would hold is
 * rebuilt at the next start anyway); with none stored nothing goes. One read-write transaction.
 * Never fails: a failure is logged, and the records go at a later write.
 */
export async function trimFlagLog(db: Database, holders: readonly string[] = HOLDERS): Promise<void> {
  try {
    await db.tx('delete', 'rw', ['meta'], async () => {
      const meta = db.table('meta');
      const counters = (await meta.bulkGet([...holders]))
        .map((record) => (record?.value as { counter?: unknown } | undefined)?.counter)
        .filter((c): c is number => typeof c === 'number');
      if (counters.length === 0) return;
      const newest = Math.max(...counters);
      const upTo = Math.min(...counters.filter((c) => newest - c <= LOG_KEEP));
      if (!Number.isSafeInteger(upTo) || upTo < 1) return;
      await meta.where(':id').between(FLAG_LOG_RANGE[0], flagLogKey(upTo), true, true).delete();
    });
  } catch (err) {
    console.warn('Rivulet: flag log not trimmed', err);
  }
}

/** How a transaction's flag changes move the counts summary (`IndexSummary`). */
export class SummaryTally {
  private items = 0;
  private unread = 0;
  private saved = 0;
  private readonly unreadByFeed = new Map<number, number>();

  /**
   * One item's flags went from `before` to `after` (counted as counts.ts counts them). Called for
   * every article a mark changes (300,000 in a "mark all read" at 1M): no allocation per call.
   */
  change(feedId: number, before: number, after: number): void {
    this.count(feedId, before, -1);
    this.count(feedId, after, 1);
  }

  private count(feedId: number, flags: number, sign: 1 | -1): void {
    // A hidden item is in no count (counts.ts).
    if ((flags & FLAG_HIDDEN) !== 0) return;
    this.items += sign;
    if ((flags & FLAG_SAVED) !== 0) this.saved += sign;
    if ((flags & FLAG_READ) === 0) {
      this.unread += sign;
      this.unreadByFeed.set(feedId, (this.unreadByFeed.get(feedId) ?? 0) + sign);
    }
  }

  /**
   * `summary` moved by the changes and stamped `counter`, or null when `summary` is not a summary
   * of the counter just before (then it is left to go stale, as before the log: counts at the
   * next start wait for the index).
   */
  applyTo(summary: unknown, counter: number): IndexSummary | null {
    if (!isSummary(summary) || summary.counter !== counter - 1) return null;
    const unreadByFeed = { ...summary.unreadByFeed };
    for (const [feed, delta] of this.unreadByFeed) {
      if (delta === 0) continue;
      const next = (unreadByFeed[feed] ?? 0) + delta;
      if (next > 0) unreadByFeed[feed] = next;
      else delete unreadByFeed[feed];
    }
    return {
      counter,
      items: summary.items + this.items,
      unread: summary.unread + this.unread,
      saved: summary.saved + this.saved,
      unreadByFeed,
    };
  }
}
