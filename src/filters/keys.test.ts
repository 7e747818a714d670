import { describe, expect, it } from 'vitest';
import { invalidationsFor } from '../engine/events';
import type { EngineEvent } from '../engine/contract';
import { filterKeys } from './keys';

// True when one of `prefixes` is a prefix of `key` (how invalidateQueries matches).
function covered(prefixes: readonly (readonly unknown[])[], key: readonly unknown[]): boolean {
  return prefixes.some((p) => p.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i])));
}

const lists = [
  filterKeys.check('isRead = false'),
  filterKeys.run('isRead = false'),
  filterKeys.keywords([{ keyword: 'rust', weight: 2 }]),
  filterKeys.related(3),
  filterKeys.search('rust'),
  filterKeys.suggest('ru'),
];
const counts = filterKeys.counts([{ id: 'f1', query: 'isRead = false' }]);

describe('filter query keys and engine events', () => {
  const events: EngineEvent[] = [
    { type: 'items-added', feedIds: [1], count: 3 },
    { type: 'read-changed', ids: [1], feedIds: [1] },
    { type: 'saved-changed', ids: [1] },
    { type: 'items-removed', feedIds: [1] },
  ];
  it.each(events)('$type refreshes filter results and saved-filter counts', (event) => {
    const prefixes = invalidationsFor(event);
    for (const key of lists) expect(covered(prefixes, key), JSON.stringify(key)).toBe(true);
    expect(covered(prefixes, counts)).toBe(true);
  });

  it('feed and group changes refresh saved-filter counts (feed.* and group.* fields)', () => {
    expect(covered(invalidationsFor({ type: 'feeds-changed', feedIds: [1] }), counts)).toBe(true);
    expect(covered(invalidationsFor({ type: 'groups-changed' }), counts)).toBe(true);
  });

  it('gives different texts different keys', () => {
    expect(filterKeys.run('a')).not.toEqual(filterKeys.run('b'));
    expect(filterKeys.check('a')).not.toEqual(filterKeys.run('a'));
  });
});
