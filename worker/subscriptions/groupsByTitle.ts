/** Finding or creating groups by title (OPML folders, "new group" in the subscribe form). */
import { EngineError } from '../errors';
import { foldGroupTitle as fold } from '../groups/groupTitle';
import type { FeedServices } from './services';

/**
 * The id of the group titled `title` (compared trimmed, whitespace-collapsed and
 * case-insensitively), creating it when there is none. Emits `groups-changed` when it creates.
 * Fails: EngineError('bad_input') for an empty title, storage errors.
 */
export async function ensureGroup(s: FeedServices, title: string): Promise<number> {
  const wanted = fold(title);
  if (!wanted) throw new EngineError('bad_input', 'A group needs a title');
  for (const group of s.ctx.groupCache.values()) if (fold(group.title) === wanted) return group.id;
  return s.groups.save({ title: title.trim().replace(/\s+/g, ' ') });
}

/**
 * Resolves the target group of a subscribe: a new (or same-titled existing) group when
 * `newGroupTitle` is given, else `groupId` when it exists, else -1 (no group).
 * Fails: EngineError('bad_input') when `groupId` names no group.
 */
export async function targetGroup(
  s: FeedServices,
  req: { groupId?: number; newGroupTitle?: string },
): Promise<number> {
  if (typeof req.newGroupTitle === 'string' && req.newGroupTitle.trim())
    return ensureGroup(s, req.newGroupTitle);
  if (req.groupId === undefined || req.groupId === -1) return -1;
  if (!s.ctx.groupCache.has(req.groupId))
    throw new EngineError('bad_input', `Group ${req.groupId} does not exist`);
  return req.groupId;
}
