/**
 * Retention: optionally deletes read articles older than N days (a hidden article counts as read:
 * a rule muted it, and unread it would stay forever). Unread and saved articles are kept forever, and so are each feed's newest KEEP_PER_FEED articles (what a reader scrolling
 * one feed expects to find). A deleted article leaves a tombstone of its dedupe key (see
 * tombstones.ts), so a feed that still lists it does not bring it back as unread; its AI
 * summaries go with it.
 *
 * The policy (`configure`) is stored in the meta store, and the engine applies it by itself after
 * each refresh job of this tab ends, so no UI component has to be mounted for it and a worker
 * restart keeps it.
 */
import { deleteItems, readItems } from '../db/itemsStore';
import { META_KEYS } from '../db/meta';
import { bumpLogged } from '../index/flagLog';
import type { StoreName } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { EngineError } from '../errors';
import { keepTrash, readExtras, TRASH_LIMITS, type TrashLimits, type TrashParts } from '../items/trash';
import type { JobProgress, UndoToken } from '../types';
import { dropSummariesOf, pruneOrphanSummaries } from './summaries';
import { buryItems } from './tombstones';

/** Newest articles of each feed that retention never deletes (see the module note). */
export const KEEP_PER_FEED = 50;
/** Deletes per transaction. */
const CHUNK = 5000;

/** The `retention` domain of the engine API. */
export interface RetentionApi {
  /**
   * Deletes read, unsaved articles published more than `days` days ago (except each feed's
   * newest 50). `days` ≤ 0 or not a number: does nothing. Resolves with how many were deleted.
   * Selection from the index (no IndexedDB scan); deletes in transactions of 5,000, each also
   * writing the tombstones of the deleted dedupe keys, dropping their summaries and bumping the
   * change counter (so a failure keeps earlier chunks deleted and later ones intact); emits
   * `items-removed`. Then sweeps summaries whose article is gone (a failure there is logged,
   * not thrown: the deletions stand). With `keep` (the person's "Delete now", not the policy
   * after a refresh), keeps a copy for Undo when there are few enough (worker/items/trash.ts;
   * their whole articles are then deleted with them, into the copy) and answers its token in
   * `undo`, else null. Fails with the storage error texts.
   */
  apply(days: number, opts?: { keep?: boolean }): Promise<{ removed: number; undo: UndoToken | null }>;
  /**
   * How many articles `apply(days)` would delete now, and whether a kept deletion of them
   * could be undone (few enough for the copy). From the index; no I/O.
   */
  preview(days: number): Promise<{ removed: number; undoable: boolean }>;
  /**
   * Sets the policy applied after each refresh of this engine: `days` 0 (keep everything) or a
   * whole number of days up to 3650. Stored in the meta store (survives a worker restart). Does
   * not delete anything by itself. Fails: EngineError('bad_input'), the storage error texts.
   */
  configure(policy: RetentionPolicy): Promise<void>;
  /** The stored policy (`days: 0` when never configured). */
  policy(): Promise<RetentionPolicy>;
}

/** What retention keeps: read, unsaved articles older than `days` days go (0: none go). */
export interface RetentionPolicy {
  days: number;
}

/** Longest retention accepted, days (the setting's range). */
export const MAX_RETENTION_DAYS = 3650;

const isPolicy = (p: unknown): p is RetentionPolicy => {
  const days = (p as Partial<RetentionPolicy> | null)?.days;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= MAX_RETENTION_DAYS;
};

/** Jobs the retention domain asks about: whether a finished job ran in this engine. */
export interface LocalJobs {
  get(id: string): JobProgress | null;
}

/** Ids `apply` would delete, with their feeds. O(items). */
export function expiredItems(ctx: EngineContext, days: number): { ids: number[]; feedIds: number[] } {
  if (typeof days !== 'number' || !Number.isFinite(days) || days <= 0) return { ids: [], feedIds: [] };
  const cutoff = ctx.now() - Math.floor(days * 86400);
  const { index } = ctx;
  const seen = new Map<number, number>();
  const ids: number[] = [];
  const feeds = new Set<number>();
  // Newest first, so the first KEEP_PER_FEED visible rows of each feed are its newest. Hidden
  // rows are looked at too (they are in no list, so they take no place among the newest) and
  // count as read: muted by a rule, they would otherwise stay forever.
  for (const row of index.allRowsByDate()) {
    const feedId = index.feedId(row);
    const flags = index.flags(row);
    if ((flags & FLAG_HIDDEN) === 0) {
      const rank = (seen.get(feedId) ?? 0) + 1;
      seen.set(feedId, rank);
      if (rank <= KEEP_PER_FEED) continue;
    }
    const done = (flags & (FLAG_READ | FLAG_HIDDEN)) !== 0;
    if (!done || (flags & FLAG_SAVED) !== 0 || index.pubDate(row) >= cutoff) continue;
    ids.push(index.id(row));
    feeds.add(feedId);
  }
  return { ids, feedIds: [...feeds] };
}

