import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../engine/contract';
import { invalidationsFor } from '../engine/events';
import { queryKeys } from './keys';

// True when one of `prefixes` is a prefix of `key` (how invalidateQueries matches).
function covered(prefixes: readonly (readonly unknown[])[], key: readonly unknown[]): boolean {
  return prefixes.some((p) => p.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i])));
}
const refreshes = (e: EngineEvent, key: readonly unknown[]) => covered(invalidationsFor(e), key);

const job = (kind: 'refresh' | 'sync' | 'mark', state: 'running' | 'done') => ({
  type: 'job' as const,
  job: {
    id: 'j',
    kind,
    state,
    total: 1,
    done: state === 'done' ? 1 : 0,
    failed: 0,
    failures: [],
    summary: null,
    startedAt: 1,
    finishedAt: state === 'done' ? 2 : null,
  },
});
const added: EngineEvent = { type: 'items-added', feedIds: [1], count: 3 };
const removed: EngineEvent = { type: 'items-removed', feedIds: [1] };
const read: EngineEvent = { type: 'read-changed', ids: [1], feedIds: [1] };
const saved: EngineEvent = { type: 'saved-changed', ids: [1] };
const feeds: EngineEvent = { type: 'feeds-changed', feedIds: [1] };
const groups: EngineEvent = { type: 'groups-changed' };
const itemEvents = [added, removed, read, saved];

describe('every query key is refreshed by the events that change what it holds', () => {
  const itemLists = [
    queryKeys.items('all', null, true),
    queryKeys.scopeTotal('feed', 3),
    queryKeys.unreadTotal('today', null),
    queryKeys.filterCheck('isRead = false'),
    queryKeys.related(3),
    queryKeys.searchSuggest('ru'),
  ];
  it.each(itemEvents)('$type refreshes item lists, filter results and search', (e) => {
    for (const key of itemLists) expect(refreshes(e, key), JSON.stringify(key)).toBe(true);
  });

  const tallies = [
    queryKeys.counts,
    queryKeys.filterCounts([{ id: 'f1', query: 'isRead = false' }]),
    queryKeys.feedScores,
    queryKeys.feedItemTotals('1,2'),
    queryKeys.daily(30),
    queryKeys.continueReading(4),
    queryKeys.retentionPreview(30),
  ];
  it.each([...itemEvents, feeds, groups, job('refresh', 'done')])(
    '$type refreshes counts, saved-filter counts, feed scores and totals, Welcome and the retention preview',
    (e) => {
      for (const key of tallies) expect(refreshes(e, key), JSON.stringify(key)).toBe(true);
    },
  );

  it('new or removed items refresh every list screen', () => {
    const views = [
      queryKeys.itemViews.scope('feed', 2, true),
      queryKeys.itemViews.savedFilter('f1', 'isRead = false', 'null'),
      queryKeys.itemViews.filterQuery('x', false),
      queryKeys.itemViews.filterKeywords([{ keyword: 'rust', weight: 2 }], true),
      queryKeys.itemViews.filterNone,
      queryKeys.itemViews.related(3),
      queryKeys.itemViews.search('rust'),
      queryKeys.itemViews.assistant('why', '1,2'),
    ];
    for (const e of [added, removed])
      for (const key of views) expect(refreshes(e, key), JSON.stringify(key)).toBe(true);
    // Read and saved changes patch list screens' rows instead (src/engine/bridge.test.ts).
    expect(refreshes(read, queryKeys.itemViews.scope('all', null, false))).toBe(false);
  });

  it('the sync status (login screen, account panel, sidebar) follows the queue and finished syncs', () => {
    expect(refreshes(read, queryKeys.syncStatus)).toBe(true);
    expect(refreshes(saved, queryKeys.syncStatus)).toBe(true);
    expect(refreshes(job('sync', 'done'), queryKeys.syncStatus)).toBe(true);
    expect(refreshes(job('sync', 'running'), queryKeys.syncStatus)).toBe(false);
    expect(refreshes(job('refresh', 'done'), queryKeys.syncStatus)).toBe(false);
  });

  it('feeds, groups, single articles and icons follow their own events', () => {
    expect(refreshes(feeds, queryKeys.feeds)).toBe(true);
    expect(refreshes(groups, queryKeys.groups)).toBe(true);
    expect(refreshes(groups, queryKeys.feeds)).toBe(true);
    expect(refreshes(read, queryKeys.item(1))).toBe(true);
    expect(refreshes(read, queryKeys.item(2))).toBe(false);
    expect(refreshes(removed, queryKeys.item(9))).toBe(true);
    expect(refreshes({ type: 'items-changed', ids: [9] }, queryKeys.item(9))).toBe(true);
    expect(refreshes(job('refresh', 'done'), queryKeys.icons('1,2'))).toBe(true);
    expect(refreshes(job('refresh', 'done'), queryKeys.feeds)).toBe(true);
  });

  it("a long mark's end refetches nothing: its flag events, one per transaction, said what changed", () => {
    expect(invalidationsFor(job('mark', 'done'))).toEqual([]);
    expect(invalidationsFor(job('mark', 'running'))).toEqual([]);
  });

  it('leaves what is not engine data alone', () => {
    const events: EngineEvent[] = [...itemEvents, feeds, groups, job('sync', 'done')];
    for (const key of [
      queryKeys.aiStatus,
      queryKeys.storageEstimate,
      queryKeys.subscribePreview('https://example.com/feed'),
      queryKeys.bundleLink('{}'),
    ])
      for (const e of events) expect(refreshes(e, key), `${e.type} ${JSON.stringify(key)}`).toBe(false);
  });

  it('gives different arguments different keys and keeps names apart from prefixes they do not hold', () => {
    expect(queryKeys.filterCheck('a')).not.toEqual(queryKeys.filterCheck('b'));
    expect(queryKeys.scopeTotal('all', null)).not.toEqual(queryKeys.unreadTotal('all', null));
    // Nothing but the global counts lives under ['counts'] any more.
    const roots = [queryKeys.feedScores, queryKeys.daily(1), queryKeys.filterCounts([])].map((k) => k[0]);
    expect(roots).not.toContain('counts');
  });
});
