import { useEffect, useEffectEvent, useRef } from 'react';
import type { Tag } from '../engine/contract';

/** The renames between two lists of tags: each tag (same id) whose name changed, as [from, to]. */
export function tagRenames(
  before: readonly Pick<Tag, 'id' | 'name'>[],
  after: readonly Pick<Tag, 'id' | 'name'>[],
): Array<[string, string]> {
  const old = new Map(before.map((t) => [t.id, t.name]));
  const out: Array<[string, string]> = [];
  for (const tag of after) {
    const from = old.get(tag.id);
    if (from !== undefined && from !== tag.name) out.push([from, tag.name]);
  }
  return out;
}

/**
 * Calls `onRename(from, to)` for each tag renamed while the component is shown, as the tags list
 * `tags` (the tags query, refreshed by `tags-changed` in every tab) says. An editor holding a
 * tag's name in what it has not saved yet (a rule's "add tag" action, a filter's query) follows
 * the rename with it, so saving it afterwards does not bring the old name back.
 */
export function useTagRenames(
  tags: readonly Pick<Tag, 'id' | 'name'>[] | undefined,
  onRename: (from: string, to: string) => void,
): void {
  const seen = useRef(tags);
  const renamed = useEffectEvent(onRename);
  useEffect(() => {
    const before = seen.current;
    seen.current = tags;
    if (!before || !tags || before === tags) return;
    for (const [from, to] of tagRenames(before, tags)) renamed(from, to);
  }, [tags]);
}
