import type { Language } from '../i18n';
import { TRANSLATE_TARGETS } from '../settings/defaults';

/** A language to translate into: its tag and the name the model is told. */
export interface Target {
  tag: string;
  /** English name, for the prompt (models follow English instructions best). */
  english: string;
}

/** The tag to translate into: the setting, or the UI language for 'ui' (and anything unknown). */
export function targetTag(setting: string, ui: Language): string {
  return (TRANSLATE_TARGETS as readonly string[]).includes(setting) ? setting : ui;
}

const SCRIPT_NAMES: Record<string, string> = {
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
};

/** The name of `tag` in `display` (e.g. 'de' in zh-CN → 德语); the tag itself where Intl has no name. */
export function languageName(tag: string, display: string): string {
  if (display === 'en' && SCRIPT_NAMES[tag]) return SCRIPT_NAMES[tag];
  try {
    return new Intl.DisplayNames([display], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The target for a tag, with the English name the prompt uses. */
export function targetOf(tag: string): Target {
  return { tag, english: languageName(tag, 'en') };
}
