import type { StoreTable } from '../db/database';
import { META_KEYS, prepareCounterBump } from '../db/meta';
import type { StoredItem } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import type { EngineEvent, Feed } from '../types';
import { FLAG_HIDDEN, FLAG_READ } from '../../shared/flags';
import { flagLogRecord, SummaryTally } from '../index/flagLog';
import { chunks, coversOf, planReads } from './readPlan';
import { dropPending, holdingMark, ifFree, newMarkKey, readPendingMarks, writePending } from './pendingMark';
import { flagName, MarkJob, type MarkJobs } from './markJob';

// Ids per read-write transaction, at most. One commit costs a round trip and a flush, so the
// usual bulk change (a selection, a whole feed, "all read" at 100k unread) is one transaction,
// read and written in chunks inside it; marking 1M items still commits every 25,000, which
// bounds what the browser holds for one commit (~40 MB of records). But IndexedDB runs a
// read-only transaction over the items only after every read-write one begun before it has
// committed, so while a mark is written every read of the items waits: an opened article, a list
// page, a search's rows. At 1M articles on the benchmark VM (a probe over a kept profile, reads
// asked during "mark feed read" of 14,885 articles) they waited for the whole mark, ~4 s. So a
// transaction also ends early, after the read in hand, when this engine has a read waiting
// (`Database.readsWaiting`), and the ids it did not reach go to the next one. Fixed transactions
// of 2,500 ids did as well for those reads, but made a 1M mark of a feed of 50,000 1.08× the raw
// transaction with no read waiting (20 commits; 0.97× with 25,000 in the run before). Same probe,
// reads asked every 30 ms through the mark: they waited at most 1.2–2.3 s with the early end and
// 0.9–2.4 s with fixed transactions of 2,500 (3.5–4.9 s with 25,000), the mark took 5.2–5.5 s and
// 4.7–6.1 s.
const TX_IDS = 25_000;
// Ids a transaction reaches before it may end early for a waiting read: the page's own re-reads
// after each commit's event (rows patched, a list page) would otherwise end every transaction
// after one read, a commit per 1,000 ids. A read waits at most for this many then.
const MIN_TX_IDS = 2_500;
/**
 * Sets (`on`) or clears one flag bit on these items and returns the ids that actually changed.
 * For FLAG_READ, each feed's `readCount` moves by the number of its items that changed (never
 * below 0). Per TX_IDS ids: one read-write transaction (records read in requests of at most
 * READ_CHUNK ids or keys (readPlan.ts), or a whole feed, each written back as it arrives; feeds and the change
 * counter beside them; it ends early when a read waits, see TX_IDS), then the index, the feed
 * cache and events
 * (`read-changed`, `saved-changed` or, for FLAG_HIDDEN, `hidden-changed`) follow. Unknown ids
 * are skipped. With `resumable`, a mark that takes more than one transaction records in each the
 * ids it leaves for the next, and a start finishes it if this page ends first (pendingMark.ts,
 * `resumeMarks`). Fails: `Error updating data: …` (transactions already committed stay
 * committed; a resumable mark's record of the rest stays, so the next start finishes it).
 */
export async function setFlag(
  ctx: EngineContext,
  ids: number[],
  bit: number,
  on: boolean,
  options: MarkOptions = {},
): Promise<number[]> {
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
  const job = new MarkJob(
    options.jobs,
    unique.length,
    { flag: flagName(bit), set: on, resumed: false, undo: options.undo === true },
    unique.length > TX_IDS,
  );
  // A mark of MIN_TX_IDS ids or fewer is always one transaction (one ends early only past that),
  // so it needs no record and takes no lock: marking an opened article read pays nothing.
  if (!options.resumable || unique.length <= MIN_TX_IDS)
    return job.run(() => flipAll(ctx, unique, bit, on, null, job));
  const key = newMarkKey();
  return holdingMark(key, () => job.run(() => flipAll(ctx, unique, bit, on, { key, written: false }, job)));
}

