import { beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_KEY, HISTORY_LIMIT, pushHistory, readHistory, withQuery } from './queryHistory';

describe('query history', () => {
  beforeEach(() => localStorage.clear());

  it('puts the newest first, without duplicates, trimmed', () => {
    let h = withQuery([], 'a = 1');
    h = withQuery(h, 'b = 2');
    h = withQuery(h, '  a = 1  ');
    expect(h).toEqual(['a = 1', 'b = 2']);
  });

  it('ignores blank queries', () => {
    expect(withQuery(['x'], '   ')).toEqual(['x']);
  });

  it('keeps only the last 20', () => {
    let h: string[] = [];
    for (let i = 0; i < 30; i++) h = withQuery(h, `id = ${i}`);
    expect(h).toHaveLength(HISTORY_LIMIT);
    expect(h[0]).toBe('id = 29');
    expect(h.at(-1)).toBe('id = 10');
  });

  it('persists under rivulet-query-history and reads it back', () => {
    pushHistory(localStorage, 'isRead = false');
    pushHistory(localStorage, 'isSaved = true');
    expect(JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '')).toEqual(['isSaved = true', 'isRead = false']);
    expect(readHistory(localStorage)).toEqual(['isSaved = true', 'isRead = false']);
  });

  it('survives corrupt or foreign data', () => {
    localStorage.setItem(HISTORY_KEY, '{not json');
    expect(readHistory(localStorage)).toEqual([]);
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ a: 1 }));
    expect(readHistory(localStorage)).toEqual([]);
    localStorage.setItem(HISTORY_KEY, JSON.stringify(['ok', 3, null, '', 'x'.repeat(5000)]));
    expect(readHistory(localStorage)).toEqual(['ok']);
    expect(pushHistory(localStorage, 'new')).toEqual(['new', 'ok']);
  });

  it('still answers when storage refuses writes', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(pushHistory(full, 'a')).toEqual(['a']);
  });
});
