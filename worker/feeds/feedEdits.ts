/**
 * Edits of feeds the feed list needs (rename, new URL, move, bulk unsubscribe) and the
 * priority-score calls; merged into the `feeds` domain by engine.ts. Group edits live in
 * worker/groups/groupEdits.ts.
 */
import { EngineError } from '../errors';
import { patchFeed } from './refresh/patchFeed';
import { removeFeeds, undoable, type UnsubscribeToken } from './removeFeeds';
import { NEVER_FETCHED } from './refresh/status';
import type { Feed } from '../types';
import { feedScores, nextUnreadFeed } from './scores';
import type { FeedServices } from '../subscriptions/services';
import { findSubscribed } from '../subscriptions/urlKey';

/** Additions to the `feeds` domain. */
export interface FeedEditsApi {
  /** Renames a feed; emits `feeds-changed`. Fails: EngineError('bad_input' | 'not_found'). */
  rename(id: number, title: string): Promise<void>;
  /**
   * Points a feed at a new absolute http(s) address and forgets its validators, error and
   * backoff (a new address is a new resource); items stay. Emits `feeds-changed`.
   * Fails: EngineError `bad_url`, `bad_scheme`, `duplicate` (another feed has this address,
   * compared as subscribe does), `not_found`.
   */
  setUrl(id: number, url: string): Promise<void>;
  /**
   * Moves feeds to a group (-1 = no group) in one transaction; unknown feed ids are skipped.
   * Emits one `feeds-changed`. Fails: EngineError('bad_input') for an unknown group.
   */
  move(ids: number[], groupId: number): Promise<void>;
  /**
   * Unsubscribes: deletes these feeds, all their items, their AI summaries, the feeds'
   * tombstones and cached icons in one transaction, and answers the undo token when a copy was
   * kept for Undo (`state.undo` puts it back), else null (see worker/feeds/removeFeeds.ts).
   * Emits `items-removed` and `feeds-changed`. Fails: storage errors (nothing deleted).
   */
  deleteMany(ids: number[]): Promise<UnsubscribeToken | null>;
  /** Whether unsubscribing these feeds could be undone (none synced, few enough articles). No I/O. */
  undoable(ids: number[]): Promise<boolean>;
  /** Priority score per feed id; see scores.ts for the formula and edge cases. No I/O. */
  scores(): Promise<Record<number, number>>;
  /** The next feed with unread items in the priority walk; see `nextUnreadFeed`. No I/O. */
  nextUnread(currentFeedId: number | null, direction: 1 | -1): Promise<number | null>;
}

const ids = (list: unknown): number[] =>
  Array.isArray(list) ? [...new Set(list.filter((id): id is number => Number.isInteger(id)))] : [];

/** A trimmed, non-empty title. Fails: EngineError('bad_input') naming `what` (feed, group). */
export function checkedTitle(title: unknown, what: string): string {
  const t = typeof title === 'string' ? title.trim() : '';
  if (!t) throw new EngineError('bad_input', `A ${what} needs a title`);
  return t;
}

/** Builds the feed edits over the shared services. */
export function createFeedEditsApi(s: FeedServices): FeedEditsApi {
  const { ctx } = s;
  return {
    rename: async (id, title) => void (await patchFeed(ctx, id, { title: checkedTitle(title, 'feed') })),
    async setUrl(id, url) {
      let parsed: URL;
      try {
        parsed = new URL(String(url).trim());
      } catch {
        throw new EngineError('bad_url', `This is not a valid web address: ${String(url)}`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        throw new EngineError(
          'bad_scheme',
          `Only http and https addresses can be used, not ${parsed.protocol}`,
        );
      const other = findSubscribed(ctx, [parsed.href], id);
      if (other)
        throw new EngineError(
          'duplicate',
          `Another feed (${other.title || other.url}) already has this address`,
          {
            feedId: other.id,
          },
        );
      await patchFeed(ctx, id, { ...NEVER_FETCHED, url: parsed.href });
    },
    async move(list, groupId) {
      if (groupId !== -1 && !ctx.groupCache.has(groupId))
        throw new EngineError('bad_input', `Group ${groupId} does not exist`);
      const wanted = ids(list);
      const moved = await ctx.db.tx('update', 'rw', ['feeds'], async () => {
        const table = ctx.db.table('feeds');
        const found = (await table.bulkGet(wanted)).filter((f): f is Feed => f !== undefined);
        for (const feed of found) feed.groupId = groupId;
        await table.bulkPut(found);
        return found;
      });
      for (const feed of moved) ctx.feedCache.set(feed.id, feed);
      if (moved.length)
        ctx.events.emit({ type: 'feeds-changed', feedIds: moved.map((f) => f.id) }, ctx.applied.counter);
    },
    deleteMany: (list) => removeFeeds(ctx, ids(list), true),
    undoable: (list) => Promise.resolve(undoable(ctx, ids(list))),
    scores: () => Promise.resolve(feedScores(ctx)),
    nextUnread: (current, direction) => Promise.resolve(nextUnreadFeed(ctx, current, direction)),
  };
}
