import { describe, expect, it } from 'vitest';
import { keywordsToSearch, localKeywords, parseModelKeywords } from './keywords';

describe('localKeywords (fallback without a model)', () => {
  it('drops question words and stop words, keeps the topic', () => {
    expect(localKeywords('What is new with the Rust compiler?').map((k) => k.keyword)).toEqual([
      'rust',
      'compiler',
    ]);
  });

  it('keeps CJK runs, numbers and accented words; dedupes; caps at 8', () => {
    expect(localKeywords('最近 关于 人工智能 的新闻 GPT-4 café café').map((k) => k.keyword)).toEqual([
      '人工智能',
      '的新闻',
      'gpt-4',
      'café',
    ]);
    expect(localKeywords('a b c one two three four five six seven eight nine ten')).toHaveLength(8);
    expect(localKeywords('what is the?')).toEqual([]);
  });
});

describe('parseModelKeywords', () => {
  it('reads the JSON object, also inside a fence, and clamps weights', () => {
    const answer =
      'Sure!\n```json\n{"keywords":[{"keyword":"rust","weight":9},{"keyword":" cargo ","weight":2},{"keyword":""}]}\n```';
    expect(parseModelKeywords(answer)).toEqual([
      { keyword: 'rust', weight: 5 },
      { keyword: 'cargo', weight: 2 },
    ]);
  });

  it('accepts a bare list of strings', () => {
    expect(parseModelKeywords('["a b", "c"]')).toEqual([
      { keyword: 'a b', weight: 1 },
      { keyword: 'c', weight: 1 },
    ]);
  });

  it('gives null for anything unusable', () => {
    for (const bad of ['', 'no json here', '{"keywords": "rust"}', '{broken', '{"keywords":[]}', '[1, 2]'])
      expect(parseModelKeywords(bad)).toBeNull();
  });

  it('joins keywords into one search text', () => {
    expect(
      keywordsToSearch([
        { keyword: 'rust', weight: 2 },
        { keyword: 'cargo', weight: 1 },
      ]),
    ).toBe('rust cargo');
  });
});
