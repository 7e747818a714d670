/**
 * "Mark all read" for a list scope, everything or only items older than a day or a week.
 * The engine marks whole feeds, groups or everything in one call; Saved and Today have no such
 * call, so their unread ids are walked page by page (500 per call) and marked in chunks.
 */
import type { EngineRemote } from '../engine/contract';
import { withEngine } from '../queries/engine';

/** A list scope with a real meaning in the engine. */
export interface ListScope {
  scope: 'all' | 'feed' | 'group' | 'saved' | 'today';
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

async function walkUnread(e: EngineRemote, s: ListScope, olderThan: number | undefined): Promise<number> {
  let cursor: string | null = null;
  let marked = 0;
  do {
    const page = await e.items.page({ scope: s.scope, id: s.id, unreadOnly: true, limit: 500, cursor });
    const ids = page.rows.filter((r) => olderThan === undefined || r.pubDate < olderThan).map((r) => r.id);
    if (ids.length > 0) await e.state.markRead(ids, true);
    marked += ids.length;
    cursor = page.next;
  } while (cursor);
  return marked;
}

/** Marks the scope's unread items read (optionally only older ones); resolves how many changed. */
export function markScopeRead(
  s: ListScope,
  age: MarkAge,
  now = Math.floor(Date.now() / 1000),
): Promise<number> {
  const olderThan = olderThanFor(age, now);
  return withEngine((e) => {
    if (s.scope === 'saved' || s.scope === 'today') return walkUnread(e, s, olderThan);
    return e.state.markAllRead({ scope: s.scope, id: s.id, olderThan });
  });
}
