/**
 * The language an article's own words are in, for `lang` and `dir` on its title, snippet and
 * body: its own (stored only where it differs from its feed's), else its feed's, else '' —
 * unknown, which still keeps the UI's language (inherited from <html>) off the article's text,
 * so a Chinese UI does not set English in a CJK font with full-width punctuation.
 */
import { useCallback, useMemo } from 'react';
import type { Feed, ItemRow } from '../engine/contract';
import { textDirection } from '../../shared/language';

/** An article's language from its own and its feed's (see the module comment). */
export type LanguageOf = (article: Pick<ItemRow, 'feedId' | 'language'>) => string;

/** A {@link LanguageOf} over the feeds the page holds (the feeds query). */
export function useLanguageOf(feeds: readonly Feed[] | undefined): LanguageOf {
  const byFeed = useMemo(
    () => new Map((feeds ?? []).flatMap((f) => (f.language ? [[f.id, f.language] as const] : []))),
    [feeds],
  );
  return useCallback((article) => article.language || byFeed.get(article.feedId) || '', [byFeed]);
}

/**
 * `lang` and `dir` for text in `language` ('' unknown): `dir` is 'rtl' for a right-to-left
 * language, else 'auto' (the text's first strong character decides, as before languages were
 * known, which also keeps an Arabic article of a feed that declares English right to left).
 */
export function textAttrs(language: string): { lang: string; dir: 'rtl' | 'auto' } {
  return { lang: language, dir: textDirection(language) };
}
