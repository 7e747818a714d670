import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feed } from '../engine/contract';
import { NEVER_FETCHED } from '../../shared/neverFetched';
import { textAttrs, useLanguageOf } from './articleLanguage';

const feed = (id: number, language?: string): Feed => ({
  id,
  title: `Feed ${id}`,
  groupId: -1,
  siteUrl: '',
  url: `https://feed.example/${id}`,
  readCount: 0,
  ...NEVER_FETCHED,
  ...(language ? { language } : {}),
});

describe('useLanguageOf', () => {
  it('an article’s own language, else its feed’s, else none', () => {
    const { result } = renderHook(() => useLanguageOf([feed(1, 'zh-CN'), feed(2)]));
    const languageOf = result.current;
    expect(languageOf({ feedId: 1 })).toBe('zh-CN');
    expect(languageOf({ feedId: 1, language: 'en' })).toBe('en');
    expect(languageOf({ feedId: 2 })).toBe('');
    expect(languageOf({ feedId: 2, language: 'ar' })).toBe('ar');
    // A feed the page does not know (yet): unknown.
    expect(languageOf({ feedId: 9 })).toBe('');
  });

  it('follows the feeds as they change (a refresh that took a new language)', () => {
    const { result, rerender } = renderHook(({ feeds }) => useLanguageOf(feeds), {
      initialProps: { feeds: [feed(1)] as Feed[] | undefined },
    });
    expect(result.current({ feedId: 1 })).toBe('');
    rerender({ feeds: [feed(1, 'fr')] });
    expect(result.current({ feedId: 1 })).toBe('fr');
    rerender({ feeds: undefined });
    expect(result.current({ feedId: 1 })).toBe('');
  });
});

describe('textAttrs', () => {
  it('lang as given; dir rtl for a right-to-left language, else auto', () => {
    expect(textAttrs('')).toEqual({ lang: '', dir: 'auto' });
    expect(textAttrs('ja')).toEqual({ lang: 'ja', dir: 'auto' });
    expect(textAttrs('ar-EG')).toEqual({ lang: 'ar-EG', dir: 'rtl' });
  });
});