/**
 * Deletes what `expiredItems` selects (see `RetentionApi.apply`), keeping a copy for Undo with
 * `keep` when it fits `limits`: the copy is given up (the deletions go on) once the texts read so
 * far pass `limits.chars`.
 */
export async function applyRetention(
  ctx: EngineContext,
  days: number,
  keep: boolean,
  limits: TrashLimits = TRASH_LIMITS,
): Promise<{ removed: number; undo: UndoToken | null }> {
  const { ids, feedIds } = expiredItems(ctx, days);
  let kept: TrashParts | null =
    keep && ids.length > 0 && ids.length <= limits.articles
      ? { feeds: [], groups: [], items: [], summaries: [], fullTexts: [], meta: [], buried: true }
      : null;
  let chars = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const stores: StoreName[] = ['items', 'meta', 'summaries', ...(kept ? (['fullTexts'] as const) : [])];
    const counter = await ctx.db.tx('delete', 'rw', stores, async () => {
      const items = ctx.db.table('items');
      const found = await readItems(items, part);
      if (kept) {
        const extras = await readExtras(ctx, found);
        chars += extras.chars;
        if (chars > limits.chars) kept = null;
        else {
          kept.items.push(...found);
          kept.summaries.push(...extras.summaries);
          kept.fullTexts.push(...extras.fullTexts);
        }
      }
      await deleteItems(items, part);
      await buryItems(ctx.db, found, ctx.now());
      await dropSummariesOf(ctx.db, part);
      return bumpLogged(ctx.db, 'removed', part, ctx.applied.counter);
    });
    ctx.index.remove(part);
    afterItemsWrite(ctx, counter, i + CHUNK >= ids.length ? [{ type: 'items-removed', feedIds }] : []);
  }
  await pruneOrphanSummaries(ctx.db).catch((err: unknown) =>
    console.warn('Rivulet: summaries of deleted articles not pruned', err),
  );
  const undo: UndoToken | null = kept ? { flag: 'deleted', trash: keepTrash(ctx, kept), ids } : null;
  return { removed: ids.length, undo };
}

/**
 * Builds the retention domain. With `jobs`, applies the stored policy after each refresh job of
 * this engine ends (done or cancelled; jobs of other tabs are theirs to follow), one run at a
 * time; a failure is logged (the next refresh tries again).
 */
export function createRetentionApi(ctx: EngineContext, jobs?: LocalJobs): RetentionApi {
  let stored: Promise<RetentionPolicy> | null = null;
  const policy = () =>
    (stored ??= ctx.stores.meta.get(META_KEYS.retentionPolicy).then(
      (p) => (isPolicy(p) ? { days: p.days } : { days: 0 }),
      (err: unknown) => {
        stored = null;
        throw err;
      },
    ));
  let chain: Promise<unknown> = Promise.resolve();
  const api: RetentionApi = {
    apply: (days, opts) => applyRetention(ctx, days, opts?.keep === true),
    preview: (days) => {
      const removed = expiredItems(ctx, days).ids.length;
      return Promise.resolve({ removed, undoable: removed <= TRASH_LIMITS.articles });
    },
    async configure(next) {
      if (!isPolicy(next))
        throw new EngineError(
          'bad_input',
          `Retention must be 0 or a whole number of days up to ${MAX_RETENTION_DAYS}`,
        );
      const value = { days: next.days };
      await ctx.stores.meta.set(META_KEYS.retentionPolicy, value);
      stored = Promise.resolve(value);
    },
    policy: () => policy().then((p) => ({ ...p })),
  };
  if (jobs)
    ctx.events.on((e) => {
      if (e.type !== 'job' || e.job.kind !== 'refresh' || e.job.state === 'running') return;
      if (!jobs.get(e.job.id)) return;
      chain = chain
        .then(() => policy())
        .then((p) => (p.days > 0 ? api.apply(p.days) : null))
        .catch((err: unknown) => console.warn('Rivulet: retention after refresh failed', err));
    });
  return api;
}
