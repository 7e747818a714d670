import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { scopeRows } from '../items/page';
import type { MarkAllReadScope, UndoToken } from '../types';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { isTagToken, undoTagToken } from '../tags/tags';
import { isTrashToken, restoreTrash } from '../items/trash';
import { type MarkOptions, setFlag } from './flags';
import { type MarkJobs, takeResumedUndo } from './markJob';

/** Read/saved state: the `state` domain of the engine API. */
export interface StateApi {
  /**
   * Marks items read/unread; returns the undo token of what changed (`ids.length` = how many).
   * See `setFlag` for cost and failures.
   */
  markRead(ids: number[], read: boolean): Promise<UndoToken>;
  /** Marks items saved/unsaved; returns the undo token. See `setFlag` for cost and failures. */
  markSaved(ids: number[], saved: boolean): Promise<UndoToken>;
  /**
   * Hides items from every list and count but the Hidden view (a rule's "hide"), or shows them
   * again; returns the undo token. Local only: no sync service has a hidden state.
   */
  markHidden(ids: number[], hidden: boolean): Promise<UndoToken>;
  /** Ids of all hidden items, newest first (the bulk "show again" of the Hidden view). */
  hiddenIds(): Promise<number[]>;
  /**
   * Marks every unread item of a scope read (optionally only pubDate < olderThan); returns the
   * undo token (`ids.length` = how many changed). Selection from the index, written as setFlag
   * does: a mark of more than one transaction is a `mark` job, and stopping that job ends the
   * mark early, resolving the token of what it had marked.
   * Fails: EngineError('bad_query'), `Error updating data: …`.
   */
  markAllRead(scope: MarkAllReadScope): Promise<UndoToken>;
  /**
   * How many items `markAllRead(scope)` would mark now (the count its confirmation names, and
   * "nothing to mark" without asking). From the index: no IndexedDB read, nothing changes.
   * Fails: EngineError('bad_query').
   */
  countUnread(scope: MarkAllReadScope): Promise<number>;
  /**
   * Takes a change back: each item of the token gets its flag's previous value again, with the
   * feeds' read counts and the events that follow any change (with a sync account, the sync
   * layer also withdraws the change from its queue: see worker/sync/undo.ts). Items deleted
   * since are skipped. Idempotent, so a failed undo can simply be retried (writes go in chunks
   * of 5,000, like the change itself). Returns how many items changed back; for an unsubscribe,
   * how many feeds came back (worker/feeds/removeFeeds.ts).
   * Fails: EngineError('bad_input') for a malformed token, EngineError('undo_expired') for an
   * unsubscribe whose copy is gone, `Error updating data: …`.
   */
  undo(token: UndoToken): Promise<number>;
  /**
   * The undo token of a mark an earlier page began and this engine's start finished (its `mark`
   * job, `mark.resumed`, by job id): every article the whole mark changed, before and after the
   * reload. Once (a second call answers null); null for another tab's job or a long-gone one.
   * No I/O.
   */
  resumedUndo(jobId: string): Promise<UndoToken | null>;
  /** Ids of all unread items, newest first. From the index: O(items), no IndexedDB read. */
  unreadIds(): Promise<number[]>;
  /** Ids of all saved items, newest first. From the index: O(items), no IndexedDB read. */
  savedIds(): Promise<number[]>;
}

/**
 * Builds the state domain over an engine context. The person's own marks finish at the next
 * start if the page ends first (state/pendingMark.ts), and a long one is a `mark` job in `jobs`
 * (state/markJob.ts: its progress, and a way to stop it).
 */
