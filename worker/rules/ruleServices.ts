/**
 * The engine APIs of other slices that rule actions call, in one place so each is wired once.
 * Tags (`tags.addToItems`) are not in the engine yet: until they land a tag action fails with
 * a clear message, which the run notes (ingest goes on).
 */
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';

/** Adds `tag` to these items; returns the ids that gained it (for undo). */
export function tagItems(_ctx: EngineContext, _ids: number[], tag: string): Promise<number[]> {
  return Promise.reject(
    new EngineError('not_available', `Tags are not available in this version (tag '${tag}' not added)`),
  );
}

/** Takes `tag` off these items (undo of a tag action). */
export function untagItems(_ctx: EngineContext, _ids: number[], _tag: string): Promise<void> {
  return Promise.resolve();
}