/** How setFlag keeps a mark of more than one transaction (pendingMark.ts). */
export interface MarkOptions {
  /**
   * Record the ids left after each transaction, so a start finishes the mark if this page ends
   * first: the person's own marks (state/readState.ts). The sync's and the rules' own writes
   * have their own ways back (the next sync's diff, rules/pending.ts).
   */
  resumable?: boolean;
  /**
   * Where a mark of more than one transaction reports its progress as a `mark` job, which can
   * stop it (markJob.ts): the person's own marks. Without it the mark is never a job.
   */
  jobs?: MarkJobs;
  /** The mark is an undo: its job cannot be stopped (markJob.ts). */
  undo?: boolean;
}

/**
 * Finishes the bulk marks an ended page left (pendingMark.ts), oldest first, with their events
 * and counts. One another tab is still writing is left to it, with every later one (until the
 * next start). Resolves how many it finished.
 * Fails: `Error fetching data` / `Error updating data` (what is left stays recorded).
 */
export async function resumeMarks(ctx: EngineContext, jobs?: MarkJobs): Promise<number> {
  const marks = await ctx.db.tx('fetch', 'r', ['meta'], () => readPendingMarks(ctx.db));
  let finished = 0;
  for (const mark of marks) {
    const ran = await ifFree(mark.key, () => {
      const ids = [...new Set(mark.ids)];
      // A record that names nothing is only deleted: no job for it.
      const info = { flag: flagName(mark.bit), set: mark.on, resumed: true };
      const job = new MarkJob(jobs, ids.length, info, ids.length > 0, mark.done.length);
      const pending = { key: mark.key, written: true };
      return job.run(() => flipAll(ctx, ids, mark.bit, mark.on, pending, job, mark.done));
    });
    // One another tab still writes: the later ones wait for the next start, so an undo never
    // lands before the mark it takes back.
    if (!ran) break;
    finished++;
  }
  return finished;
}

/** A resumable mark's record: its key, and whether it is stored now. */
interface Pending {
  key: string;
  written: boolean;
}

// setFlag's transactions over unique ids; with `pending`, each keeps the record of what is left
// and of what the mark changed (`done`: before this page, for a resumed mark). `job` hears of
// each transaction, and a stop (markJob.ts) ends the mark before the next one. Resolves the ids
// changed, `done` first. Run it through `job.run`, which ends the job with it.
async function flipAll(
  ctx: EngineContext,
  unique: number[],
  bit: number,
  on: boolean,
  pending: Pending | null,
  job: MarkJob,
  done: readonly number[] = [],
): Promise<number[]> {
  const changedAll: number[] = done.slice();
  const readWaits = () => ctx.db.readsWaiting > 0;
  let queue = unique;
  let at = 0;
  // A record to resume that lists nothing still goes.
  if (queue.length === 0 && pending?.written) {
    const { key } = pending;
    await ctx.db.tx('delete', 'rw', ['meta'], () => dropPending(ctx.db, key));
  }
  while (at < queue.length && !job.stopped) {
    const batch = queue.slice(at, at + TX_IDS);
    at += batch.length;
    // The ids after this batch: the record's, and the queue's tail if this transaction ends early.
    const after = queue.slice(at);
    const keep = pending && { ...pending, after, done: changedAll };
    const { flipped: result, left } = await flipInTransaction(ctx, batch, bit, on, readWaits, keep);
    if (pending) pending.written = left.length + after.length > 0;
    // What a transaction that ended early did not reach goes first into the next one. It always
    // reaches its first read's ids, so the mark moves on.
    if (left.length > 0) {
      queue = left.concat(after);
      at = 0;
    }
    job.step(unique.length - (queue.length - at));
    if (!result) continue;
    ctx.index.setFlags(result.changed);
    for (const feed of result.feeds) ctx.feedCache.set(feed.id, feed);
    const changedIds = result.changed.map((item) => item.id);
    changedAll.push(...changedIds);
    const event: EngineEvent =
      bit === FLAG_READ
        ? { type: 'read-changed', ids: changedIds, feedIds: result.feedIds }
        : bit === FLAG_HIDDEN
          ? { type: 'hidden-changed', ids: changedIds, feedIds: result.feedIds }
          : { type: 'saved-changed', ids: changedIds };
    afterItemsWrite(ctx, result.counter, [event]);
  }
  // Stopped: the rest stays as it was, so its record goes (a start must not finish it).
  if (pending?.written && at < queue.length) {
    const { key } = pending;
    await ctx.db.tx('delete', 'rw', ['meta'], () => dropPending(ctx.db, key));
  }
  return changedAll;
}

