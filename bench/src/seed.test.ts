import { describe, expect, it } from 'vitest';
import { FEED_COUNT, feedItemCount, feedItems, firstItemId } from '../corpus';
import { corpus, describeCorpus } from './seed';

const spec = { size: 2000, seed: 1, now: 1_763_683_200 };

describe('corpus state', () => {
  it('refuses to answer before the corpus is seeded or described', () => {
    expect(() => corpus()).toThrow(/not seeded/);
  });

  it('lists unread ids and feed 0 by the ids the engine gives in feed order', () => {
    const state = describeCorpus(spec);
    expect(corpus()).toBe(state);
    let unread = 0;
    for (let f = 0; f < FEED_COUNT; f++) unread += feedItems(spec, f).filter((it) => !it.read).length;
    expect(state.unreadIds).toHaveLength(unread);
    // Ascending and unique: ids are assigned feed by feed, item by item.
    expect(state.unreadIds.every((id, i) => i === 0 || id > state.unreadIds[i - 1]!)).toBe(true);
    expect(state.unreadIds[state.unreadIds.length - 1]).toBeLessThanOrEqual(spec.size);
    const n0 = feedItemCount(spec.size, 0);
    expect(state.feed0Ids).toEqual(Array.from({ length: n0 }, (_, i) => i + 1));
    expect(firstItemId(spec.size, 1)).toBe(n0 + 1);
    const read0 = feedItems(spec, 0).flatMap((it, i) => (it.read ? [i + 1] : []));
    expect(state.feed0ReadIds).toEqual(read0);
    expect(state.unreadIds.filter((id) => id <= n0)).toHaveLength(n0 - read0.length);
  });

  it('follows the spec: another size gives other ids', () => {
    const big = describeCorpus({ ...spec, size: 4000 });
    expect(big.feed0Ids).toHaveLength(feedItemCount(4000, 0));
    expect(big.spec.size).toBe(4000);
  });
});
