import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tRich, translatorOf } from './index';
import { interpolateParts, lookup, template, translate } from './translate';
import { plural } from './types';

const en = {
  hello: 'Hello {name}',
  area: { deep: { leaf: 'Leaf' } },
  feeds: plural({ one: '{count} feed', other: '{count} feeds' }),
  onlyEn: 'English only',
};
const zh = {
  hello: '你好，{name}',
  area: { deep: { leaf: '叶' } },
  feeds: plural({ other: '{count} 个订阅源' }),
};
const dicts = { primary: zh, fallback: en };

describe('interpolation', () => {
  it('fills placeholders, repeated ones too', () => {
    expect(interpolateParts('{a} and {a}, {b}', { a: 'x', b: 'y' }, 'en').join('')).toBe('x and x, y');
  });

  it('formats numbers for the language and leaves strings alone', () => {
    expect(interpolateParts('{n}', { n: 12345 }, 'en').join('')).toBe('12,345');
    expect(interpolateParts('{n}', { n: 12345.5 }, 'zh-CN').join('')).toBe('12,345.5');
    expect(interpolateParts('{n}', { n: '12345' }, 'en').join('')).toBe('12345');
  });

  it('keeps a placeholder without a value visible, and ignores braces that are not placeholders', () => {
    expect(interpolateParts('Hi {name}, {x y}', {}, 'en').join('')).toBe('Hi {name}, {x y}');
    expect(interpolateParts('Hi {name}', undefined, 'en').join('')).toBe('Hi {name}');
    // A key inherited from Object.prototype is not a value.
    expect(interpolateParts('{toString}', {}, 'en').join('')).toBe('{toString}');
  });

  it('passes non-string values through as parts (for React nodes)', () => {
    const node = { kind: 'node' };
    expect(interpolateParts('a {x} b', { x: node }, 'en')).toEqual(['a ', node, ' b']);
  });
});

describe('lookup and template', () => {
  it('walks dotted paths; areas, plurals and missing steps are not text', () => {
    expect(lookup(en, 'area.deep.leaf')).toBe('Leaf');
    expect(lookup(en, 'area.nope.leaf')).toBeUndefined();
    expect(lookup(en, 'feeds.other')).toBeUndefined();
    expect(template(dicts, 'zh-CN', 'area.deep')).toBe('area.deep');
  });

  it('falls back to English, then to the key', () => {
    expect(translate(dicts, 'zh-CN', 'onlyEn')).toBe('English only');
    expect(translate(dicts, 'zh-CN', 'no.such.key')).toBe('no.such.key');
  });

  it('chooses plural forms with Intl.PluralRules', () => {
    const enOnly = { primary: en, fallback: en };
    expect(translate(enOnly, 'en', 'feeds', { count: 1 })).toBe('1 feed');
    expect(translate(enOnly, 'en', 'feeds', { count: 0 })).toBe('0 feeds');
    expect(translate(enOnly, 'en', 'feeds', { count: 2 })).toBe('2 feeds');
    expect(translate(enOnly, 'en', 'feeds', { count: 1500 })).toBe('1,500 feeds');
    expect(translate(dicts, 'zh-CN', 'feeds', { count: 1 })).toBe('1 个订阅源');
    expect(translate(dicts, 'zh-CN', 'feeds', { count: 7 })).toBe('7 个订阅源');
  });

  it('uses the other form when count is missing or not a number', () => {
    const enOnly = { primary: en, fallback: en };
    expect(translate(enOnly, 'en', 'feeds')).toBe('{count} feeds');
    expect(translate(enOnly, 'en', 'feeds', { count: '1' })).toBe('1 feeds');
  });
});

describe('the app dictionaries', () => {
  it('translate real keys in both languages', () => {
    expect(translatorOf('en')('nav.all')).toBe('All articles');
    expect(translatorOf('zh-CN')('nav.all')).toBe('全部文章');
    expect(translatorOf('en')('login.feeds', { count: 1 })).toBe('1 feed');
    expect(translatorOf('en')('login.feeds', { count: 3 })).toBe('3 feeds');
    expect(translatorOf('zh-CN')('login.feeds', { count: 3 })).toBe('3 个订阅源');
    expect(translatorOf('en')('nav.collapseGroup', { name: 'News' })).toBe('Collapse News');
  });

  it('tRich puts React nodes into a sentence', () => {
    const { container } = render(
      <p>{tRich('login.connectedTo', { url: <b>https://x.example</b>, user: <i>ann</i> })}</p>,
    );
    expect(container.innerHTML).toBe(
      '<p>Connected to <b>https://x.example</b> as <i>ann</i>. The import brings:</p>',
    );
  });
});
