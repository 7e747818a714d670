import { en } from './en';
import type { Dictionary } from './translate';
import type { Language } from './types';
import { zhCN } from './zh-CN';

/** The dictionaries by language (English is also every other language's fallback). */
export const DICTIONARIES: Record<Language, Dictionary> = { en, 'zh-CN': zhCN };
