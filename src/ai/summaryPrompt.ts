import { useT } from '../i18n';
import { useSettingsGroup } from '../settings/useSettings';

/**
 * What the summary prompt setting held by default before the prompt followed the interface
 * language (a Chinese prompt, whatever the reader's language). A stored copy of it is read as
 * "not set": a reader who never changed it gets the built-in prompt of their own language.
 */
export const LEGACY_SUMMARY_PROMPT = '请用简洁的语言总结这篇文章的主要内容，突出核心观点和关键信息。';

/** The setting as the settings tab shows it: the legacy default shows as empty (unset). */
export function shownSummaryPrompt(setting: string): string {
  return setting.trim() === LEGACY_SUMMARY_PROMPT ? '' : setting;
}

/** The reader's own summary prompt, '' when they have none (blank, or the legacy default). */
export function ownSummaryPrompt(setting: string): string {
  return shownSummaryPrompt(setting).trim();
}

/**
 * The prompt summaries are asked with (the reader's and the rules' summaries alike): the
 * reader's own, else the built-in one in the interface language.
 */
export function useSummaryPrompt(): string {
  const t = useT();
  const { summaryPrompt } = useSettingsGroup('integrated');
  return ownSummaryPrompt(summaryPrompt) || t('ai.summary.defaultPrompt');
}
