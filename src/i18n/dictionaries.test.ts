import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from './dictionaries';
import { type Language, type Plural, PLURAL, isPlural } from './types';

type Leaf = string | Plural;

/** Every leaf of a dictionary by dotted path; throws on anything that is not an area or a leaf. */
function leaves(node: unknown, prefix = '', out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (typeof node === 'string' || isPlural(node)) {
    out.set(prefix, node);
    return out;
  }
  if (typeof node !== 'object' || node === null) throw new Error(`${prefix}: not text (${String(node)})`);
  for (const [key, child] of Object.entries(node)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

const forms = (leaf: Leaf): string[] =>
  typeof leaf === 'string' ? [leaf] : Object.values(leaf).filter((v): v is string => typeof v === 'string');
const placeholders = (leaf: Leaf): string[] =>
  [...new Set(forms(leaf).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')))].sort();

const LANGS = Object.keys(DICTIONARIES) as Language[];
const english = leaves(DICTIONARIES.en);

describe('dictionaries', () => {
  it('has both languages and a few hundred keys', () => {
    expect(LANGS.sort()).toEqual(['en', 'zh-CN']);
    expect(english.size).toBeGreaterThan(150);
  });

  it.each(LANGS)('%s has exactly the English keys, each of the same kind', (lang) => {
    const mine = leaves(DICTIONARIES[lang]);
    expect([...mine.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, leaf] of mine) expect(`${key}:${typeof leaf}`).toBe(`${key}:${typeof english.get(key)}`);
  });

  it.each(LANGS)('%s has no empty text', (lang) => {
    for (const [key, leaf] of leaves(DICTIONARIES[lang]))
      for (const text of forms(leaf)) expect(text.trim(), key).not.toBe('');
  });

  it.each(LANGS)('%s plural entries have every form the language needs, and only known forms', (lang) => {
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, leaf] of leaves(DICTIONARIES[lang])) {
      if (typeof leaf === 'string') continue;
      expect(leaf[PLURAL], key).toBe(true);
      for (const category of needed) expect(leaf[category], `${key}.${category}`).toBeTruthy();
      for (const category of Object.keys(leaf))
        expect(['zero', 'one', 'two', 'few', 'many', 'other']).toContain(category);
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const lang of LANGS)
      for (const [key, leaf] of leaves(DICTIONARIES[lang]))
        expect(placeholders(leaf), `${lang} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
  });

  it('translates: Chinese text differs from English except for names and symbols', () => {
    // Proper names, URLs and pure symbols may read the same; everything else must be translated.
    const SAME_ALLOWED = new Set(['reader.markdown', 'reader.imageCounter', 'login.greader', 'login.fever']);
    const zh = leaves(DICTIONARIES['zh-CN']);
    for (const [key, leaf] of english) {
      if (SAME_ALLOWED.has(key)) continue;
      expect(forms(zh.get(key) ?? '').join('|'), key).not.toBe(forms(leaf).join('|'));
    }
  });

  it('the walker rejects a malformed dictionary (the checks above are not vacuous)', () => {
    expect(() => leaves({ a: { b: 3 } })).toThrow(/a\.b/);
    expect([...leaves({ a: { b: 'x' } }).keys()]).toEqual(['a.b']);
  });
});
