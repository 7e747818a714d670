import { ActionIcon, Button, Group, Loader, Paper, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconPlayerStop, IconRefresh, IconSparkles, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { Item } from '../engine/contract';
import { useT } from '../i18n';
import { copyText } from '../reader/clipboard';
import { MarkdownView } from '../reader/MarkdownView';
import { bindKeys } from '../keys/keyMap';
import type { ReaderMenuAction } from '../reader/readerActions';
import { useShortcuts } from '../reader/shortcuts';
import { useSettingsGroup } from '../settings/useSettings';
import { AiErrorNotice, AiNotConfigured } from './AiErrorNotice';
import { SUMMARY_BUDGET } from './prompts';
import { useAiEndpoint } from './useAiEndpoint';
import { type SummaryState, useSummary } from './useSummary';

/** The reader's summary: an entry of the reader's More menu and the box shown above the article. */
export interface ArticleSummaryParts {
  action: ReaderMenuAction;
  box: ReactNode;
}

const BUSY = new Set<SummaryState['status']>(['waiting', 'streaming']);

/**
 * The article summary of the reader: `g` or the button streams a summary (cached summaries show
 * at once on opening), Stop / Regenerate / Copy in the box, errors inline. Leaving the article
 * (unmount or another item) cancels the request.
 */
export function useArticleSummary(
  item: Item,
  feedTitle: string,
  shortcutsEnabled: boolean,
): ArticleSummaryParts {
  const t = useT();
  const { endpoint } = useAiEndpoint();
  const { summaryPrompt } = useSettingsGroup('integrated');
  const { state, generate, stop } = useSummary({
    item,
    feedTitle,
    endpoint,
    prompt: summaryPrompt,
    budget: SUMMARY_BUDGET,
  });
  const [hiddenFor, setHiddenFor] = useState<number | null>(null);
  const [copied, setCopied] = useState(false);
  const busy = BUSY.has(state.status);
  const start = () => {
    setHiddenFor(null);
    if (!busy) generate();
  };
  useShortcuts(bindKeys('reader', { aiSummary: start }), { enabled: shortcutsEnabled });

  const action: ReaderMenuAction = {
    id: 'summary',
    label: t('ai.summary.button'),
    icon: <IconSparkles size={15} />,
    hint: 'G',
    disabled: busy,
    onSelect: start,
    testId: 'reader-summary',
  };

  const visible = state.status !== 'idle' && state.status !== 'checking' && hiddenFor !== item.id;
  // AI switched off is not a failure: one line and the way to the settings, no summary frame.
  if (visible && state.error?.kind === 'not_configured')
    return {
      action,
      box: (
        <div className="rv-ai-off" data-testid="ai-summary" data-status={state.status}>
          <AiNotConfigured what="summary" />
        </div>
      ),
    };
  const box = visible && (
    <Paper
      withBorder
      radius="md"
      p="sm"
      mb="md"
      data-testid="ai-summary"
      data-status={state.status}
      data-cached={state.cached || undefined}
      aria-busy={busy}
    >
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed">
          <IconSparkles size={12} /> {t('ai.summary.title')}
          {state.cached && ` · ${t('ai.summary.savedTag')}`}
          {state.status === 'stopped' && ` · ${t('ai.summary.stoppedTag')}`}
        </Text>
        <Group gap={4} wrap="nowrap">
          {busy ? (
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconPlayerStop size={12} />}
              onClick={stop}
              data-testid="ai-summary-stop"
            >
              {t('ai.summary.stop')}
            </Button>
          ) : (
            <Tooltip label={t('ai.summary.regenerate')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={t('ai.summary.regenerateLabel')}
                onClick={generate}
                data-testid="ai-summary-regenerate"
              >
                <IconRefresh size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={copied ? t('common.copied') : t('ai.summary.copy')}>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t('ai.summary.copy')}
              disabled={!state.text}
              onClick={() =>
                void copyText(state.text).then((ok) => {
                  setCopied(ok);
                  setTimeout(() => setCopied(false), 1500);
                })
              }
              data-testid="ai-summary-copy"
            >
              <IconCopy size={14} />
            </ActionIcon>
          </Tooltip>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('ai.summary.hide')}
            onClick={() => {
              stop();
              setHiddenFor(item.id);
            }}
            data-testid="ai-summary-hide"
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      </Group>
      {state.status === 'waiting' && (
        <Group gap="xs" data-testid="ai-summary-waiting">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('ai.summary.working')}
          </Text>
        </Group>
      )}
      {state.text && (
        <div data-testid="ai-summary-text">
          <MarkdownView markdown={state.text} silent />
        </div>
      )}
      {state.error && <AiErrorNotice error={state.error} onRetry={generate} />}
    </Paper>
  );
  return { action, box };
}
