import type { LanguageSetting } from '../settings/defaults';
import type { Language } from './types';

export type { LanguageSetting };

/** Every language with its own name (shown untranslated in the picker, as is customary). */
export const LANGUAGES: readonly { value: Language; name: string }[] = [
  { value: 'en', name: 'English' },
  { value: 'zh-CN', name: '简体中文' },
];

/**
 * The language for a browser's preference list (`navigator.languages`, best first): the first
 * entry that is Chinese written in simplified characters (zh, zh-CN, zh-Hans, zh-SG, zh-Hans-HK…)
 * picks Chinese, the first English entry picks English; traditional Chinese (zh-TW, zh-HK,
 * zh-Hant) is skipped rather than shown simplified. Anything else, or an empty list, is English.
 */
export function detectLanguage(languages: readonly string[]): Language {
  for (const raw of languages) {
    const tag = raw.trim().toLowerCase().replace(/_/g, '-');
    const [lang, ...rest] = tag.split('-');
    if (lang === 'en') return 'en';
    if (lang !== 'zh') continue;
    if (rest.includes('hans')) return 'zh-CN';
    if (rest.includes('hant') || rest.includes('tw') || rest.includes('hk') || rest.includes('mo')) continue;
    return 'zh-CN';
  }
  return 'en';
}

/** The language in effect: the setting when it names one, else the browser's preference. */
export function resolveLanguage(setting: LanguageSetting, languages: readonly string[]): Language {
  return setting === 'auto' ? detectLanguage(languages) : setting;
}
