/**
 * n / N: the next or previous feed with unread articles in the order the sidebar shows them
 * (groups by title, their feeds by title or by priority score as the sidebar is sorted, then
 * feeds in no group). The order is the one on screen, so it does not change as you read.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Counts, Feed, Group } from '../engine/contract';
import { buildFeedTree, type FeedTree } from '../layout/feedTree';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { scoresQuery } from '../subscriptions/queries';
import { readSidebarSort, type SidebarSort, sortByScore } from '../subscriptions/sidebarSort';

/** The sidebar's tree in the order it is shown: by title, or by priority score within each part. */
export function sidebarTree(
  groups: readonly Group[],
  feeds: readonly Feed[],
  counts: Counts | undefined,
  sort: SidebarSort,
  scores: Record<number, number> | undefined,
): FeedTree {
  const tree = buildFeedTree(groups, feeds, counts);
  if (sort !== 'score') return tree;
  return {
    groups: tree.groups.map((g) => ({ ...g, feeds: sortByScore(g.feeds, scores) })),
    ungrouped: sortByScore(tree.ungrouped, scores),
  };
}

/** Feed ids top to bottom as the sidebar lists them. */
export function sidebarFeedOrder(tree: FeedTree): number[] {
  return [...tree.groups.flatMap((g) => g.feeds), ...tree.ungrouped].map((f) => f.id);
}

/**
 * The first feed after (direction 1) or before (-1) `current` in `order` with unread articles,
 * wrapping around; `current` null or not in the order starts at the top (or the bottom going
 * back). Null when no other feed has unread articles. O(feeds).
 */
export function nextInOrder(
  order: readonly number[],
  unread: Readonly<Record<number, number>>,
  current: number | null,
  direction: 1 | -1,
): number | null {
  const n = order.length;
  const at = current === null ? -1 : order.indexOf(current);
  const start = at === -1 ? (direction === 1 ? -1 : n) : at;
  for (let step = 1; step <= n; step++) {
    const id = order[(((start + direction * step) % n) + n) % n]!;
    if (id !== current && (unread[id] ?? 0) > 0) return id;
  }
  return null;
}

/** Resolves the next/previous feed with unread articles as the sidebar orders them (cached reads). */
export async function nextUnreadInSidebar(
  client: QueryClient,
  current: number | null,
  direction: 1 | -1,
): Promise<number | null> {
  const [groups, feeds, counts] = await Promise.all([
    client.fetchQuery(groupsQuery()),
    client.fetchQuery(feedsQuery()),
    client.fetchQuery(countsQuery()),
  ]);
  const sort = readSidebarSort();
  const scores = sort === 'score' ? await client.fetchQuery(scoresQuery()) : undefined;
  const tree = sidebarTree(groups, feeds, counts, sort, scores);
  return nextInOrder(sidebarFeedOrder(tree), counts.unreadByFeed, current, direction);
}