/** What one transaction of a resumable mark writes beside the flags: the record of the ids left. */
interface Keep extends Pending {
  /** The mark's ids after this transaction's batch. */
  after: number[];
  /** The ids the mark changed before this transaction. */
  done: readonly number[];
}

interface Flipped {
  changed: { id: number; flags: number }[];
  feeds: Feed[];
  feedIds: number[];
  counter: number;
}

// One read-write transaction over `ids`: reads in chunks (whole feeds by getAll where most of a
// feed is wanted), flips the bit, writes each chunk back without waiting, then the feeds' read
// counts and the counter. Only ids and flags are kept across chunks, so memory is two chunks.
function flipInTransaction(
  ctx: EngineContext,
  ids: number[],
  bit: number,
  on: boolean,
  readWaits: () => boolean,
  keep: Keep | null = null,
): Promise<{ flipped: Flipped | null; left: number[] }> {
  return ctx.db.tx('update', 'rw', ['items', 'feeds', 'meta'], async (trans) => {
    const items = ctx.db.table('items');
    // Changed records go to the transaction's own native store, not through Dexie's bulkPut:
    // the mark-read bench's worker profile (20k corpus) put Dexie's layers (four DBCore
    // middlewares, a promise per request) at ~12 µs a record over IndexedDB's own `put`, ~60 ms
    // for a 5,000-item feed. The requests keep the transaction open until they are done, and a
    // failed one makes Dexie abort it, so `ctx.db.tx` still rejects and nothing is written.
    const nativeItems = trans.idbtrans.objectStore('items');
    const feedsTable = ctx.db.table('feeds');
    const reading = bit === FLAG_READ;
    const { ranges, wholeFeeds, rest } = planReads(ctx, ids);
    // The ids each read stands for, in the reads' order: those of reads that never went out are
    // handed back (`left`) when the transaction ends early.
    const covers = coversOf(ctx, ids, ranges, wholeFeeds, rest);
    const reads = [
      ...ranges.map(
        ([lo, hi]) =>
          () =>
            items.where(':id').between(lo, hi, true, true).toArray(),
      ),
      ...wholeFeeds.map((f) => () => items.where('feedId').equals(f).toArray()),
      ...chunks(rest).map((chunk) => () => items.bulkGet(chunk)),
    ];
    const wanted = wholeFeeds.length > 0 || ranges.length > 0 ? new Set(ids) : null;
    // Every first read goes out at once (one round trip, not three): the index knows each
    // item's feed, so the feeds whose readCount may move are read beside the items.
    const first = reads[0]?.() ?? Promise.resolve([]);
    const meta = ctx.db.table('meta');
    const [guessed, bump, summary] = await Promise.all([
      reading ? readFeeds(feedsTable, feedIdsInIndex(ctx, ids)) : Promise.resolve([]),
      prepareCounterBump(ctx.db),
      meta.get(META_KEYS.indexSummary),
    ]);
    const changed: { id: number; flags: number }[] = [];
    const perFeed = new Map<number, number>();
    const tally = new SummaryTally();
    const apply = (found: (StoredItem | undefined)[]) => {
      for (const item of found) {
        if (!item || (wanted && !wanted.has(item.id))) continue;
        // Once only: a whole feed's read may return an item a range read had already (the
        // reads run ahead of the writes, so it would still show the old flags). What is left in
        // `wanted` at the end was not seen.
        wanted?.delete(item.id);
        if (((item.flags & bit) !== 0) === on) continue;
        const before = item.flags;
        item.flags = on ? item.flags | bit : item.flags & ~bit;
        tally.change(item.feedId, before, item.flags);
        nativeItems.put(item);
        changed.push({ id: item.id, flags: item.flags });
        perFeed.set(item.feedId, (perFeed.get(item.feedId) ?? 0) + (on ? 1 : -1));
      }
    };
    // Each read goes out before the one in hand is applied, so IndexedDB reads the next chunk
    // while this thread builds and queues the writes of this one (with one read at a time, each
    // waited for the writes queued before it and the thread idled meanwhile). Two chunks in
    // memory at most.
    // Past MIN_TX_IDS, the transaction ends after the read in hand when a read of this engine
    // waits (see TX_IDS): no further read goes out, and it commits once its writes are done.
    let next: Promise<(StoredItem | undefined)[]> | undefined = first;
    let reached = 0;
    let sent = reads.length;
    for (let k = 0; next; k++) {
      const found = await next;
      reached += covers[k]?.length ?? 0;
      if (k + 1 < reads.length && reached >= MIN_TX_IDS && readWaits()) sent = k + 1;
      next = k + 1 < sent ? reads[k + 1]?.() : undefined;
      apply(found);
    }
    const left = [...new Set(covers.slice(sent).flat())];
    // Ids a whole-feed read did not return (the index placed them in another feed): read by id.
    // Those read by id already (`rest`) stay unseen only when they are not stored; those of
    // reads that did not go out are left for the next transaction.
    if (wanted && wanted.size > 0) {
      const notRead = new Set([...rest, ...left]);
      const missed = [...wanted].filter((id) => !notRead.has(id));
      for (const chunk of chunks(missed)) apply(await items.bulkGet(chunk));
    }
    // The record of what is left, or its end (pendingMark.ts): committed with these flags or not at all.
    if (keep) {
      const remaining = left.concat(keep.after);
      if (remaining.length > 0 || keep.written) {
        const doneNow = remaining.length > 0 ? keep.done.concat(changed.map((c) => c.id)) : [];
        await writePending(ctx.db, keep.key, bit, on, remaining, doneNow);
      }
    }
    if (changed.length === 0) return { flipped: null, left };
    const feeds = reading ? await adjustReadCounts(feedsTable, guessed, perFeed) : [];
    // The flag log (index/flagLog.ts): a start that finds the snapshot behind this change
    // applies it instead of rebuilding the index from every record; the counts summary moves
    // with the change.
    const moved = tally.applyTo(summary?.value, bump.next);
    await Promise.all([
      feeds.length > 0 ? feedsTable.bulkPut(feeds) : null,
      bump.write(),
      meta.put(flagLogRecord(bump.next, changed)),
      moved ? meta.put({ key: META_KEYS.indexSummary, value: moved }) : null,
    ]);
    return { flipped: { changed, feeds, feedIds: [...perFeed.keys()], counter: bump.next }, left };
  });
}

