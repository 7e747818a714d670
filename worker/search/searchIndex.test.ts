import { describe, expect, it } from 'vitest';
import { Scratch, orderDocs, scoreQuery } from './scoring';
import { SearchIndex } from './searchIndex';
import { queryWords } from './tokenize';

function build(texts: string[]): SearchIndex {
  const index = new SearchIndex();
  texts.forEach((text, doc) => index.add(doc, { title: '', author: '', text, feedId: 1, pubDate: doc }));
  return index;
}

function search(index: SearchIndex, q: string): number[] {
  const scratch = new Scratch();
  const ranked = orderDocs(index, scratch, () => scoreQuery(index, queryWords(q), new Map(), scratch));
  return Array.from(ranked.prefix(ranked.length) ?? []);
}

describe('SearchIndex', () => {
  it('answers the same before and after a merge, and after deletes', () => {
    const index = build(['red fox', 'red red dog', 'blue fox', 'green']);
    expect(search(index, 'red ')).toEqual([1, 0]);
    index.merge();
    expect(search(index, 'red ')).toEqual([1, 0]);
    index.add(4, { title: 'red', author: '', text: '', feedId: 1, pubDate: 4 });
    expect(search(index, 'red ')[0]).toBe(4);
    index.remove(1);
    expect(search(index, 'red ')).toEqual([4, 0]);
    index.merge();
    expect(search(index, 'red ')).toEqual([4, 0]);
    expect(search(index, 'fo')).toEqual([2, 0]);
    expect(index.termId('dog')).toBe(-1);
  });

  it('renumbers documents with a remap and round-trips through toData', () => {
    const index = build(['alpha', 'beta', 'gamma alpha']);
    index.remove(1);
    index.merge(Int32Array.from([0, -1, 1]));
    expect(search(index, 'alpha ')).toEqual([0, 1]);
    const copy = new SearchIndex();
    copy.load(index.toData());
    expect(search(copy, 'alpha ')).toEqual([0, 1]);
    expect(search(copy, 'gamma')).toEqual([1]);
    expect(copy.docCount()).toBe(2);
    expect(() => copy.add(0, { title: '', author: '', text: 'x', feedId: 1, pubDate: 0 })).toThrow(
      RangeError,
    );
  });

  it('answers the same after its scoring arrays were given back', () => {
    const index = build(['red fox', 'red red dog', 'blue fox', 'green']);
    const scratch = new Scratch();
    const run = (q: string) => {
      const ranked = orderDocs(index, scratch, () => scoreQuery(index, queryWords(q), new Map(), scratch));
      return Array.from(ranked.prefix(ranked.length) ?? []);
    };
    expect(run('red ')).toEqual([1, 0]);
    scratch.release();
    expect(scratch.acc.length + scratch.scores.length + scratch.touched.length).toBe(0);
    expect(run('red ')).toEqual([1, 0]);
    expect(run('fox ')).toEqual([2, 0]);
  });

  it('caps prefix expansion at the most frequent terms', () => {
    const texts = Array.from({ length: 40 }, (_, i) => `term${i} ${'term0 '.repeat(i === 0 ? 1 : 0)}`);
    texts.push('term0 term1');
    const index = build(texts);
    const ids = index.prefixTerms('term', 2);
    expect(ids.map((t) => index.term(t)).sort()).toEqual(['term0', 'term1']);
  });
});