export function createStateApi(ctx: EngineContext, jobs?: MarkJobs): StateApi {
  const MINE: MarkOptions = { resumable: true, jobs };
  return {
    markRead: async (ids, read) => ({
      flag: 'read',
      set: read,
      ids: await setFlag(ctx, ids, FLAG_READ, read, MINE),
    }),
    markSaved: async (ids, saved) => ({
      flag: 'saved',
      set: saved,
      ids: await setFlag(ctx, ids, FLAG_SAVED, saved, MINE),
    }),
    markHidden: async (ids, hidden) => ({
      flag: 'hidden',
      set: hidden,
      ids: await setFlag(ctx, ids, FLAG_HIDDEN, hidden, MINE),
    }),
    hiddenIds: () => Promise.resolve(Array.from(ctx.index.hiddenRowsByDate(), (row) => ctx.index.id(row))),
    markAllRead: async (scope) => ({
      flag: 'read',
      set: true,
      ids: await setFlag(ctx, unreadInScope(ctx, scope), FLAG_READ, true, MINE),
    }),
    countUnread: (scope) => new Promise((resolve) => resolve(unreadInScope(ctx, scope).length)),
    undo: async (token) => {
      if (isTagToken(token)) return undoTagToken(ctx, token);
      if (isTrashToken(token)) return restoreTrash(ctx, token);
      const kind = (token as { flag?: unknown } | null)?.flag;
      if (kind === 'unsubscribed' || kind === 'deleted')
        throw new EngineError('bad_input', 'This change cannot be undone (its record is not valid).');
      const { flag, set, ids } = checkToken(token);
      const bit = flag === 'read' ? FLAG_READ : flag === 'saved' ? FLAG_SAVED : FLAG_HIDDEN;
      return (await setFlag(ctx, ids, bit, !set, { ...MINE, undo: true })).length;
    },
    resumedUndo: (jobId) => Promise.resolve(jobs ? takeResumedUndo(jobs, jobId) : null),
    unreadIds: () => Promise.resolve(ctx.index.idsWhereFlags((f) => (f & FLAG_READ) === 0)),
    savedIds: () => Promise.resolve(ctx.index.idsWhereFlags((f) => (f & FLAG_SAVED) !== 0)),
  };
}

/** The token as sent, checked (it crosses the worker boundary, so its shape is not trusted). */
export function checkToken(token: UndoToken): Extract<UndoToken, { flag: 'read' | 'saved' | 'hidden' }> {
  const ok =
    token !== null &&
    typeof token === 'object' &&
    (token.flag === 'read' || token.flag === 'saved' || token.flag === 'hidden') &&
    typeof token.set === 'boolean' &&
    Array.isArray(token.ids) &&
    token.ids.every((id) => Number.isInteger(id));
  if (!ok) throw new EngineError('bad_input', 'This change cannot be undone (its record is not valid).');
  return token;
}

// The unread ids of a scope from the index alone (no IndexedDB read): the rows its list is made
// of (items/page.ts `scopeRows`), so Saved, Today and a tag are counted and marked in one call
// too, not walked a page of rows at a time from the page (at 1M articles a page of 500 rows read
// cold is ~150 ms); and several feeds (a selection in the feed list), each feed's own rows.
function unreadInScope(ctx: EngineContext, scope: MarkAllReadScope): number[] {
  const { index } = ctx;
  let lists: Int32Array[];
  let inScope: ((row: number) => boolean) | null = null;
  let newerThan = -Infinity;
  if (scope.scope === 'feeds') {
    const { ids } = scope;
    if (!Array.isArray(ids) || !ids.every((f) => Number.isInteger(f)))
      throw new EngineError('bad_query', "Scope 'feeds' needs a list of feed ids");
    lists = index.rowsOfFeeds([...new Set(ids)]);
  } else {
    // Hidden articles are in no list but Hidden, which has no mark-all.
    if ((scope.scope as string) === 'hidden')
      throw new EngineError('bad_query', "Scope 'hidden' has no mark-all");
    const selected = scopeRows(ctx, { scope: scope.scope, id: scope.id });
    lists = [selected.rows];
    inScope = selected.test;
    newerThan = selected.minPubDate;
  }
  const olderThan = scope.olderThan ?? Infinity;
  const ids: number[] = [];
  for (const list of lists)
    for (const row of list) {
      const date = index.pubDate(row);
      if ((index.flags(row) & FLAG_READ) !== 0 || date >= olderThan || date < newerThan) continue;
      if (inScope && !inScope(row)) continue;
      ids.push(index.id(row));
    }
  return ids;
}
