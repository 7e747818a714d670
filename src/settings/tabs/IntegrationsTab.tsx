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
import { aiStatusQuery } from '../../ai/useAiEndpoint';
import type { IntegratedSettings } from '../defaults';
import { updateSettings, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';
import { SettingRow } from './SettingRow';

const set = (patch: Partial<IntegratedSettings>) => updateSettings('integrated', patch);

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'deepseek-chat', 'qwen-plus'];

/** The shared endpoint's state, shown when no personal endpoint is set. */
function SharedStatusLine({ personal }: { personal: boolean }) {
  const status = useQuery(aiStatusQuery());
  if (personal || status.isPending) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="ai-shared-status">
      {status.data?.configured
        ? `No personal key: AI uses this Rivulet server's shared endpoint (${status.data.model ?? 'deepseek-chat'}).`
        : 'No personal key, and this Rivulet server has no shared AI endpoint: AI features are off until you add one.'}
    </Text>
  );
}

/**
 * Your own OpenAI-compatible endpoint (the key stays in this browser), or the server's shared
 * one. "Test connection" lists the endpoint's models, fills the model picker and marks it valid.
 */
export function IntegrationsTab() {
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
      const lastTestTime = new Date().toLocaleString();
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
        An OpenAI-compatible endpoint for summaries, the feed assistant and plain-language filters. Your key
        is kept in this browser only and sent only to this endpoint.
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
      <SharedStatusLine personal={personal} />
      <SettingRow label="Model" stacked>
        <Autocomplete
          data={models.length > 0 ? models : MODELS}
          value={s.selectedModel}
          onChange={(v) => set({ selectedModel: v })}
          data-testid="setting-selectedModel"
        />
      </SettingRow>
      <SettingRow
        label="Call through the Rivulet server"
        description="For endpoints that do not allow calls from web pages (CORS). Your key then passes through the Rivulet server, which does not keep it."
      >
        <Switch
          checked={s.useRelay}
          onChange={(e) => changeEndpoint({ useRelay: e.currentTarget.checked })}
          data-testid="setting-useRelay"
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
        description={s.lastTestTime ? `Last tested ${s.lastTestTime}` : 'Not tested yet.'}
      >
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={s.isApiValid ? 'brand' : 'gray'} data-testid="setting-isApiValid">
            {s.isApiValid ? 'Working' : 'Not verified'}
          </Badge>
          <Button
            size="xs"
            variant="default"
            onClick={() => void test()}
            loading={testing}
            disabled={!baseUrl}
            data-testid="ai-test-connection"
          >
            Test connection
          </Button>
        </Group>
      </SettingRow>
      {models.length > 0 && !error && (
        <Text size="xs" c="dimmed" data-testid="ai-test-models">
          {models.length} model{models.length === 1 ? '' : 's'} available; pick one above.
        </Text>
      )}
      {error && <AiErrorNotice error={error} />}
      <ResetButton group="integrated" />
    </div>
  );
}
