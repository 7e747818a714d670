import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconSparkles } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { Item } from '../engine/contract';
import { useT } from '../i18n';
import { copyText } from '../reader/clipboard';
import { MarkdownView } from '../reader/MarkdownView';
import { bindKeys, keyHint } from '../keys/keyMap';
import type { ReaderMenuAction } from '../reader/readerActions';
import { useShortcuts } from '../reader/shortcuts';
import { SUMMARY_BUDGET } from './prompts';
import { useSummaryPrompt } from './summaryPrompt';
import { AiOffBox, StreamedBox } from './StreamedBox';
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
  const summaryPrompt = useSummaryPrompt();
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
    hint: keyHint('reader', 'aiSummary'),
    disabled: busy,
    onSelect: start,
    testId: 'reader-summary',
  };

  const visible = state.status !== 'idle' && state.status !== 'checking' && hiddenFor !== item.id;
  if (visible && state.error?.kind === 'not_configured')
    return { action, box: <AiOffBox testId="ai-summary" status={state.status} what="summary" /> };
  const box = visible && (
    <StreamedBox
      testId="ai-summary"
      status={state.status}
      cached={state.cached}
      busy={busy}
      heading={
        <>
          <IconSparkles size={12} /> {t('ai.summary.title')}
          {state.cached && ` · ${t('ai.summary.savedTag')}`}
          {state.status === 'stopped' && ` · ${t('ai.summary.stoppedTag')}`}
        </>
      }
      stop={{ label: t('ai.summary.stop'), onClick: stop, testId: 'ai-summary-stop' }}
      again={{
        label: t('ai.summary.regenerateLabel'),
        tooltip: t('ai.summary.regenerate'),
        onClick: generate,
        testId: 'ai-summary-regenerate',
      }}
      after={
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
      }
      hide={{
        label: t('ai.summary.hide'),
        onClick: () => {
          stop();
          setHiddenFor(item.id);
        },
        testId: 'ai-summary-hide',
      }}
      error={state.error}
      onRetry={generate}
    >
      {state.status === 'waiting' && (
        <Group gap="xs" mt={4} data-testid="ai-summary-waiting">
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
    </StreamedBox>
  );
  return { action, box };
}
