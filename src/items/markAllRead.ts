/**
 * "Mark all read" for a list scope, everything or only items older than a day or a week.
 * The engine marks whole feeds, groups or everything in one call; Saved and Today have no such
 * call (nor do tags), so their unread ids are walked page by page (500 per call) and marked in chunks.
 * A filter's results are walked through the list's own pages.
 */
import type { EngineRemote, ItemRow, Page, UndoToken } from '../engine/contract';
import { FLAG_READ } from '../../shared/flags';
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

async function walkUnread(e: EngineRemote, s: ListScope, olderThan: number | undefined): Promise<UndoToken> {
  let cursor: string | null = null;
  const marked: number[] = [];
  do {
    const page = await e.items.page({ scope: s.scope, id: s.id, unreadOnly: true, limit: 500, cursor });
    const ids = page.rows.filter((r) => olderThan === undefined || r.pubDate < olderThan).map((r) => r.id);
    if (ids.length > 0) marked.push(...(await e.state.markRead(ids, true)).ids);
    cursor = page.next;
  } while (cursor);
  return { flag: 'read', set: true, ids: marked };
}

/** A list's own pages (a filter's results): rows with their flags, and the next cursor. */
export type ListPages = (cursor: string | null) => Promise<Page<ItemRow>>;

/**
 * Marks the unread rows of a list without a scope (a filter's results) read, walking its own
 * pages; resolves the undo token of what changed. What the list shows is what gets marked.
 */
export async function markListRead(
  pages: ListPages,
  age: MarkAge,
  now = Math.floor(Date.now() / 1000),
): Promise<UndoToken> {
  const olderThan = olderThanFor(age, now);
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<ItemRow> = await pages(cursor);
    for (const r of page.rows)
      if ((r.flags & FLAG_READ) === 0 && (olderThan === undefined || r.pubDate < olderThan)) ids.push(r.id);
    cursor = page.next;
  } while (cursor);
  const marked: number[] = [];
  await withEngine(async (e) => {
    for (let i = 0; i < ids.length; i += 5000)
      marked.push(...(await e.state.markRead(ids.slice(i, i + 5000), true)).ids);
  });
  return { flag: 'read', set: true, ids: marked };
}

/**
 * Marks the scope's unread items read (optionally only older ones); resolves the undo token of
 * what changed (`ids.length` = how many).
 */
export function markScopeRead(
  s: ListScope,
  age: MarkAge,
  now = Math.floor(Date.now() / 1000),
): Promise<UndoToken> {
  const olderThan = olderThanFor(age, now);
  return withEngine((e) => {
    if (s.scope === 'saved' || s.scope === 'today' || s.scope === 'tag') return walkUnread(e, s, olderThan);
    return e.state.markAllRead({ scope: s.scope, id: s.id, olderThan });
  });
}
