/**
 * "Mark all read" for a list scope, everything or only items older than a day or a week, in two
 * steps: a plan counts what would be marked (so the confirmation names the count, and a choice
 * that finds nothing says so without asking), then `run` marks it.
 * The engine counts and marks every scope (everything, a feed, a group, Saved, Today, a tag) from
 * its index in one call each, and names a filter's unread results in one call.
 */
import type { EngineRemote, UndoToken } from '../engine/contract';
import { withEngine } from '../queries/engine';

/** A list scope with a real meaning in the engine. */
export interface ListScope {
  scope: 'all' | 'feed' | 'group' | 'saved' | 'today' | 'tag';
  id?: number;
}

/** The three choices of the mark-all-read menu. */
export type MarkAge = 'all' | 'day' | 'week';

/** The choices in menu order (their labels are `items.markAges.*` in the dictionaries). */
export const MARK_AGES: readonly MarkAge[] = ['all', 'day', 'week'];

/** The `olderThan` cut-off (Unix seconds) for a choice, undefined for everything. */
export function olderThanFor(age: MarkAge, now: number): number | undefined {
  if (age === 'day') return now - 86_400;
  if (age === 'week') return now - 7 * 86_400;
  return undefined;
}

/** What a mark-all choice would mark, and the call that marks it. */
export interface MarkPlan {
  /** How many unread articles the choice covers now. */
  count: number;
  /** Marks them; resolves the undo token of what changed (`ids.length` = how many). */
  run: () => Promise<UndoToken>;
}

/**
 * Marks `ids` read in one engine call: a mark of many ids is then one change to undo, one `mark`
 * job with its progress bar and Stop, and one record a start finishes if the page closes first
 * (worker/state/flags.ts commits it in transactions of its own size).
 */
function markIds(ids: number[]): () => Promise<UndoToken> {
  return () => withEngine((e) => e.state.markRead(ids, true));
}

/** A filter's selection (its query, or its keywords), as the engine runs it. */
export type FilterSource = Parameters<EngineRemote['query']['unreadIds']>[0];

/**
 * Plans marking a filter's unread results read (optionally only older ones): the engine names
 * them from its index in one call (what the list shows, in its order), and exactly those are
 * marked. Fails as the filter's own list does (a query that cannot run).
 */
export async function planFilterRead(
  filter: FilterSource,
  age: MarkAge,
  now = Math.floor(Date.now() / 1000),
): Promise<MarkPlan> {
  const olderThan = olderThanFor(age, now);
  const ids = await withEngine((e) => e.query.unreadIds(filter, olderThan));
  return { count: ids.length, run: markIds(ids) };
}

/**
 * Plans marking the scope's unread items read (optionally only older ones): every scope is
 * counted and marked by the engine from its index, in one call each (what arrived between the
 * two is marked too, as the list shows it).
 */
export async function planScopeRead(
  s: ListScope,
  age: MarkAge,
  now = Math.floor(Date.now() / 1000),
): Promise<MarkPlan> {
  const olderThan = olderThanFor(age, now);
  const { scope, id } = s;
  const count = await withEngine((e) => e.state.countUnread({ scope, id, olderThan }));
  return { count, run: () => withEngine((e) => e.state.markAllRead({ scope, id, olderThan })) };
}
