import type { Feed, Group } from '../../../types';
import type { PlainItem } from '../reference';
import type { QuerySource } from '../source';
import { TextColumn } from '../textColumn';
import { ArrayIndex, TEST_TAG_NAMES } from './arrayIndex';

/** A QuerySource over plain items (ArrayIndex + TextColumn), for tests and tools. */
export function sourceOf(
  items: PlainItem[],
  feeds: Feed[],
  groups: Group[],
  now = 1_700_000_000,
): QuerySource & { index: ArrayIndex; description: TextColumn } {
  const index = new ArrayIndex();
  const description = new TextColumn();
  for (const item of items) description.set(index.add(item), item.description);
  return { index, description, ...sourceParts(feeds, groups, now), feedsVersion: 0 };
}

/** The feeds, groups, clock and tag names of a test source. */
export function sourceParts(
  feeds: Feed[],
  groups: Group[],
  now: number,
): Pick<QuerySource, 'feeds' | 'groups' | 'now' | 'tagNames'> {
  return {
    feeds: new Map(feeds.map((f) => [f.id, f])),
    groups: new Map(groups.map((g) => [g.id, g])),
    now: () => now,
    tagNames: TEST_TAG_NAMES,
  };
}
