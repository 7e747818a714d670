import { Autocomplete, Badge, PasswordInput, Text, TextInput, Textarea } from '@mantine/core';
import type { IntegratedSettings } from '../defaults';
import { updateSettings, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';
import { SettingRow } from './SettingRow';

const set = (patch: Partial<IntegratedSettings>) => updateSettings('integrated', patch);

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'deepseek-chat', 'qwen-plus'];

/** Your own OpenAI-compatible endpoint for summaries. The key stays in this browser. */
export function IntegrationsTab() {
  const s = useSettingsGroup('integrated');
  // Editing the endpoint invalidates an earlier successful test.
  const changeEndpoint = (patch: Partial<IntegratedSettings>) => set({ ...patch, isApiValid: false });
  return (
    <div>
      <Text size="sm" c="dimmed" mb="xs">
        An OpenAI-compatible endpoint used for article summaries. Your key is kept in this browser only.
      </Text>
      <SettingRow label="API URL" stacked>
        <TextInput
          placeholder="https://api.openai.com/v1"
          value={s.apiUrl}
          onChange={(e) => changeEndpoint({ apiUrl: e.currentTarget.value })}
          data-testid="setting-apiUrl"
        />
      </SettingRow>
      <SettingRow label="API key" stacked>
        <PasswordInput
          placeholder="sk-…"
          autoComplete="off"
          value={s.apiKey}
          onChange={(e) => changeEndpoint({ apiKey: e.currentTarget.value })}
          data-testid="setting-apiKey"
        />
      </SettingRow>
      <SettingRow label="Model" stacked>
        <Autocomplete
          data={MODELS}
          value={s.selectedModel}
          onChange={(v) => set({ selectedModel: v })}
          data-testid="setting-selectedModel"
        />
      </SettingRow>
      <SettingRow label="Summary prompt" stacked>
        <Textarea
          autosize
          minRows={2}
          maxRows={6}
          value={s.summaryPrompt}
          onChange={(e) => set({ summaryPrompt: e.currentTarget.value })}
          data-testid="setting-summaryPrompt"
        />
      </SettingRow>
      <SettingRow
        label="Connection"
        description={
          s.lastTestTime
            ? `Last tested ${s.lastTestTime}`
            : 'Testing the connection arrives with AI summaries.'
        }
      >
        <Badge variant="light" color={s.isApiValid ? 'brand' : 'gray'} data-testid="setting-isApiValid">
          {s.isApiValid ? 'Working' : 'Not verified'}
        </Badge>
      </SettingRow>
      <ResetButton group="integrated" />
    </div>
  );
}
