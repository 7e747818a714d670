import { describe, expect, it } from 'vitest';
import type { JobProgress } from '../../worker/types';
import { feedHealth, problemReason } from './feedStatus';
import { failureNotice } from './jobNotice';
import { refreshScopeForPath } from './refreshActions';
import { SIDEBAR_SORT_KEY, readSidebarSort, sortByScore } from './sidebarSort';
import { checkFeedUrl } from './urlCheck';

const status = { error: '', errorCode: '', httpStatus: 200, dead: false, lastFetched: 10, lastSuccess: 10 };

describe('feed status', () => {
  it('classifies health', () => {
    expect(feedHealth(status)).toBe('ok');
    expect(feedHealth({ ...status, lastFetched: 0 })).toBe('new');
    expect(feedHealth({ ...status, error: 'x' })).toBe('failing');
    expect(feedHealth({ ...status, error: 'x', dead: true })).toBe('dead');
  });
  it('adds the HTTP status to the reason only when missing', () => {
    expect(problemReason(status)).toBe('');
    expect(problemReason({ ...status, error: 'Server error', httpStatus: 500 })).toBe(
      'Server error (HTTP 500)',
    );
    expect(problemReason({ ...status, error: 'HTTP 500 from server', httpStatus: 500 })).toBe(
      'HTTP 500 from server',
    );
    expect(problemReason({ ...status, error: 'Timed out', httpStatus: 0 })).toBe('Timed out');
    expect(problemReason({ ...status, dead: true })).toMatch(/410/);
  });
});

describe('failureNotice', () => {
  const job = (n: number): JobProgress => ({
    id: 'j',
    kind: 'refresh',
    state: 'done',
    total: n,
    done: n,
    failed: n,
    failures: Array.from({ length: n }, (_, i) => ({
      feedId: i,
      url: `u${i}`,
      title: i % 2 ? `T${i}` : '',
      reason: 'r',
      code: 'http_status',
    })),
    summary: null,
    startedAt: 0,
    finishedAt: 1,
  });
  it('is null without failures', () => {
    expect(failureNotice(job(0))).toBeNull();
  });
  it('names the feeds (address when untitled) and summarises beyond five', () => {
    expect(failureNotice(job(1))).toEqual({ title: '1 feed could not be updated', message: 'u0: r' });
    const many = failureNotice(job(8));
    expect(many?.title).toBe('8 feeds could not be updated');
    expect(many?.message.split('\n')).toEqual(['u0: r', 'T1: r', 'u2: r', 'T3: r', 'u4: r', 'and 3 more']);
  });
});

describe('refreshScopeForPath', () => {
  it.each([
    ['/f/12', { scope: 'feed', id: 12 }],
    ['/feed/3/', { scope: 'feed', id: 3 }],
    ['/c/4', { scope: 'group', id: 4 }],
    ['/c/-1', { scope: 'group', id: -1 }],
    ['/all', { scope: 'all' }],
    ['/f/abc', { scope: 'all' }],
    ['/f/0', { scope: 'all' }],
    ['/rss', { scope: 'all' }],
  ])('%s', (path, scope) => {
    expect(refreshScopeForPath(path)).toEqual(scope);
  });
});

describe('sidebar sort', () => {
  it('reads the stored order, defaulting to title', () => {
    expect(readSidebarSort({ getItem: () => 'score' })).toBe('score');
    expect(readSidebarSort({ getItem: () => 'bogus' })).toBe('title');
    expect(
      readSidebarSort({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('title');
    expect(SIDEBAR_SORT_KEY).toBe('rivulet-sidebar-sort');
  });
  it('orders by score ascending, unscored last, ties stable', () => {
    const feeds = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(sortByScore(feeds, { 1: 5, 2: 1, 3: 5 }).map((f) => f.id)).toEqual([2, 1, 3, 4]);
    expect(sortByScore(feeds, undefined).map((f) => f.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('checkFeedUrl', () => {
  it.each([
    ['https://example.com/feed.xml', null],
    ['http://127.0.0.1:8080/rss', null],
    ['example.com/feed', /full address/],
    ['ftp://example.com/feed', /http/],
    ['javascript:alert(1)', /http/],
    ['https://user:pw@example.com/', /user name/],
  ])('%s', (url, expected) => {
    const result = checkFeedUrl(url);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatch(expected);
  });
});
