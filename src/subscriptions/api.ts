/**
 * The subscription-side engine calls the UI makes (discover, preview, subscribe, refresh, jobs,
 * OPML, icons, feed and group edits), in one file so every screen shares one typed entry point.
 * Each call waits for the engine to be ready and rejects with the engine's error (code + message).
 */
import type { Feed, UndoToken } from '../engine/contract';
import { withEngine } from '../queries/engine';
import type { Candidate, FeedPreview, JobProgress } from '../../worker/types';

export type { Candidate, FeedPreview, JobProgress };

/** What `refresh.start` covers. */
export interface RefreshScope {
  scope: 'all' | 'group' | 'feed' | 'feeds';
  id?: number;
  /** The feeds of a 'feeds' scope. */
  ids?: number[];
  /** Fetch even feeds that are backed off or not yet due. */
  force?: boolean;
}

/** The answer of `subscriptions.subscribe`. */
export interface SubscribeResult {
  feedId: number;
  alreadySubscribed: boolean;
  added: number;
}

/** Looks up feeds for a feed, page or site address (scheme optional). One or a few fetches. */
export const discover = (input: string): Promise<Candidate[]> =>
  withEngine((e) => e.subscriptions.discover(input));

/** Fetches and parses a feed without storing it. One fetch (cached briefly by the engine). */
export const preview = (url: string): Promise<FeedPreview> => withEngine((e) => e.subscriptions.preview(url));

/** Subscribes to `url` in a group (existing `groupId`, or a new one titled `newGroupTitle`). */
export const subscribe = (input: {
  url: string;
  groupId?: number;
  newGroupTitle?: string;
  title?: string;
  /** 'local': this browser only, even with a Google Reader account connected. */
  into?: 'local';
}): Promise<SubscribeResult> => withEngine((e) => e.subscriptions.subscribe(input));

/** Starts a refresh job and returns its id (an existing job's id when one already covers it). */
export const startRefreshJob = (scope: RefreshScope): Promise<string> =>
  withEngine((e) => e.refresh.start(scope));

/** Refreshes the feeds that are due; null when none is. */
export const refreshDue = (): Promise<string | null> => withEngine((e) => e.refresh.due());

/** Tells the engine the automatic refresh interval (seconds). */
export const configureRefresh = (intervalSeconds: number): Promise<void> =>
  withEngine((e) => e.refresh.configure({ intervalSeconds }));

/**
 * Tells the engine the retention policy (`general.retentionDays`, 0 = keep everything); the
 * engine stores it and applies it after each refresh.
 */
export const configureRetention = (days: number): Promise<void> =>
  withEngine((e) => e.retention.configure({ days }));

/** Deletes now what the retention policy of `days` would delete; resolves how many went. */
export const applyRetention = (days: number): Promise<{ removed: number; undo: UndoToken | null }> =>
  withEngine((e) => e.retention.apply(days, { keep: true }));

/** Cancels a running job; resolves once it stopped. */
export const cancelJob = (jobId: string): Promise<void> => withEngine((e) => e.jobs.cancel(jobId));

/** A job's progress, or null when unknown. */
export const getJob = (jobId: string): Promise<JobProgress | null> => withEngine((e) => e.jobs.get(jobId));

/** Running and recently finished jobs, newest first. */
export const listJobs = (): Promise<JobProgress[]> => withEngine((e) => e.jobs.list());

/** Starts an OPML import job over the document text; rejects on a document that is not OPML. */
export const importOpml = (text: string, opts: { into?: 'local' } = {}): Promise<string> =>
  withEngine((e) => e.opml.import(text, opts));

/** Every feed and group as an OPML document. */
export const exportOpml = (): Promise<string> => withEngine((e) => e.opml.export());

/** Feed-read priority scores by feed id (lower = read more). */
export const feedScores = (): Promise<Record<number, number>> => withEngine((e) => e.feeds.scores());

/** Cached site icons (data URLs) by feed id; absent or null when there is none. */
export const feedIcons = (ids: number[]): Promise<Record<number, string | null>> =>
  withEngine((e) => e.icons.getMany(ids));

export const renameFeed = (id: number, title: string): Promise<void> =>
  withEngine((e) => e.feeds.rename(id, title));

export const setFeedFullText = (id: number, on: boolean): Promise<void> =>
  withEngine((e) => e.fullText.setAlways(id, on));

export const setFeedTranslateTitles = (id: number, on: boolean): Promise<void> =>
  withEngine((e) => e.ai.setTranslateTitles(id, on));

/** Whether whole-article fetches may reach private networks (`general.allowPrivateNetworks`). */
export const configureFullText = (allowPrivate: boolean): Promise<void> =>
  withEngine((e) => e.fullText.configure({ allowPrivate }));

export const setFeedUrl = (id: number, url: string): Promise<void> =>
  withEngine((e) => e.feeds.setUrl(id, url));

/** Moves feeds to a group (-1 = ungrouped). */
export const moveFeeds = (ids: number[], groupId: number): Promise<void> =>
  withEngine((e) => e.feeds.move(ids, groupId));

/**
 * Unsubscribes: deletes the feeds and all their items; resolves the undo token when the engine
 * kept a copy for Undo (worker/feeds/removeFeeds.ts), else null.
 */
export const deleteFeeds = (ids: number[]): Promise<UndoToken | null> =>
  withEngine((e) => e.feeds.deleteMany(ids));

/** Whether unsubscribing these feeds could be undone (none synced, few enough articles). */
export const unsubscribeUndoable = (ids: number[]): Promise<boolean> =>
  withEngine((e) => e.feeds.undoable(ids));

/** Every feed (the feeds domain's list; the feed list's query holds the same). */
export const listFeeds = (): Promise<Feed[]> => withEngine((e) => e.feeds.list());

/** Creates a group; returns its id. */
export const createGroup = (title: string): Promise<number> => withEngine((e) => e.groups.save({ title }));

export const renameGroup = (id: number, title: string): Promise<void> =>
  withEngine((e) => e.groups.rename(id, title));

/** Deletes a group; its feeds become ungrouped. */
export const deleteGroup = (id: number): Promise<void> => withEngine((e) => e.groups.delete(id));

/** Marks every item of a feed, a group or everything read; resolves the undo token of what changed. */
export const markAllRead = (scope: 'feed' | 'group' | 'all', id?: number): Promise<UndoToken> =>
  withEngine((e) => e.state.markAllRead({ scope, ...(id === undefined ? {} : { id }) }));

/**
 * Marks every item of these feeds read in one engine call (one change to undo, one `mark` job
 * with its bar, one record a start finishes); resolves the undo token of what changed.
 */
export const markFeedsAllRead = (feedIds: readonly number[]): Promise<UndoToken> =>
  withEngine((e) => e.state.markAllRead({ scope: 'feeds', ids: [...feedIds] }));

/**
 * Number of items stored per feed (0 for a feed without items), for the feed table. One engine
 * call for all feeds, answered from the engine's in-memory index.
 */
export const itemCountsByFeed = (feeds: readonly Feed[]): Promise<Record<number, number>> =>
  withEngine(async (e) => {
    const counts = await e.feeds.itemCounts();
    const out: Record<number, number> = {};
    for (const f of feeds) out[f.id] = counts[f.id]?.total ?? 0;
    return out;
  });
