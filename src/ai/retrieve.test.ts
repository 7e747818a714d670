import { describe, expect, it } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { linkCitations, rankSources } from './retrieve';

const DAY = 86_400;
const NOW = 1000 * DAY;
const row = (id: number, ageDays: number): ItemRow => ({
  id,
  feedId: 1,
  title: `t${id}`,
  author: '',
  pubDate: NOW - ageDays * DAY,
  link: '',
  flags: 0,
  snippet: '',
  thumbnail: '',
  enclosureType: '',
});

describe('rankSources', () => {
  it('ranks articles found by both searches first', () => {
    const out = rankSources(
      [
        [row(1, 5), row(2, 5)],
        [row(2, 5), row(3, 5)],
      ],
      NOW,
    );
    expect(out.map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it('prefers the newer of two equally relevant articles, but relevance dominates', () => {
    expect(rankSources([[row(1, 400)], [row(2, 1)]], NOW).map((r) => r.id)).toEqual([2, 1]);
    // Top hit a year old still beats the 5th hit from today.
    const list = [row(1, 365), row(2, 0), row(3, 0), row(4, 0), row(5, 0)];
    expect(rankSources([list], NOW)[0]?.id).toBe(1);
  });

  it('keeps at most the limit and copes with nothing', () => {
    const many = Array.from({ length: 20 }, (_, i) => row(i + 1, i));
    expect(rankSources([many], NOW)).toHaveLength(8);
    expect(rankSources([], NOW)).toEqual([]);
  });
});

describe('linkCitations', () => {
  const href = (id: number) => `/search?open=${id}`;
  it('links known citation numbers to their article', () => {
    expect(linkCitations('Rust is faster [1][2]. Also [3].', [10, 20], href)).toBe(
      'Rust is faster [[1]](/search?open=10)[[2]](/search?open=20). Also [3].',
    );
  });

  it('leaves existing links and other brackets alone', () => {
    expect(linkCitations('[1](http://x) and [a] and [0]', [10], href)).toBe('[1](http://x) and [a] and [0]');
  });
});
