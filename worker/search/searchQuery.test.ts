import { describe, expect, it } from 'vitest';
import { hasPhrase, parseSearch, titleHoldsAll, titleTerms } from './searchQuery';

describe('parseSearch', () => {
  it('makes only the last word, while typed, a prefix', () => {
    expect(parseSearch('rust comp').words).toEqual([
      { terms: ['rust'], prefix: false },
      { terms: ['comp'], prefix: true },
    ]);
    expect(parseSearch('rust comp ').words.every((w) => !w.prefix)).toBe(true);
    expect(parseSearch('rust comp').phrases).toEqual([]);
  });

  it('reads quoted phrases: their words select, the phrase is checked', () => {
    const p = parseSearch('"Exact  Phrase!" rust');
    expect(p.phrases).toEqual([{ text: 'exact phrase', open: false }]);
    expect(p.words).toEqual([
      { terms: ['rust'], prefix: true },
      { terms: ['exact'], prefix: false },
      { terms: ['phrase'], prefix: false },
    ]);
    // Ending with a closed phrase: nothing is a prefix.
    expect(parseSearch('rust "the end"').words).toEqual([
      { terms: ['rust'], prefix: false },
      { terms: ['end'], prefix: false },
    ]);
  });

  it('treats an open quote as a phrase being typed (its last word a prefix)', () => {
    const p = parseSearch('"incremental comp');
    expect(p.phrases).toEqual([{ text: 'incremental comp', open: true }]);
    expect(p.words.at(-1)).toEqual({ terms: ['comp'], prefix: true });
    expect(parseSearch('""').phrases).toEqual([]);
  });
});

describe('hasPhrase', () => {
  const closed = (text: string) => ({ text, open: false });
  it('matches whole words in order, ignoring case, accents and punctuation', () => {
    expect(hasPhrase('The Rust compiler, faster.', closed('rust compiler'))).toBe(true);
    expect(hasPhrase('Compiler for Rust', closed('rust compiler'))).toBe(false);
    expect(hasPhrase('Un café crème', closed('cafe creme'))).toBe(true);
    expect(hasPhrase('rusty compilers', closed('rust compiler'))).toBe(false);
    expect(hasPhrase('rusty compilers', { text: 'rusty comp', open: true })).toBe(true);
  });

  it('finds CJK phrases inside unspaced text', () => {
    expect(hasPhrase('我们的城市公园今年开了很多花', closed('城市公园'))).toBe(true);
    expect(hasPhrase('城市的公园', closed('城市公园'))).toBe(false);
  });
});

describe('titleHoldsAll', () => {
  it('needs every word in the title, the typed one as a prefix', () => {
    const terms = titleTerms(parseSearch('rust comp').words);
    expect(titleHoldsAll('Rust compiler gets faster', terms)).toBe(true);
    expect(titleHoldsAll('Rust gets faster', terms)).toBe(false);
    expect(titleHoldsAll('Trusty compiler', terms)).toBe(false);
    expect(titleHoldsAll('', terms)).toBe(false);
    expect(titleHoldsAll('Ça compile en Rust', titleTerms(parseSearch('ca rust ').words))).toBe(true);
  });
});

describe('parseSearch quotes', () => {
  it('accepts typographic and full-width quotes', () => {
    expect(parseSearch('“城市公园”').phrases).toEqual([{ text: '城市公园', open: false }]);
    expect(parseSearch('＂rust compiler＂').phrases).toEqual([{ text: 'rust compiler', open: false }]);
  });
});

describe('titleHoldsAll word boundaries', () => {
  it('needs whole words (word starts for the typed word), CJK pairs anywhere', () => {
    const exact = titleTerms(parseSearch('art ').words);
    expect(titleHoldsAll('Modern art today', exact)).toBe(true);
    expect(titleHoldsAll('Start smart', exact)).toBe(false);
    expect(titleHoldsAll('art-deco', exact)).toBe(true);
    expect(titleHoldsAll('Smart, then art', exact)).toBe(true);
    expect(titleHoldsAll('Artistry', titleTerms(parseSearch('art').words))).toBe(true);
    expect(titleHoldsAll('Über Kunst', titleTerms(parseSearch('uber ').words))).toBe(true);
    expect(titleHoldsAll('Ballüber', titleTerms(parseSearch('uber ').words))).toBe(false);
    expect(titleHoldsAll('中文搜索引擎', titleTerms(parseSearch('搜索').words))).toBe(true);
  });
});
