import { describe, expect, it } from 'vitest';
import { SearchIndex } from './searchIndex';
import { TermPack } from './termLookup';

const sorted = (set: Iterable<string>) => [...set].sort();

describe('TermPack', () => {
  it('finds every term holding a piece, once, and the terms cut at 40 characters', () => {
    const pack = new TermPack();
    const cut = 'x'.repeat(40);
    pack.append(['quartz', 'quartzite', 'quart', 'cafe', 'naïve', '数据', cut]);
    pack.append(['quartz', 'squartz'], 1);
    expect(sorted(pack.find('uartz'))).toEqual(sorted(['quartz', 'quartzite', 'squartz', cut]));
    expect(sorted(pack.find('aïv'))).toEqual(sorted(['naïve', cut]));
    expect(sorted(pack.find('据'))).toEqual(sorted(['数据', cut]));
    expect(sorted(pack.find('zzz'))).toEqual([cut]);
    expect(pack.count).toBe(8);
  });

  it('keeps terms whole across pages (over a megabyte of terms)', () => {
    const pack = new TermPack();
    const terms = Array.from({ length: 150_000 }, (_, i) => `term${i.toString(36)}word`);
    pack.append(terms);
    expect(pack.bytes()).toBeGreaterThan(1 << 20);
    // Every term ending "1word": one in 36 of those with at least two base-36 digits, and "1word".
    const want = terms.filter((t) => t.includes('1word'));
    expect(sorted(pack.find('1word'))).toEqual(sorted(want));
    // A piece at the very start and the very end of the pack.
    expect(sorted(pack.find('term0word'))).toEqual(['term0word']);
    expect(sorted(pack.find(terms.at(-1)!))).toEqual([terms.at(-1)!]);
  });
});

describe('SearchIndex.termsContaining', () => {
  const add = (index: SearchIndex, doc: number, text: string) =>
    index.add(doc, { title: '', author: '', text, feedId: 1, pubDate: doc });
  const terms = (index: SearchIndex, piece: string) =>
    sorted(index.termsContaining(piece).map((t) => index.term(t)));

  it('follows terms added after the first call, across merges, and after a load', () => {
    const index = new SearchIndex();
    add(index, 0, 'quartz clock');
    expect(terms(index, 'uart')).toEqual(['quartz']);
    add(index, 1, 'quartzite rock');
    expect(terms(index, 'uart')).toEqual(['quartz', 'quartzite']);
    // A term added after the last call and before a merge, which renumbers every term.
    add(index, 2, 'quarter hour');
    index.merge();
    expect(terms(index, 'uart')).toEqual(['quarter', 'quartz', 'quartzite']);
    // A term whose documents are all gone leaves the dictionary at the merge, and the answers.
    index.remove(1);
    index.merge();
    add(index, 3, 'squartz');
    expect(terms(index, 'uart')).toEqual(['quarter', 'quartz', 'squartz']);
    const loaded = new SearchIndex();
    loaded.load(index.toMain().take(), index.toTail());
    add(loaded, 4, 'quartzy');
    expect(terms(loaded, 'uart')).toEqual(['quarter', 'quartz', 'quartzy', 'squartz']);
    expect(terms(index, 'uart')).toEqual(['quarter', 'quartz', 'squartz']);
    // A load over an index that had packed its own terms.
    const other = new SearchIndex();
    add(other, 0, 'quartzes');
    index.load(other.toMain().take(), other.toTail());
    expect(terms(index, 'uart')).toEqual(['quartzes']);
  });

  it('packs every term at the first call, after merges made without a pack', () => {
    const index = new SearchIndex();
    add(index, 0, 'quartz clock');
    index.merge();
    add(index, 1, 'quartzite');
    expect(terms(index, 'uart')).toEqual(['quartz', 'quartzite']);
  });

  it('counts the pack in its bytes once asked', () => {
    const index = new SearchIndex();
    add(index, 0, 'quartz clock');
    const before = index.bytes();
    index.termsContaining('clo');
    expect(index.bytes()).toBeGreaterThan(before);
  });
});