// Inside the caller's transaction: applies per-feed deltas to readCount.
// Feed ids of these items as the in-memory index has them (unknown ids are skipped).
function feedIdsInIndex(ctx: EngineContext, ids: number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    const row = ctx.index.rowOf(id);
    if (row >= 0) out.add(ctx.index.feedId(row));
  }
  return [...out];
}

// Feeds by id; past FEEDS_BY_ID of them, every feed in one `getAll` (feeds are small and few,
// and a selection spread over 500 feeds otherwise costs 500 requests before the items' writes).
const FEEDS_BY_ID = 32;
function readFeeds(table: StoreTable<'feeds'>, ids: number[]): Promise<(Feed | undefined)[]> {
  return ids.length > FEEDS_BY_ID ? table.toArray() : table.bulkGet(ids);
}

// Moves each feed's readCount by its delta (never below 0). Feeds read ahead are used as they
// are; a feed the index did not name (a stale index, another tab's item) is read now.
async function adjustReadCounts(
  table: StoreTable<'feeds'>,
  readAhead: (Feed | undefined)[],
  deltas: Map<number, number>,
): Promise<Feed[]> {
  const byId = new Map<number, Feed>();
  for (const feed of readAhead) if (feed) byId.set(feed.id, feed);
  const missing = [...deltas.keys()].filter((id) => !byId.has(id));
  if (missing.length > 0) for (const feed of await table.bulkGet(missing)) if (feed) byId.set(feed.id, feed);
  const feeds: Feed[] = [];
  for (const [id, delta] of deltas) {
    const feed = byId.get(id);
    if (!feed) continue;
    feed.readCount = Math.max(0, (feed.readCount || 0) + delta);
    feeds.push(feed);
  }
  return feeds;
}
