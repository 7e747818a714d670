import { useEffect } from 'react';
import { useAiEndpoint } from '../ai/useAiEndpoint';
import { useSummaryPrompt } from '../ai/summaryPrompt';
import { useLanguage } from '../i18n';
import { useSettingsGroup } from '../settings/useSettings';
import { targetOf, targetTag } from '../translate/languages';
import { withRules } from './client';
import type { RuleAiConfig } from './types';

/**
 * Hands the engine what the summarise and translate rule actions need — the AI endpoint as the
 * reader resolves it, the reader's summary prompt and translation language — whenever one of them
 * changes (the engine stores them, so rules keep acting after a restart of the worker with no
 * page open on them). Mount once. Renders nothing.
 */
export function RuleAiSettings() {
  const { endpoint, pending } = useAiEndpoint();
  const { translateTo } = useSettingsGroup('integrated');
  const summaryPrompt = useSummaryPrompt();
  const ui = useLanguage();
  const config: RuleAiConfig = { endpoint, summaryPrompt, language: targetOf(targetTag(translateTo, ui)) };
  const key = JSON.stringify(config);
  useEffect(() => {
    // While the server's AI status is still being asked for, "none" is not an answer yet.
    if (pending) return;
    withRules((rules) => rules.configureAi(JSON.parse(key) as RuleAiConfig)).catch((err: unknown) =>
      console.warn('Rivulet: could not pass the AI settings to rules', err),
    );
  }, [key, pending]);
  return null;
}
