import { describe, expect, it } from 'vitest';
import type { JobFailure, JobProgress } from '../../worker/types';
import { failureNotice, isStorageFailure, serverUnreachable } from './jobNotice';

const job = (failures: JobFailure[]): JobProgress => ({
  id: 'j',
  kind: 'refresh',
  state: 'done',
  total: failures.length,
  done: failures.length,
  failed: failures.length,
  failures,
  summary: null,
  startedAt: 0,
  finishedAt: 1,
});

describe('failureNotice with storage failures', () => {
  const full: JobFailure = {
    feedId: 1,
    url: 'https://a.example/feed',
    title: 'A',
    reason: 'Error adding data: QuotaExceededError',
    code: 'quota_exceeded',
  };
  const http: JobFailure = {
    feedId: 2,
    url: 'https://b.example/feed',
    title: 'B',
    reason: 'The server answered HTTP 500 Internal Server Error',
    code: 'http_status',
  };

  it('words a full disk for people and keeps the browser text for the disclosure only', () => {
    const notice = failureNotice(job([full, http]))!;
    expect(notice.message.split('\n')).toEqual([
      'A: The browser’s storage for Rivulet is full, so this could not be saved.',
      'B: The server answered HTTP 500 Internal Server Error',
    ]);
    expect(notice.message).not.toContain('QuotaExceededError');
    expect(notice.details).toBe('A: Error adding data: QuotaExceededError (quota_exceeded)');
  });

  it('has no disclosure when every reason is already worded', () => {
    expect(failureNotice(job([http]))!.details).toBeUndefined();
  });

  it('tells storage failures by their code, not their text', () => {
    expect(isStorageFailure(full)).toBe(true);
    expect(isStorageFailure({ ...full, code: 'db_lost' })).toBe(true);
    // A record from an older engine (another tab) may have no code at all.
    expect(isStorageFailure({ ...full, code: undefined as unknown as string })).toBe(false);
    expect(isStorageFailure({ ...http, reason: 'quota exceeded' })).toBe(false);
  });
});

describe('failureNotice with the Rivulet server unreachable', () => {
  const down = (feedId: number): JobFailure => ({
    feedId,
    url: `https://${feedId}.example/feed`,
    title: `Feed ${feedId}`,
    reason: 'Could not reach the feed proxy: Failed to fetch',
    code: 'network',
  });

  it('says once that the server could not be reached, naming no feed', () => {
    const notice = failureNotice(job([down(1), down(2), down(3)]))!;
    expect(notice.title).toBe('The Rivulet server could not be reached');
    expect(notice.message).toContain('Articles already here can still be read');
    expect(notice.message).not.toContain('Feed 1');
    expect(serverUnreachable([down(1)])).toBe(true);
    expect(serverUnreachable([])).toBe(false);
  });

  it('words the reason for people when other failures are listed beside it', () => {
    const other: JobFailure = {
      ...down(4),
      reason: 'The server answered HTTP 404 Not Found',
      code: 'http_status',
    };
    const notice = failureNotice(job([down(1), other]))!;
    expect(notice.message.split('\n')[0]).toBe('Feed 1: The Rivulet server could not be reached.');
    expect(notice.message).not.toContain('feed proxy');
  });
});
