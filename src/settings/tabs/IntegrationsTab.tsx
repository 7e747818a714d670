import {
  Autocomplete,
  Badge,
  Button,
  Group,
  PasswordInput,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AiErrorNotice } from '../../ai/AiErrorNotice';
import { resolveEndpoint } from '../../ai/endpoint';
import type { AiError } from '../../ai/errors';
import { testConnection } from '../../ai/testConnection';
import { shownSummaryPrompt } from '../../ai/summaryPrompt';
import { aiStatusQuery } from '../../ai/useAiEndpoint';
import { formatDate, useT } from '../../i18n';
import { SendToSection } from '../../sendTo/SendToSection';
import { TargetSelect } from '../../translate/TargetSelect';
import type { IntegratedSettings } from '../defaults';
import { updateSettings, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';
import { SettingRow } from './SettingRow';

const set = (patch: Partial<IntegratedSettings>) => updateSettings('integrated', patch);

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'deepseek-chat', 'qwen-plus'];

/** The shared endpoint's state, shown when no personal endpoint is set. */
function SharedStatusLine({ personal }: { personal: boolean }) {
  const t = useT();
  const status = useQuery(aiStatusQuery());
  if (personal || status.isPending) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="ai-shared-status">
      {status.data?.configured
        ? t('settings.integrations.sharedOn', { model: status.data.model ?? 'deepseek-chat' })
        : t('settings.integrations.sharedOff')}
    </Text>
  );
}

/**
 * Your own OpenAI-compatible endpoint (the key stays in this browser), or the server's shared
 * one. "Test connection" lists the endpoint's models, fills the model picker and marks it valid.
 */
export function IntegrationsTab() {
  const t = useT();
  const s = useSettingsGroup('integrated');
  const [testing, setTesting] = useState(false);
  const [models, setModels] = useState<string[]>([]);
  const [error, setError] = useState<AiError | null>(null);
  // Editing the endpoint invalidates an earlier successful test.
  const changeEndpoint = (patch: Partial<IntegratedSettings>) => {
    setError(null);
    set({ ...patch, isApiValid: false });
  };
  const personal = resolveEndpoint(s, null).kind === 'personal';
  const baseUrl = s.apiUrl.trim().replace(/\/+$/, '');

  const test = async () => {
    setTesting(true);
    setError(null);
    try {
      const endpoint = {
        kind: 'personal' as const,
        baseUrl,
        apiKey: s.apiKey.trim(),
        model: s.selectedModel,
        relay: s.useRelay,
      };
      const result = await testConnection(endpoint);
      // Stored as shown (a display string, kept for compatibility with old data).
      const lastTestTime = formatDate(new Date());
      if (result.ok) {
        setModels(result.models);
        const keep = result.models.length === 0 || result.models.includes(s.selectedModel);
        set({ isApiValid: true, lastTestTime, ...(keep ? {} : { selectedModel: result.models[0] }) });
      } else {
        setError(result.error);
        set({ isApiValid: false, lastTestTime });
      }
    } finally {
      setTesting(false);
    }
  };

  return (
    <div>
      <Text size="sm" c="dimmed" mb="xs">
        {t('settings.integrations.intro')}
      </Text>
      <SettingRow label={t('settings.integrations.apiUrl')} stacked>
        {(field) => (
          <TextInput
            {...field}
            placeholder="https://api.openai.com/v1"
            value={s.apiUrl}
            onChange={(e) => changeEndpoint({ apiUrl: e.currentTarget.value })}
            data-testid="setting-apiUrl"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.integrations.apiKey')} stacked>
        {(field) => (
          <PasswordInput
            {...field}
            placeholder="sk-…"
            autoComplete="off"
            value={s.apiKey}
            onChange={(e) => changeEndpoint({ apiKey: e.currentTarget.value })}
            data-testid="setting-apiKey"
          />
        )}
      </SettingRow>
      <SharedStatusLine personal={personal} />
      <SettingRow label={t('settings.integrations.model')} stacked>
        {(field) => (
          <Autocomplete
            {...field}
            data={models.length > 0 ? models : MODELS}
            value={s.selectedModel}
            onChange={(v) => set({ selectedModel: v })}
            data-testid="setting-selectedModel"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.integrations.relay')} description={t('settings.integrations.relayDesc')}>
        {(field) => (
          <Switch
            {...field}
            checked={s.useRelay}
            onChange={(e) => changeEndpoint({ useRelay: e.currentTarget.checked })}
            data-testid="setting-useRelay"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.integrations.prompt')}
        description={t('settings.integrations.promptDesc')}
        stacked
      >
        {(field) => (
          <Textarea
            {...field}
            autosize
            minRows={2}
            maxRows={6}
            // The legacy default shows as empty, with the built-in prompt it now stands for.
            value={shownSummaryPrompt(s.summaryPrompt)}
            placeholder={t('ai.summary.defaultPrompt')}
            onChange={(e) => set({ summaryPrompt: e.currentTarget.value })}
            data-testid="setting-summaryPrompt"
          />
        )}
      </SettingRow>
      <SettingRow label={t('ai.translate.language')}>
        <TargetSelect testId="setting-translateTo" />
      </SettingRow>
      <SettingRow
        label={t('settings.integrations.connection')}
        description={
          s.lastTestTime
            ? t('settings.integrations.lastTested', { time: s.lastTestTime })
            : t('settings.integrations.notTested')
        }
      >
        {(field) => (
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" color={s.isApiValid ? 'brand' : 'gray'} data-testid="setting-isApiValid">
              {s.isApiValid ? t('settings.integrations.working') : t('settings.integrations.notVerified')}
            </Badge>
            {/* Named by its own words; "Last tested …" describes it. */}
            <Button
              size="xs"
              variant="default"
              onClick={() => void test()}
              loading={testing}
              disabled={!baseUrl}
              aria-describedby={field['aria-describedby']}
              data-testid="ai-test-connection"
            >
              {t('settings.integrations.test')}
            </Button>
          </Group>
        )}
      </SettingRow>
      {models.length > 0 && !error && (
        <Text size="xs" c="dimmed" data-testid="ai-test-models">
          {t('settings.integrations.modelsFound', { count: models.length })}
        </Text>
      )}
      {error && <AiErrorNotice error={error} />}
      <SettingRow
        label={t('settings.integrations.aiOffNote')}
        description={t('settings.integrations.aiOffNoteDesc')}
      >
        {(field) => (
          <Switch
            {...field}
            checked={s.aiOffNote}
            onChange={(e) => set({ aiOffNote: e.currentTarget.checked })}
            data-testid="setting-aiOffNote"
          />
        )}
      </SettingRow>
      <ResetButton group="integrated" />
      <SendToSection />
    </div>
  );
}
