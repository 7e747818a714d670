import { testFeed } from '../../testing/feed';
import { describe, expect, it } from 'vitest';
import type { Counts, Feed } from '../../engine/contract';
import { resetSettings, updateSettings } from '../../settings/useSettings';
import { NO_FILTER, buildRows, filterRows, relativeTime, siteLabel, sortRows } from './feedTable';

const feed = (id: number, over: Partial<Feed> = {}): Feed =>
  testFeed({
    id,
    title: `Feed ${id}`,
    siteUrl: `https://site${id}.example/`,
    url: `https://site${id}.example/feed.xml`,
    lastFetched: 1000 + id,
    lastSuccess: 1000 + id,
    httpStatus: 200,
    ...over,
  });

const groups = [
  { id: 1, title: 'Tech' },
  { id: 2, title: 'art' },
];
const feeds = [
  feed(1, { title: 'Zebra news', groupId: 1 }),
  feed(2, { title: 'apple blog', groupId: 2, error: 'HTTP 500', httpStatus: 500 }),
  feed(3, { title: 'Middle', dead: true, error: 'Gone', httpStatus: 410 }),
  feed(4, { title: 'Fresh', lastFetched: 0, lastSuccess: 0, groupId: 99 }),
];
const counts = { unreadByFeed: { 1: 5, 2: 0, 3: 9 } } as unknown as Counts;
const rows = buildRows(feeds, groups, counts, { 1: 10, 2: 3 }, { 1: 2.5, 3: 9 });
const ids = (rs: { feed: Feed }[]) => rs.map((r) => r.feed.id);

describe('buildRows', () => {
  it('joins groups, counts, totals, scores and health', () => {
    expect(rows.map((r) => [r.groupTitle, r.unread, r.total, r.score, r.health])).toEqual([
      ['Tech', 5, 10, 2.5, 'ok'],
      ['art', 0, 3, null, 'failing'],
      ['', 9, null, 9, 'dead'],
      ['', 0, null, null, 'new'],
    ]);
    expect(rows[1]?.problem).toBe('HTTP 500');
  });
});

describe('filterRows', () => {
  it('filters by text over title, site and address, case-insensitively', () => {
    expect(ids(filterRows(rows, { ...NO_FILTER, text: 'ZEBRA' }))).toEqual([1]);
    expect(ids(filterRows(rows, { ...NO_FILTER, text: 'site3.example' }))).toEqual([3]);
    expect(ids(filterRows(rows, { ...NO_FILTER, text: '  ' }))).toEqual([1, 2, 3, 4]);
    expect(filterRows(rows, { ...NO_FILTER, text: 'nothing like this' })).toEqual([]);
  });
  it('filters by group, "none" including feeds of a deleted group', () => {
    expect(ids(filterRows(rows, { ...NO_FILTER, group: '2' }))).toEqual([2]);
    expect(ids(filterRows(rows, { ...NO_FILTER, group: 'none' }))).toEqual([3, 4]);
  });
  it('filters by status; ok includes never-fetched feeds', () => {
    expect(ids(filterRows(rows, { ...NO_FILTER, status: 'failing' }))).toEqual([2]);
    expect(ids(filterRows(rows, { ...NO_FILTER, status: 'dead' }))).toEqual([3]);
    expect(ids(filterRows(rows, { ...NO_FILTER, status: 'ok' }))).toEqual([1, 4]);
  });
  it('combines filters', () => {
    expect(ids(filterRows(rows, { text: 'feed.xml', group: 'none', status: 'dead' }))).toEqual([3]);
  });
});

describe('sortRows', () => {
  it('sorts titles naturally and case-insensitively, both directions', () => {
    expect(ids(sortRows(rows, { column: 'title', desc: false }))).toEqual([2, 4, 3, 1]);
    expect(ids(sortRows(rows, { column: 'title', desc: true }))).toEqual([1, 3, 4, 2]);
  });
  it('puts unknown values last in either direction', () => {
    expect(ids(sortRows(rows, { column: 'score', desc: false }))).toEqual([1, 3, 2, 4]);
    expect(ids(sortRows(rows, { column: 'score', desc: true }))).toEqual([3, 1, 2, 4]);
    expect(ids(sortRows(rows, { column: 'lastFetched', desc: true }))).toEqual([3, 2, 1, 4]);
    expect(ids(sortRows(rows, { column: 'group', desc: false }))).toEqual([2, 1, 4, 3]);
  });
  it('sorts numbers numerically with the title as tie-breaker', () => {
    expect(ids(sortRows(rows, { column: 'unread', desc: true }))).toEqual([3, 1, 2, 4]);
    expect(ids(sortRows(rows, { column: 'status', desc: false }))).toEqual([3, 2, 4, 1]);
  });
  it('does not reorder its input and handles 500 rows quickly', () => {
    const before = ids(rows);
    sortRows(rows, { column: 'title', desc: true });
    expect(ids(rows)).toEqual(before);
    const many = buildRows(
      Array.from({ length: 500 }, (_, i) => feed(i + 1, { title: `T${(i * 7919) % 500}` })),
      groups,
      counts,
      undefined,
      undefined,
    );
    const sorted = sortRows(filterRows(many, { ...NO_FILTER, text: 't' }), { column: 'title', desc: false });
    expect(sorted[0]?.feed.title).toBe('T0');
    expect(sorted[499]?.feed.title).toBe('T499');
  });
});

describe('helpers', () => {
  it('siteLabel strips www and falls back to the input', () => {
    expect(siteLabel('https://www.example.com/x')).toBe('example.com');
    expect(siteLabel('not a url')).toBe('not a url');
  });
  it('relativeTime', () => {
    expect(relativeTime(0, 100)).toBe('never');
    expect(relativeTime(100, 130)).toBe('now');
    expect(relativeTime(100, 160)).toBe('1 minute ago');
    expect(relativeTime(100, 100 + 5 * 60)).toBe('5 minutes ago');
    expect(relativeTime(100, 100 + 3 * 3600)).toBe('3 hours ago');
    expect(relativeTime(100, 100 + 2 * 86400)).toBe('2 days ago');
    expect(relativeTime(200, 100)).toBe('now');
    const jan = Date.UTC(2025, 0, 3, 12) / 1000;
    expect(relativeTime(jan, jan + 40 * 86400)).toBe('Jan 3, 2025');
  });

  it('relativeTime speaks the language in effect', () => {
    updateSettings('general', { language: 'zh-CN' });
    try {
      expect(relativeTime(0, 100)).toBe('从未');
      expect(relativeTime(100, 100 + 3 * 3600)).toBe('3小时前');
      const jan = Date.UTC(2025, 0, 3, 12) / 1000;
      expect(relativeTime(jan, jan + 40 * 86400)).toBe('2025年1月3日');
    } finally {
      resetSettings('general');
    }
  });
});
