/**
 * Rivulet's two languages. In a component:
 *
 *   const t = useT();                       // re-renders when the language changes
 *   <Button>{t('common.retry')}</Button>    // keys are checked: t('nav.al') does not compile
 *   t('login.feeds', { count: 3 })          // plural keys require a count
 *
 * Outside React (event handlers, notifications, confirm dialogs) use `t` directly: it reads the
 * language in effect at the call. See README.md in this folder.
 */
import { useSyncExternalStore } from 'react';
import { DICTIONARIES } from './dictionaries';
import { type Instant, formatDateIn, formatDurationIn, formatNumberIn, formatRelativeIn } from './format';
import { getLanguage, subscribeLanguage } from './language';
import { translate } from './translate';
import type { Translate } from './keys';
import type { Language } from './types';

export { LANGUAGES, type LanguageSetting, detectLanguage, resolveLanguage } from './detect';
export { getLanguage, subscribeLanguage } from './language';
export { tRich } from './rich';
export type { Instant } from './format';
export type { Language, Params } from './types';

export type { TArgs, TKey, TPluralKey, Translate } from './keys';

export { DICTIONARIES } from './dictionaries';

function translatorFor(lang: Language): Translate {
  const dicts = { primary: DICTIONARIES[lang], fallback: DICTIONARIES.en };
  return (key, ...args) => translate(dicts, lang, key, args[0]);
}

// One function per language, so a component's `t` changes identity exactly when the language does.
const TRANSLATORS: Record<Language, Translate> = { en: translatorFor('en'), 'zh-CN': translatorFor('zh-CN') };

/** `t` for a given language (tests, previews); most code wants `useT()` or `t`. */
export function translatorOf(lang: Language): Translate {
  return TRANSLATORS[lang];
}

/**
 * Translates `key` in the language in effect now, filling `{name}` placeholders from `params`.
 * Never throws: a key missing in Chinese falls back to English, then to the key itself.
 * In a component, prefer `useT()` so the text changes when the language does.
 */
export const t: Translate = (key, ...args) => TRANSLATORS[getLanguage()](key, ...args);

/** The language in effect; the component re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage);
}

/** The translate function of the language in effect; the component re-renders on change. */
export function useT(): Translate {
  return TRANSLATORS[useLanguage()];
}

/** Formats a date (default: medium date, short time) in the language in effect. */
export function formatDate(at: Instant, options?: Intl.DateTimeFormatOptions): string {
  return formatDateIn(getLanguage(), at, options);
}

/** Formats a number with the grouping of the language in effect. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return formatNumberIn(getLanguage(), value, options);
}

/** "3 hours ago" / "3小时前": how far `at` is from `now` (ms or Date), in the language in effect. */
export function formatRelative(at: Instant, now?: Instant): string {
  return formatRelativeIn(getLanguage(), at, now);
}

/** A duration in seconds as "1:02:05" ('clock') or "1 hr 2 min" / "1小时2分钟" ('units'). */
export function formatDuration(seconds: number, style?: 'clock' | 'units'): string {
  return formatDurationIn(getLanguage(), seconds, style);
}

/** Everything a component needs, bound to the language in effect; re-renders on change. */
export function useI18n() {
  const lang = useLanguage();
  return {
    lang,
    t: TRANSLATORS[lang],
    formatDate: (at: Instant, options?: Intl.DateTimeFormatOptions) => formatDateIn(lang, at, options),
    formatNumber: (value: number, options?: Intl.NumberFormatOptions) => formatNumberIn(lang, value, options),
    formatRelative: (at: Instant, now?: Instant) => formatRelativeIn(lang, at, now),
    formatDuration: (seconds: number, style?: 'clock' | 'units') => formatDurationIn(lang, seconds, style),
  };
}
