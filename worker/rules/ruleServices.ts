/**
 * The engine APIs of other slices that rule actions call, in one place so each is wired once.
 */
import type { EngineContext } from '../engineContext';
import { createTagsApi } from '../tags/tags';
import type { UndoToken } from '../types';

/**
 * Puts the tag named `tag` (created when there is none) on these items; returns the undo token
 * of the items that gained it (`state.undo` takes it back).
 */
export function tagItems(ctx: EngineContext, ids: number[], tag: string): Promise<UndoToken> {
  return createTagsApi(ctx).addToItems(ids, tag);
}
