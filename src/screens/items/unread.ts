import type { Counts, Feed } from '../../engine/contract';

/** Sum of unread items over the feeds of a group (feeds absent from the counts count as 0). */
export function groupUnread(groupId: number, feeds: readonly Feed[], counts: Counts): number {
  let sum = 0;
  for (const f of feeds) if (f.groupId === groupId) sum += counts.unreadByFeed[f.id] ?? 0;
  return sum;
}
