import { describe, expect, it } from 'vitest';
import { selectPage } from './selectPage';
import type { MetaIndexView } from './types';

// A tiny seeded generator (the same cases every run).
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_103_515_245 + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('selectPage', () => {
  it('answers a scope without a test exactly as one whose test passes every row', () => {
    const rand = random(7);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(rand() * 120);
      const pubDates = Array.from({ length: n }, () => Math.floor(rand() * 20));
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const index = {
        pubDate: (row: number) => pubDates[row] ?? 0,
        id: (row: number) => ids[row] ?? 0,
      } as unknown as MetaIndexView;
      const rows = Int32Array.from(
        ids.map((_, row) => row).sort((a, b) => pubDates[b]! - pubDates[a]! || ids[b]! - ids[a]!),
      );
      const minPubDate = rand() < 0.4 ? -Infinity : Math.floor(rand() * 22) - 1;
      const limit = 1 + Math.floor(rand() * 30);
      // Walk the pages as a list does, from no cursor to the end.
      let cursor: { pubDate: number; id: number } | null = null;
      for (let page = 0; page < 20; page++) {
        const all = selectPage(index, rows, () => true, minPubDate, cursor, limit);
        expect(selectPage(index, rows, null, minPubDate, cursor, limit)).toEqual(all);
        if (!all.next) break;
        cursor = all.next;
      }
      // A cursor from elsewhere (between rows, past the end) too.
      const odd = { pubDate: Math.floor(rand() * 22) - 1, id: Math.floor(rand() * (n + 2)) };
      expect(selectPage(index, rows, null, minPubDate, odd, limit)).toEqual(
        selectPage(index, rows, () => true, minPubDate, odd, limit),
      );
    }
  });

  it('takes a known total as given and gives the same pages as the counting walk', () => {
    const rand = random(11);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(rand() * 120);
      const pubDates = Array.from({ length: n }, () => Math.floor(rand() * 20));
      const unread = Array.from({ length: n }, () => rand() < 0.3);
      const index = {
        pubDate: (row: number) => pubDates[row] ?? 0,
        id: (row: number) => row + 1,
      } as unknown as MetaIndexView;
      const rows = Int32Array.from(
        pubDates.map((_, row) => row).sort((a, b) => pubDates[b]! - pubDates[a]! || b - a),
      );
      const test = (row: number) => unread[row] === true;
      const total = unread.filter(Boolean).length;
      const limit = 1 + Math.floor(rand() * 30);
      let cursor: { pubDate: number; id: number } | null = null;
      for (let page = 0; page < 40; page++) {
        const walked = selectPage(index, rows, test, -Infinity, cursor, limit);
        expect(walked.total).toBe(total);
        expect(selectPage(index, rows, test, -Infinity, cursor, limit, total)).toEqual(walked);
        if (!walked.next) break;
        cursor = walked.next;
      }
      // The total is the caller's: never recounted.
      expect(selectPage(index, rows, test, -Infinity, null, limit, 12_345).total).toBe(12_345);
    }
  });
});
