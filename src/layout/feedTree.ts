import type { Counts, Feed, Group } from '../engine/contract';

export interface GroupNode {
  group: Group;
  feeds: Feed[];
  unread: number;
}

export interface FeedTree {
  groups: GroupNode[];
  /** Feeds in no group (groupId -1) or in a group that no longer exists. */
  ungrouped: Feed[];
}

const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true });

/**
 * Arranges feeds under their groups for the sidebar, both sorted by title, with each group's
 * unread sum. `counts` may be undefined (engine not answering): every unread is then 0.
 */
export function buildFeedTree(
  groups: readonly Group[],
  feeds: readonly Feed[],
  counts: Counts | undefined,
): FeedTree {
  const nodes = new Map<number, GroupNode>();
  for (const group of [...groups].sort(byTitle)) nodes.set(group.id, { group, feeds: [], unread: 0 });
  const ungrouped: Feed[] = [];
  for (const feed of [...feeds].sort(byTitle)) {
    const node = nodes.get(feed.groupId);
    if (!node) {
      ungrouped.push(feed);
      continue;
    }
    node.feeds.push(feed);
    node.unread += counts?.unreadByFeed[feed.id] ?? 0;
  }
  return { groups: [...nodes.values()], ungrouped };
}
