import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from './contract';
import { applyEngineEvent, invalidationsFor } from './events';

function job(state: 'running' | 'done' | 'cancelled') {
  return {
    id: 'job-1',
    kind: 'refresh' as const,
    state,
    total: 2,
    done: state === 'running' ? 1 : 2,
    failed: 0,
    failures: [],
    summary: null,
    startedAt: 1,
    finishedAt: state === 'running' ? null : 2,
  };
}

const tallies = [
  ['counts'],
  ['filter-counts'],
  ['feed-scores'],
  ['feed-item-totals'],
  ['daily'],
  ['continue-reading'],
  ['retention-preview'],
  ['tags'],
];
const syncJob = { ...job('done'), kind: 'sync' as const };

const cases: [EngineEvent, unknown[][]][] = [
  [{ type: 'items-added', feedIds: [1], count: 3 }, [...tallies, ['items'], ['items-view'], ['rules']]],
  [{ type: 'items-changed', ids: [7, 8] }, [['items'], ['item', 7], ['item', 8]]],
  [{ type: 'items-removed', feedIds: [1] }, [...tallies, ['items'], ['item'], ['items-view'], ['fulltext']]],
  [
    { type: 'read-changed', ids: [5], feedIds: [1] },
    [...tallies, ['items'], ['item', 5], ['sync', 'status']],
  ],
  [{ type: 'saved-changed', ids: [5] }, [...tallies, ['items'], ['item', 5], ['sync', 'status']]],
  [{ type: 'feeds-changed', feedIds: [2] }, [['feeds'], ...tallies, ['sync', 'status']]],
  [{ type: 'groups-changed' }, [['groups'], ['feeds'], ...tallies]],
  [{ type: 'fulltext-changed', ids: [4] }, [['fulltext', 4]]],
  [{ type: 'job', job: job('running') }, []],
  [{ type: 'job', job: job('done') }, [['feeds'], ...tallies, ['items'], ['icons']]],
  [{ type: 'job', job: job('cancelled') }, [['feeds'], ...tallies, ['items'], ['icons']]],
  [{ type: 'job', job: syncJob }, [['feeds'], ...tallies, ['items'], ['icons'], ['sync', 'status']]],
  [{ type: 'storage-lost', reason: 'deleted' }, []],
  [{ type: 'rules-changed' }, [['rules']]],
  // Hidden articles leave every count, tags' included, and come back when shown again.
  [{ type: 'hidden-changed', ids: [5], feedIds: [1] }, [...tallies, ['items'], ['items-view']]],
];

describe('invalidationsFor', () => {
  it.each(cases)('maps %o', (event, keys) => {
    expect(invalidationsFor(event)).toEqual(keys);
  });

  it('ignores unknown event types instead of throwing', () => {
    expect(invalidationsFor({ type: 'from-the-future' } as unknown as EngineEvent)).toEqual([]);
  });
});

describe('applyEngineEvent', () => {
  function seeded(): QueryClient {
    const client = new QueryClient();
    for (const key of [
      ['counts'],
      ['groups'],
      ['feeds'],
      ['items', 'all', null, false],
      ['item', 5],
      ['item', 6],
    ]) {
      client.setQueryData(key, 1);
    }
    return client;
  }
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);

  it('marks exactly the affected queries stale on read-changed', () => {
    const client = seeded();
    applyEngineEvent(client, { type: 'read-changed', ids: [5], feedIds: [1] });
    expect(stale(client)).toEqual([['counts'], ['items', 'all', null, false], ['item', 5]]);
    expect(client.getQueryState(['groups'])?.isInvalidated).toBe(false);
  });

  it('leaves items alone on groups-changed', () => {
    const client = seeded();
    applyEngineEvent(client, { type: 'groups-changed' });
    expect(stale(client)).toEqual([['counts'], ['groups'], ['feeds']]);
  });

  it('merges a burst of events into one invalidation at the end of the spell', () => {
    vi.useFakeTimers();
    try {
      const client = seeded();
      const spy = vi.spyOn(client, 'invalidateQueries');
      applyEngineEvent(client, { type: 'groups-changed' });
      // The first event after a quiet spell goes out at once.
      expect(spy).toHaveBeenCalledTimes(invalidationsFor({ type: 'groups-changed' }).length);
      spy.mockClear();
      for (let feed = 1; feed <= 500; feed++) {
        applyEngineEvent(client, { type: 'feeds-changed', feedIds: [feed] });
        applyEngineEvent(client, { type: 'items-added', feedIds: [feed], count: 50 });
      }
      applyEngineEvent(client, { type: 'read-changed', ids: [6], feedIds: [1] });
      expect(spy).not.toHaveBeenCalled();
      vi.advanceTimersByTime(250);
      // Each key of those 1,001 events once: feeds, the tallies, lists, views, rules, item 6, sync.
      const keys = spy.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toContain(JSON.stringify(['item', 6]));
      expect(keys).toContain(JSON.stringify(['feeds']));
      expect(stale(client)).toEqual([
        ['counts'],
        ['groups'],
        ['feeds'],
        ['items', 'all', null, false],
        ['item', 6],
      ]);
      spy.mockClear();
      vi.advanceTimersByTime(1000);
      expect(spy).not.toHaveBeenCalled();
      // Quiet again: the next event goes out at once.
      applyEngineEvent(client, { type: 'read-changed', ids: [5], feedIds: [1] });
      expect(spy).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends a job's end at once, with the invalidations pending from the burst before it", () => {
    vi.useFakeTimers();
    try {
      const client = seeded();
      const spy = vi.spyOn(client, 'invalidateQueries');
      applyEngineEvent(client, { type: 'groups-changed' });
      spy.mockClear();
      // An import's last feed: its failure saved (held back in the spell), then the job's end.
      applyEngineEvent(client, { type: 'feeds-changed', feedIds: [3] });
      applyEngineEvent(client, { type: 'read-changed', ids: [6], feedIds: [1] });
      expect(spy).not.toHaveBeenCalled();
      applyEngineEvent(client, { type: 'job', job: job('done') });
      const keys = spy.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toContain(JSON.stringify(['feeds']));
      expect(keys).toContain(JSON.stringify(['item', 6]));
      // Nothing left for the end of the spell.
      spy.mockClear();
      vi.advanceTimersByTime(1000);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
