import { Alert, Loader, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useRef } from 'react';
import type { ItemRow } from '../engine/contract';
import { formatNumber, tRich, useT } from '../i18n';
import { AiNotConfigured } from './AiErrorNotice';
import { useAiEndpoint } from './useAiEndpoint';
import { useListSummary, useListSummaryCounts } from './useListSummaries';

/**
 * A row's short AI summary, in place of its snippet (`className` styles it like the snippet).
 * Shows the snippet while waiting, the summary as plain text (model output never becomes HTML),
 * or a one-line reason when it failed.
 */
export function ListSummary({
  row,
  feedTitle,
  className,
}: {
  row: ItemRow;
  feedTitle: string;
  className?: string;
}) {
  const t = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  const { state } = useListSummary(row, feedTitle, ref);
  const busy = state.status === 'waiting' || state.status === 'streaming' || state.status === 'checking';
  return (
    <p
      ref={ref}
      className={className}
      data-testid="list-summary"
      data-status={state.status}
      data-cached={state.cached || undefined}
    >
      {state.text ? (
        <>
          <IconSparkles size={12} aria-label={t('ai.list.label')} /> {state.text}
        </>
      ) : state.error ? (
        <span title={state.error.hint}>{t('ai.list.failed', { message: state.error.message })}</span>
      ) : (
        <>
          {busy && <Loader size={10} mr={4} />}
          {row.snippet}
        </>
      )}
    </p>
  );
}

/**
 * The bar shown above a list while list summaries are on: the running count of requests, what
 * is running now, and the warning that each visible article costs an API request.
 */
export function ListSummaryBar() {
  const t = useT();
  const { endpoint } = useAiEndpoint();
  const counts = useListSummaryCounts();
  if (endpoint.kind === 'none') return <AiNotConfigured what="listSummaries" />;
  return (
    <Alert variant="light" color="yellow" p={6} data-testid="list-summary-bar">
      <Text size="xs">
        {t('ai.list.barIntro', {
          endpoint: endpoint.kind === 'shared' ? t('ai.list.sharedEndpoint') : endpoint.baseUrl,
          model: endpoint.model,
        })}{' '}
        {tRich('ai.list.barCounts', {
          count: counts.started,
          requests: <b data-testid="list-summary-count">{formatNumber(counts.started)}</b>,
          active: formatNumber(counts.active),
          waiting: formatNumber(counts.waiting),
        })}
      </Text>
    </Alert>
  );
}
