/**
 * How a bulk mark reads the records it changes (state/flags.ts): which ids go by key range, which
 * feeds are read whole by their index range, which ids go one by one in chunks, and which ids
 * each of those reads stands for (so a transaction that ends early can hand on what it did not
 * reach). From the in-memory index; no IndexedDB access here.
 */
import type { EngineContext } from '../engineContext';
import { keyRuns } from '../db/keyRuns';
import { firstTrue } from '../index/firstTrue';

// The most records one read returns: a whole feed read by its feed id (see WHOLE_FEED_MIN).
const WHOLE_FEED_MAX = 5000;
// Ids (or keys of a range) per read by id or by key range. Each read goes out while the worker
// still queues the writes of the one before, and IndexedDB streams the writes as they come, so
// smaller reads keep both sides busy, as the raw anchor's per-record get → put does (100k bench,
// 10,000 ids: 1.01× the anchor with reads of 5,000, 0.99× with 1,000; within its noise).
const READ_CHUNK = 1000;
// A feed that gives at least this many of a transaction's ids, and at least half of its items
// (and has no more than WHOLE_FEED_MAX), is read with one `getAll` over its range of the
// `[feedId+dedupeKey]` index instead of one `get` per id: a request each made "mark this feed
// read" slower than one raw transaction.
const WHOLE_FEED_MIN = 500;
// Ids that come in runs of consecutive keys (a feed's items are stored in one transaction per
// fetch, so a whole feed or a long stretch of one is a few runs) are read with one `getAll` over
// the key range: one request, and a plain walk of the store instead of the dedupe index's walk
// plus a lookup per entry (which is what the raw anchor does). A run may skip one key between
// wanted ids (another feed's item, or a read one), so a range reads at most twice what it needs.
const RUN_MIN = 256;
const RUN_GAP = 2;

/**
 * The ids of `ids` each read of a plan stands for, in the order flipInTransaction sends them:
 * each key range's, each whole feed's (as the index places them), then each chunk of `rest`.
 */
export function coversOf(
  ctx: EngineContext,
  ids: number[],
  ranges: [number, number][],
  wholeFeeds: number[],
  rest: number[],
): number[][] {
  const sorted = [...ids].sort((a, b) => a - b);
  const from = (key: number): number => firstTrue(sorted.length, (i) => (sorted[i] as number) >= key);
  const inRanges = ranges.map(([lo, hi]) => sorted.slice(from(lo), from(hi + 1)));
  const covered = new Set(inRanges.flat());
  const restSet = new Set(rest);
  const byFeed = new Map<number, number[]>(wholeFeeds.map((f) => [f, []]));
  for (const id of ids) {
    if (covered.has(id) || restSet.has(id)) continue;
    const row = ctx.index.rowOf(id);
    if (row >= 0) byFeed.get(ctx.index.feedId(row))?.push(id);
  }
  return [...inRanges, ...wholeFeeds.map((f) => byFeed.get(f) ?? []), ...chunks(rest)];
}

interface ReadPlan {
  /** Inclusive key ranges to read whole (see RUN_MIN), each at most READ_CHUNK keys. */
  ranges: [number, number][];
  /** Feeds to read whole by their range of the dedupe index (see WHOLE_FEED_MIN). */
  wholeFeeds: number[];
  /** Ids left to read one by one. */
  rest: number[];
}

// Which key ranges and feeds to read whole, and the ids left to read one by one.
export function planReads(ctx: EngineContext, ids: number[]): ReadPlan {
  const { ranges, rest } = planRanges(ids);
  return { ranges, ...planWholeFeeds(ctx, rest) };
}

/** Splits ids into runs of near-consecutive keys (read by range) and the rest. Exported for tests. */
export function planRanges(ids: number[]): { ranges: [number, number][]; rest: number[] } {
  if (ids.length < RUN_MIN) return { ranges: [], rest: ids };
  return keyRuns(ids, RUN_MIN, RUN_GAP, READ_CHUNK);
}

// Which feeds to read whole (see WHOLE_FEED_MIN) and the ids left to read one by one.
function planWholeFeeds(ctx: EngineContext, ids: number[]): { wholeFeeds: number[]; rest: number[] } {
  const { index } = ctx;
  const perFeed = new Map<number, number>();
  for (const id of ids) {
    const row = index.rowOf(id);
    if (row >= 0) perFeed.set(index.feedId(row), (perFeed.get(index.feedId(row)) ?? 0) + 1);
  }
  const whole = new Set<number>();
  for (const [feedId, n] of perFeed) {
    if (n < WHOLE_FEED_MIN) continue;
    // A count, not `rowsOfFeed`: that sorts every row after each ingest, and seeding 600k items
    // (a feed ingested, then its read marks) spent 49 s of 449 in that sort.
    const size = index.feedSize(feedId);
    if (n * 2 >= size && size <= WHOLE_FEED_MAX) whole.add(feedId);
  }
  if (whole.size === 0) return { wholeFeeds: [], rest: ids };
  const rest = ids.filter((id) => {
    const row = index.rowOf(id);
    return row < 0 || !whole.has(index.feedId(row));
  });
  return { wholeFeeds: [...whole], rest };
}

export function chunks(ids: number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += READ_CHUNK) out.push(ids.slice(i, i + READ_CHUNK));
  return out;
}
