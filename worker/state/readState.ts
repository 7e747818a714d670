import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { feedIdsOfGroup } from '../items/page';
import { FLAG_READ, FLAG_SAVED, type MarkAllReadScope } from '../types';
import { setFlag } from './flags';

/** Read/saved state: the `state` domain of the engine API. */
export interface StateApi {
  /** Marks items read/unread. See `setFlag` for cost and failures. */
  markRead(ids: number[], read: boolean): Promise<void>;
  /** Marks items saved/unsaved. See `setFlag` for cost and failures. */
  markSaved(ids: number[], saved: boolean): Promise<void>;
  /**
   * Marks every unread item of a scope read (optionally only pubDate < olderThan); returns how
   * many changed. Selection from the index, writes in chunks of 5,000.
   * Fails: EngineError('bad_query'), `Error updating data: …`.
   */
  markAllRead(scope: MarkAllReadScope): Promise<number>;
  /** Ids of all unread items, newest first. From the index: O(items), no IndexedDB read. */
  unreadIds(): Promise<number[]>;
  /** Ids of all saved items, newest first. From the index: O(items), no IndexedDB read. */
  savedIds(): Promise<number[]>;
}

/** Builds the state domain over an engine context. */
export function createStateApi(ctx: EngineContext): StateApi {
  return {
    markRead: async (ids, read) => void (await setFlag(ctx, ids, FLAG_READ, read)),
    markSaved: async (ids, saved) => void (await setFlag(ctx, ids, FLAG_SAVED, saved)),
    markAllRead: async (scope) => (await setFlag(ctx, unreadInScope(ctx, scope), FLAG_READ, true)).length,
    unreadIds: () => Promise.resolve(ctx.index.idsWhereFlags((f) => (f & FLAG_READ) === 0)),
    savedIds: () => Promise.resolve(ctx.index.idsWhereFlags((f) => (f & FLAG_SAVED) !== 0)),
  };
}

function unreadInScope(ctx: EngineContext, scope: MarkAllReadScope): number[] {
  const { index } = ctx;
  let feeds: Set<number> | null = null;
  if (scope.scope === 'feed' || scope.scope === 'group') {
    if (typeof scope.id !== 'number')
      throw new EngineError('bad_query', `Scope '${scope.scope}' needs an id`);
    feeds = scope.scope === 'feed' ? new Set([scope.id]) : feedIdsOfGroup(ctx, scope.id);
  } else if (scope.scope !== 'all') {
    throw new EngineError('bad_query', `Unknown scope '${String(scope.scope)}'`);
  }
  const olderThan = scope.olderThan ?? Infinity;
  const ids: number[] = [];
  for (const row of index.rowsByDate()) {
    if ((index.flags(row) & FLAG_READ) !== 0 || index.pubDate(row) >= olderThan) continue;
    if (feeds && !feeds.has(index.feedId(row))) continue;
    ids.push(index.id(row));
  }
  return ids;
}
