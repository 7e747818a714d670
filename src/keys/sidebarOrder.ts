/**
 * n / N: the next or previous feed with unread articles in the order the sidebar shows them
 * (groups by title, their feeds by title or by priority score as the sidebar is sorted, then
 * feeds in no group), and where a list's "next unread" leads. The order is the one on screen,
 * so it does not change as you read.
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

/** A list "next unread" leads to: a feed, or a group as a whole. */
export interface UnreadStop {
  kind: 'feed' | 'group';
  id: number;
  title: string;
}

/**
 * Where "next unread" goes from the list of a feed or a group, in sidebar order, wrapping
 * around. From a feed: the next feed with unread articles, in its group or not. From a group:
 * the next group with unread articles, or a feed in no group that has some, never one of the
 * group's own feeds (its list is the one just read through); from the feeds in no group
 * (`/c/-1`), the first group with unread articles. Null when there is none. O(feeds).
 */
export function nextUnreadStop(
  tree: FeedTree,
  unread: Readonly<Record<number, number>>,
  from: { scope: 'feed' | 'group'; id: number },
): UnreadStop | null {
  if (from.scope === 'feed') {
    const id = nextInOrder(sidebarFeedOrder(tree), unread, from.id, 1);
    const feeds = [...tree.groups.flatMap((g) => g.feeds), ...tree.ungrouped];
    const feed = id === null ? undefined : feeds.find((f) => f.id === id);
    return feed ? { kind: 'feed', id: feed.id, title: feed.title } : null;
  }
  const at = tree.groups.findIndex((g) => g.group.id === from.id);
  const stops = [
    ...tree.groups.map((g) => ({
      kind: 'group' as const,
      id: g.group.id,
      title: g.group.title,
      unread: g.unread,
    })),
    // Not from the list of the feeds in no group (or of a group that is gone): that is them.
    ...(at === -1 ? [] : tree.ungrouped).map((f) => ({
      kind: 'feed' as const,
      id: f.id,
      title: f.title,
      unread: unread[f.id] ?? 0,
    })),
  ];
  for (let step = 1; step <= stops.length; step++) {
    const stop = stops[(at + step) % stops.length]!;
    if (stop.unread > 0 && !(stop.kind === 'group' && stop.id === from.id))
      return { kind: stop.kind, id: stop.id, title: stop.title };
  }
  return null;
}

/** The sidebar's tree and counts as it shows them now (cached reads). */
async function loadSidebar(client: QueryClient): Promise<{ tree: FeedTree; counts: Counts }> {
  const [groups, feeds, counts] = await Promise.all([
    client.fetchQuery(groupsQuery()),
    client.fetchQuery(feedsQuery()),
    client.fetchQuery(countsQuery()),
  ]);
  const sort = readSidebarSort();
  const scores = sort === 'score' ? await client.fetchQuery(scoresQuery()) : undefined;
  return { tree: sidebarTree(groups, feeds, counts, sort, scores), counts };
}

/** Resolves the next/previous feed with unread articles as the sidebar orders them (cached reads). */
export async function nextUnreadInSidebar(
  client: QueryClient,
  current: number | null,
  direction: 1 | -1,
): Promise<number | null> {
  const { tree, counts } = await loadSidebar(client);
  return nextInOrder(sidebarFeedOrder(tree), counts.unreadByFeed, current, direction);
}

/** {@link nextUnreadStop} as the sidebar shows it now (cached reads). */
export async function nextUnreadStopInSidebar(
  client: QueryClient,
  from: { scope: 'feed' | 'group'; id: number },
): Promise<UnreadStop | null> {
  const { tree, counts } = await loadSidebar(client);
  return nextUnreadStop(tree, counts.unreadByFeed, from);
}
